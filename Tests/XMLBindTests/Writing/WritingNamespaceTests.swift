import Foundation
import Testing

@testable import XMLBind

@Suite("Writing: namespaces, prefixes and declarations")
struct WritingNamespaceTests {
    final class Configuration: Bindable, NamespaceAware {
        var namespace: String?
        var schema: String?
        var defines: [Define] = []
        init() {}
    }
    final class Define: Bindable {
        var key: String?
        var value: String?
        init() {}
    }

    static let cfg = "http://example.com/configuration"
    static let xsi = "http://www.w3.org/2001/XMLSchema-instance"
    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    static func configuration(namespace: String? = nil) -> Configuration {
        let configuration = Configuration()
        configuration.namespace = namespace
        for key in ["a", "b"] {
            let define = Define()
            define.key = key
            configuration.defines.append(define)
        }
        return configuration
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let binder: XMLBinder
        var options = WritingNamespaceTests.compact
        var namespace: String? = nil
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "prefix:local with the binder's prefix map",
            binder: XMLBinder(prefixes: ["configuration": cfg]).registeredAtSetup(
                mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
                mapping(Define.self, element: "configuration:define").attribute(\.key)),
            expected: #"<configuration:configuration xmlns:configuration="\#(cfg)">"#
                + #"<configuration:define key="a"/><configuration:define key="b"/></configuration:configuration>"#),
        Case(
            testDescription: "a preferred prefix replaces the registered one",
            binder: XMLBinder(prefixes: ["configuration": cfg]).registeredAtSetup(
                mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
                mapping(Define.self, element: "configuration:define").attribute(\.key)),
            options: WritingOptions(layout: .compact, includesDeclaration: false, preferredPrefixes: [cfg: "c"]),
            expected: #"<c:configuration xmlns:c="\#(cfg)"><c:define key="a"/><c:define key="b"/></c:configuration>"#),
        Case(
            testDescription: "a registered URI without a prefix is the default namespace",
            binder: XMLBinder().registeredAtSetup(
                mapping(Configuration.self, element: "configuration", namespace: cfg).children(\.defines),
                mapping(Define.self, element: "{\(cfg)}define").attribute(\.key)),
            expected: #"<configuration xmlns="\#(cfg)"><define key="a"/><define key="b"/></configuration>"#),
        Case(
            testDescription: "a preferred empty prefix makes a prefixed registration the default namespace",
            binder: XMLBinder(prefixes: ["configuration": cfg]).registeredAtSetup(
                mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
                mapping(Define.self, element: "define").attribute(\.key)),
            options: WritingOptions(layout: .compact, includesDeclaration: false, preferredPrefixes: [cfg: ""]),
            expected: #"<configuration xmlns="\#(cfg)"><define key="a"/><define key="b"/></configuration>"#),
        Case(
            testDescription: "an element in no namespace keeps the default namespace free",
            binder: XMLBinder().registeredAtSetup(
                mapping(Configuration.self, element: "configuration", namespace: "").children(\.defines),
                mapping(Define.self, element: "{\(cfg)}define").attribute(\.key)),
            expected: #"<configuration xmlns:ns1="\#(cfg)"><ns1:define key="a"/><ns1:define key="b"/></configuration>"#),
        Case(
            testDescription: "a NamespaceAware object's own namespace, for an unprefixed registration",
            binder: XMLBinder().registeredAtSetup(
                mapping(Configuration.self, element: "configuration").children(\.defines),
                mapping(Define.self, element: "define").attribute(\.key)),
            namespace: cfg,
            expected: #"<configuration xmlns="\#(cfg)"><define key="a"/><define key="b"/></configuration>"#),
        Case(
            testDescription: "a prefixed attribute declares its namespace on the root",
            binder: XMLBinder(prefixes: ["xsi": xsi]).registeredAtSetup(
                mapping(Configuration.self, element: "configuration").attribute(\.schema, xml: "xsi:schemaLocation")
                    .children(\.defines),
                mapping(Define.self, element: "define").attribute(\.key).attribute(\.value, xml: "xsi:type")),
            expected: #"<configuration xmlns:xsi="\#(xsi)" xsi:schemaLocation="s"><define key="a" xsi:type="v"/>"#
                + #"<define key="b"/></configuration>"#),
        Case(
            testDescription: "a preferred prefix that is taken gives way to the registration's",
            binder: XMLBinder(prefixes: ["c": cfg]).registeredAtSetup(
                mapping(Configuration.self, element: "c:configuration").children(\.defines),
                mapping(Define.self, element: "{urn:other}define").attribute(\.key)),
            options: WritingOptions(
                layout: .compact, includesDeclaration: false, preferredPrefixes: ["urn:other": "c"]),
            expected: #"<c:configuration xmlns:c="\#(cfg)" xmlns="urn:other"><define key="a"/>"#
                + #"<define key="b"/></c:configuration>"#),
        Case(
            testDescription: "an unbound prefix gets a stand-in URI",
            binder: XMLBinder().registeredAtSetup(
                mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
                mapping(Define.self, element: "configuration:define").attribute(\.key)),
            expected: #"<configuration:configuration xmlns:configuration="urn:xmlbind:prefix:configuration">"#
                + #"<configuration:define key="a"/><configuration:define key="b"/></configuration:configuration>"#),
        Case(
            testDescription: "an unbound prefix takes the URI the preferred prefixes give it",
            binder: XMLBinder().registeredAtSetup(
                mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
                mapping(Define.self, element: "configuration:define").attribute(\.key)),
            options: WritingOptions(
                layout: .compact, includesDeclaration: false, preferredPrefixes: [cfg: "configuration"]),
            expected: #"<configuration:configuration xmlns:configuration="\#(cfg)">"#
                + #"<configuration:define key="a"/><configuration:define key="b"/></configuration:configuration>"#),
    ]

    @Test(arguments: cases)
    func namespacesAreDeclaredOnceOnTheRoot(_ test: Case) throws {
        let configuration = Self.configuration(namespace: test.namespace)
        configuration.schema = "s"
        configuration.defines[0].value = "v"
        let text = try test.binder.xml(from: configuration, options: test.options)
        #expect(text == test.expected)
        // Whatever the prefixes, the same binder reads it back into the same graph.
        let back = try test.binder.parse(text, as: Configuration.self)
        #expect(back.defines.map(\.key) == ["a", "b"])
    }

    @Test func aNamespacedDocumentRoundTrips() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
            mapping(Define.self, element: "configuration:define").property(\.key).property(\.value, xml: "val"))
        let document = """
            <c:configuration xmlns:c="\(Self.cfg)" xmlns:configuration="\(Self.cfg)">
              <define xmlns="\(Self.cfg)" key="a"><val>1</val></define>
              <configuration:define key="b" val="2"/>
            </c:configuration>
            """
        let first = try binder.parse(document, as: Configuration.self)
        let written = try binder.xml(from: first)
        #expect(
            written == """
                <?xml version="1.0" encoding="UTF-8"?>
                <configuration:configuration xmlns:configuration="\(Self.cfg)">
                    <configuration:define key="a" val="1"/>
                    <configuration:define key="b" val="2"/>
                </configuration:configuration>

                """)
        let second = try binder.parse(written, as: Configuration.self)
        #expect(second.namespace == first.namespace)
        #expect(second.defines.map { [$0.key, $0.value] } == first.defines.map { [$0.key, $0.value] })
        #expect(try binder.xml(from: second) == written)
    }

    @Test func theXMLPrefixIsNeverDeclared() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Define.self, element: "define").attribute(\.value, xml: "xml:lang"))
        let define = Define()
        define.value = "en"
        #expect(try binder.xml(from: define, options: Self.compact) == #"<define xml:lang="en"/>"#)
    }

    @Test func aSchemaLocationPropertyIsWrittenWithTheXSIPrefix() throws {
        // A generated model keeps the document's `xsi:schemaLocation` in a property mapped by
        // its namespace alone: written, it takes the prefix every reader expects.
        let binder = XMLBinder().registeredAtSetup(
            mapping(Configuration.self, element: "configuration")
                .attribute(\.schema, xml: "{\(Self.xsi)}schemaLocation").children(\.defines),
            mapping(Define.self, element: "define").attribute(\.key))
        let document =
            #"<configuration xmlns:s="\#(Self.xsi)" s:schemaLocation="urn:c c.xsd"><define key="a"/></configuration>"#
        let configuration = try binder.parse(document, as: Configuration.self)
        #expect(configuration.schema == "urn:c c.xsd")
        #expect(
            try binder.xml(from: configuration, options: Self.compact)
                == #"<configuration xmlns:xsi="\#(Self.xsi)" xsi:schemaLocation="urn:c c.xsd"><define key="a"/></configuration>"#
        )
    }
}
