import Foundation
import Testing

@testable import XMLBind

@Suite("AttributeContainer, NamespaceAware and Ancestor")
struct ProtocolTests {
    final class Bean: Bindable, XMLAttributeContainer {
        var id: String?
        var extra: [String] = []
        init() {}
        func addAttribute(_ name: String, value: String) { extra.append("\(name)=\(value)") }
    }

    struct PlainBean: Bindable {
        var id: String?
        init() {}
    }

    static let xsi = "http://www.w3.org/2001/XMLSchema-instance"

    static let containerXML = """
        <bean xmlns="urn:beans" xmlns:xsi="\(xsi)" init-method="start"
              id="db" xsi:schemaLocation="urn:beans beans.xsd" z="&lt;1&gt;" a="&#x41;&#66;" xml:lang="en"/>
        """

    @Test func containerGetsUnmappedAttributesInOrderWithQualifiedNames() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Bean.self, element: "bean").property(\.id))
        let bean = try binder.parse(Self.containerXML, as: Bean.self)
        #expect(bean.id == "db")
        #expect(
            bean.extra == [
                "init-method=start", "xsi:schemaLocation=urn:beans beans.xsd", "z=<1>", "a=AB", "xml:lang=en",
            ])
    }

    @Test func containerGetsAttributesInLenientModeToo() throws {
        let binder = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Bean.self, element: "bean"))
        let bean = try binder.parse("<bean id='x' b='y'/>", as: Bean.self)
        #expect(bean.id == nil)
        #expect(bean.extra == ["id=x", "b=y"])
    }

    struct StructContainer: Bindable, XMLAttributeContainer {
        var seen: [String: String] = [:]
        init() {}
        mutating func addAttribute(_ name: String, value: String) { seen[name] = value }
    }

    @Test func structContainer() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(StructContainer.self, element: "s"))
        let value = try binder.parse("<s p:a='1' b='2' xmlns:p='urn:p'/>", as: StructContainer.self)
        #expect(value.seen == ["p:a": "1", "b": "2"])
    }

    @Test func withoutAContainerStrictModeRejectsUnmappedAttributes() {
        let binder = XMLBinder().registeredAtSetup(mapping(PlainBean.self, element: "bean").property(\.id))
        let error = bindError { _ = try binder.parse(Self.containerXML, as: PlainBean.self) }
        #expect(error?.code == .unknownAttribute)
        #expect(error?.message == "unknown attribute 'init-method' on <bean>")
    }

    @Test func withoutAContainerLenientModeIgnoresUnmappedAttributes() throws {
        let binder = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(PlainBean.self, element: "bean").property(\.id))
        let bean = try binder.parse(Self.containerXML, as: PlainBean.self)
        #expect(bean.id == "db")
    }

    @Test func namespaceDeclarationsAreNotAttributes() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(PlainBean.self, element: "bean"))
        let bean = try binder.parse("<bean xmlns='urn:a' xmlns:b='urn:b'/>", as: PlainBean.self)
        #expect(bean.id == nil)
    }

    final class Config: Bindable, NamespaceAware {
        var namespace: String? = "unset"
        var entries: [Entry] = []
        init() {}
    }
    struct Entry: Bindable, NamespaceAware {
        var namespace: String? = "unset"
        var key = ""
        init() {}
    }

    static let namespaces = XMLBinder().registeredAtSetup(
        mapping(Config.self, element: "config").children(\.entries),
        mapping(Entry.self, element: "entry").property(\.key)
    )

    struct NamespaceCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        let config: String?
        let entries: [String?]
    }

    static let namespaceCases: [NamespaceCase] = [
        NamespaceCase(
            testDescription: "no namespace", document: "<config><entry key='a'/></config>", config: nil,
            entries: [nil]),
        NamespaceCase(
            testDescription: "default namespace, inherited",
            document: "<config xmlns='urn:c'><entry key='a'/></config>", config: "urn:c", entries: ["urn:c"]),
        NamespaceCase(
            testDescription: "prefixes, and a default namespace undone",
            document:
                "<c:config xmlns:c='urn:c' xmlns:e='urn:c'><e:entry key='a'/><entry xmlns='' key='b'/></c:config>",
            config: "urn:c", entries: ["urn:c", nil]),
        NamespaceCase(
            testDescription: "a nested default namespace",
            document: "<config xmlns='urn:c'><entry xmlns='urn:c' key='a'/><x:entry xmlns:x='urn:c' key='b'/></config>",
            config: "urn:c", entries: ["urn:c", "urn:c"]),
    ]

    @Test(arguments: namespaceCases)
    func namespaceAwareGetsTheElementsURI(_ test: NamespaceCase) throws {
        let config = try Self.namespaces.parse(test.document, as: Config.self)
        #expect(config.namespace == test.config)
        #expect(config.entries.map(\.namespace) == test.entries)
    }

    // All four protocols on one struct.
    struct Everything: Bindable, OriginAware, XMLAttributeContainer, NamespaceAware, Ancestor {
        var origin: Origin?
        var namespace: String?
        var attributes: [String] = []
        var children: [String] = []
        init() {}
        mutating func addAttribute(_ name: String, value: String) { attributes.append(name) }
        mutating func addChild(_ child: Any) {
            if let child = child as? Everything { children.append(child.attributes.joined()) }
        }
    }

    @Test func allFourProtocolsOnAStruct() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Everything.self, element: "x"))
        let root = try binder.parse(
            "<x xmlns='urn:x' a='1'>\n  <x b='2'/>\n  <x c='3'><x/></x>\n</x>", as: Everything.self, file: "e.xml")
        #expect(root.origin == Origin(file: "e.xml", line: 1, column: 1))
        #expect(root.namespace == "urn:x")
        #expect(root.attributes == ["a"])
        #expect(root.children == ["b", "c"])
    }
}
