import Foundation
import Testing
@testable import XMLBind

final class SBean: Bindable, OriginAware, XMLAttributeContainer {
    var id: String?
    var clazz: String?
    var timeout: Int = 0
    var origin: Origin?
    var extra: [String: String] = [:]
    var props: [SProp] = []
    init() {}
    func addAttribute(_ name: String, value: String) { extra[name] = value }
}
struct SProp: Bindable {
    var name: String?
    var value: String?
    var text: String?
}
struct SBeans: Bindable, NamespaceAware {
    var namespace: String?
    var beans: [SBean] = []
}

@Test func smoke() throws {
    let binder = XMLBinder().register(
        mapping(SBeans.self, element: "beans").children(\.beans),
        mapping(SBean.self, element: "bean").property(\.id).property(\.clazz, xml: "class").property(\.timeout).children(\.props),
        mapping(SProp.self, element: "property").attribute(\.name).attribute(\.value).text(\.text, conversion: .trimmed)
    )
    let xml = """
    <beans xmlns="urn:b">
      <bean id="a" class="X" init-method="go">
        <timeout>42</timeout>
        <property name="p">  hello &amp; bye </property>
      </bean>
    </beans>
    """
    let beans = try binder.parse(xml, as: SBeans.self, file: "t.xml")
    print(beans.namespace as Any, beans.beans.count, beans.beans[0].id as Any, beans.beans[0].timeout, beans.beans[0].origin as Any, beans.beans[0].extra, beans.beans[0].props)
    do {
        _ = try binder.parse(xml.replacingOccurrences(of: ">42<", with: ">fast<"), as: SBeans.self, file: "t.xml")
    } catch {
        print(error)
    }
    do {
        _ = try XMLBinder().register(mapping(SBean.self, element: "bean").property(\.timeout)).parse("<bean id='x'\n   timeout='99999999999999999999'/>", as: SBean.self, file: "u.xml")
    } catch {
        print(error)
    }
    do {
        _ = try binder.parse("<beans>\n  <bean>\n</beans>", as: SBeans.self)
    } catch {
        print(error)
    }
}
