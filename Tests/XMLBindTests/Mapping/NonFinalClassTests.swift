import Foundation
import Testing
import XMLBind

/// Classes that are not `final`: their stored properties are reached through accessors,
/// so the registry learns their names by other means than the key path's.
@Suite("Non-final classes and computed properties")
struct NonFinalClassTests {
    class Bean: Bindable, OriginAware {
        var id: String?
        var clazz: String?
        var scope: String?
        var timeout = 0
        var retries = 0
        var lazy = false
        var origin: Origin?
        var children: [Bean] = []
        var parent: Bean?
        required init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Bean.self, element: "bean")
            .property(\.id)
            .property(\.clazz, xml: "class")
            .property(\.scope)
            .property(\.timeout)
            .property(\.retries)
            .property(\.lazy)
            .children(\.children))

    @Test func propertiesOfTheSameTypeKeepTheirOwnNames() throws {
        let bean = try Self.binder.parse(
            #"<bean id="a" class="C" scope="s" timeout="5" retries="7" lazy="true"><bean id="b"/></bean>"#,
            as: Bean.self, file: "n.xml")
        #expect(bean.id == "a")
        #expect(bean.clazz == "C")
        #expect(bean.scope == "s")
        #expect(bean.timeout == 5)
        #expect(bean.retries == 7)
        #expect(bean.lazy)
        #expect(bean.children.map(\.id) == ["b"])
        #expect(bean.origin == Origin(file: "n.xml", line: 1, column: 1))
    }

    @Test func messagesNameTheProperties() {
        #expect {
            _ = try Self.binder.parse(#"<bean retries="many" scpe="x"/>"#, as: Bean.self)
        } throws: { error in
            (error as? XMLBindError)?.diagnostics.map(\.message) == [
                "cannot convert \"many\" to Int for property 'retries' of <bean>: not an integer",
                "unknown attribute 'scpe' on <bean>; did you mean 'scope'?",
            ]
        }
    }

    @Test func writingUsesTheSameNames() throws {
        let bean = Bean()
        bean.id = "x"
        bean.timeout = 3
        let xml = try Self.binder.xml(from: bean, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(xml == #"<bean id="x" timeout="3" retries="0" lazy="false"/>"#)
    }

    struct Temperature: Bindable {
        var kelvin = 0.0
        var celsius: Double {
            get { kelvin - 273.15 }
            set { kelvin = newValue + 273.15 }
        }
    }

    @Test func aComputedPropertyWithAnXMLName() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Temperature.self, element: "t").attribute(\.celsius, xml: "c"))
        let reading = try binder.parse(#"<t c="20"/>"#, as: Temperature.self)
        #expect(abs(reading.kelvin - 293.15) < 1e-9)
    }
}
