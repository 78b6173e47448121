import Foundation
import Testing

@testable import XMLBind

@Suite("Writing: AttributeContainer and ChildrenProvider")
struct WritingProtocolTests {
    final class Bean: Bindable, XMLAttributeContainer {
        var id: String?
        var others: [(name: String, value: String)] = []
        init() {}
        func addAttribute(_ name: String, value: String) { others.append((name, value)) }
        var attributesToWrite: [(name: String, value: String)] { others }
    }

    /// Keeps extra attributes but does not give them back: none are written.
    final class Forgetful: Bindable, XMLAttributeContainer {
        var id: String?
        init() {}
        func addAttribute(_ name: String, value: String) {}
    }

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    @Test func extraAttributesAreWrittenBackAfterTheDeclaredOnes() throws {
        let binder = XMLBinder(prefixes: ["xsi": "http://www.w3.org/2001/XMLSchema-instance"])
            .registeredAtSetup(mapping(Bean.self, element: "bean").property(\.id))
        let bean = try binder.parse(
            #"<bean init-method="start" id="db" z="&lt;1&gt; &quot;q&quot;" xml:lang="en" "#
                + #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Pool"/>"#, as: Bean.self)
        let text = try binder.xml(from: bean, options: Self.compact)
        #expect(
            text == #"<bean xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="db" init-method="start" "#
                + #"z="&lt;1&gt; &quot;q&quot;" xml:lang="en" xsi:type="Pool"/>"#)
        let again = try binder.parse(text, as: Bean.self)
        #expect(again.others.map { "\($0.name)=\($0.value)" } == bean.others.map { "\($0.name)=\($0.value)" })
    }

    @Test func aContainerWithoutTheReadSideWritesNoExtras() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Forgetful.self, element: "bean").property(\.id))
        let bean = try binder.parse(#"<bean id="a" b="c"/>"#, as: Forgetful.self)
        #expect(try binder.xml(from: bean, options: Self.compact) == #"<bean id="a"/>"#)
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let name: String
        let message: String
    }

    static let badCases: [BadCase] = [
        BadCase(
            testDescription: "not a name", name: "two words",
            message: "cannot write attribute 'two words' of <bean>: it is not an XML name"),
        BadCase(
            testDescription: "a namespace declaration", name: "xmlns:p",
            message: "cannot write attribute 'xmlns:p' of <bean>: namespace declarations are written by the writer"),
        BadCase(
            testDescription: "a declared attribute again", name: "id",
            message: "cannot write attribute 'id' of <bean>: the element already has an attribute of that name"),
        BadCase(
            testDescription: "two colons", name: "a:b:c",
            message: "cannot write attribute 'a:b:c' of <bean>: it is not an XML name"),
    ]

    @Test(arguments: badCases)
    func extraAttributesThatCannotBeWritten(_ test: BadCase) {
        let binder = XMLBinder().registeredAtSetup(mapping(Bean.self, element: "bean").property(\.id))
        let bean = Bean()
        bean.id = "x"
        bean.others = [(test.name, "v")]
        let error = bindError { _ = try binder.xml(from: bean) }
        #expect(error?.code == .invalidAttribute)
        #expect(error?.message == test.message)
    }

    final class Configuration: Bindable, Ancestor, ChildrenProvider {
        var imports: [Import] = []
        var defines: [Define] = []
        var title: String?
        init() {}
        func addChild(_ child: Any) {
            if let define = child as? Define { defines.append(define) }
            if let imported = child as? Import { imports.append(imported) }
        }
        var childrenToWrite: [Any] { imports + defines }
    }
    struct Define: Bindable {
        var key: String?
        init() {}
    }
    struct Import: Bindable {
        var file: String?
        init() {}
    }

    @Test func aChildrenProviderGivesChildrenAfterTheKeyPathContent() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Configuration.self, element: "configuration").element(\.title),
            mapping(Define.self, element: "define").attribute(\.key),
            mapping(Import.self, element: "import").attribute(\.file))
        let configuration = try binder.parse(
            "<configuration><define key='a'/><title>T</title><import file='x.xml'/><define key='b'/></configuration>",
            as: Configuration.self)
        #expect(
            try binder.xml(from: configuration, options: Self.compact)
                == #"<configuration><title>T</title><import file="x.xml"/><define key="a"/><define key="b"/></configuration>"#
        )
    }
}
