import Foundation
import Testing

@testable import XMLBind

@Suite("Namespaces: matching on URI and local name")
struct NamespaceTests {
    final class Configuration: Bindable, NamespaceAware {
        var namespace: String?
        var defines: [Define] = []
        init() {}
    }
    final class Define: Bindable, NamespaceAware {
        var namespace: String?
        var key: String?
        var value: String?
        init() {}
    }

    static let cfg = "http://example.com/configuration"

    /// Registered with the seed's `prefix:local` form; no prefix map.
    static let prefixed = XMLBinder().registeredAtSetup(
        mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
        mapping(Define.self, element: "configuration:define").property(\.key).property(\.value, xml: "val")
    )

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        /// The keys of the defines that bound.
        let keys: [String]
    }

    static let prefixCases: [Case] = [
        Case(
            testDescription: "the registered prefix",
            document: """
                <configuration:configuration xmlns:configuration="\(cfg)">
                  <configuration:define key="a" val="1"/>
                </configuration:configuration>
                """, keys: ["a"]),
        Case(
            testDescription: "another prefix for the same URI",
            document: """
                <configuration:configuration xmlns:configuration="\(cfg)" xmlns:c="\(cfg)">
                  <c:define key="a"/>
                  <configuration:define key="b"/>
                </configuration:configuration>
                """, keys: ["a", "b"]),
        Case(
            testDescription: "the default namespace",
            document: """
                <configuration:configuration xmlns:configuration="\(cfg)">
                  <define xmlns="\(cfg)" key="a"/>
                  <x:define xmlns:x="\(cfg)" key="b"/>
                </configuration:configuration>
                """, keys: ["a", "b"]),
    ]

    @Test(arguments: prefixCases)
    func prefixedRegistrationsMatchByURI(_ test: Case) throws {
        let configuration = try Self.prefixed.parse(test.document, as: Configuration.self)
        #expect(configuration.namespace == Self.cfg)
        #expect(configuration.defines.map(\.key) == test.keys.map(Optional.some))
        #expect(configuration.defines.allSatisfy { $0.namespace == Self.cfg })
    }

    @Test func aPrefixedRegistrationDoesNotMatchAnotherNamespace() {
        let error = bindError {
            _ = try Self.prefixed.parse(
                """
                <configuration:configuration xmlns:configuration="\(Self.cfg)">
                  <o:define xmlns:o="urn:other" key="a"/>
                </configuration:configuration>
                """, as: Configuration.self)
        }
        #expect(error?.code == .unknownElement)
        #expect(error?.message == "unknown element <o:define> inside <configuration:configuration>")
        #expect(error?.origin == Origin(line: 2, column: 3))
    }

    @Test func theBindersPrefixMapResolvesPrefixes() throws {
        let binder = XMLBinder(prefixes: ["configuration": Self.cfg]).registeredAtSetup(
            mapping(Configuration.self, element: "configuration:configuration").children(\.defines),
            mapping(Define.self, element: "configuration:define").property(\.key))
        // The document never writes the registered prefix.
        let configuration = try binder.parse(
            "<configuration xmlns='\(Self.cfg)'><define key='a'/><d:define xmlns:d='\(Self.cfg)' key='b'/></configuration>",
            as: Configuration.self)
        #expect(configuration.defines.compactMap(\.key) == ["a", "b"])
        // The map wins over the document's own binding of the prefix.
        let error = bindError {
            _ = try binder.parse(
                "<configuration:configuration xmlns:configuration='urn:other'/>", as: Configuration.self)
        }
        #expect(error?.message == "unknown element <configuration:configuration> as the root element")
    }

    @Test func namespaceArgumentAndClarkNotation() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Configuration.self, element: "configuration", namespace: Self.cfg).children(\.defines),
            mapping(Define.self, element: "{\(Self.cfg)}define").property(\.key))
        let configuration = try binder.parse(
            "<c:configuration xmlns:c='\(Self.cfg)'><define xmlns='\(Self.cfg)' key='a'/><c:define key='b'/></c:configuration>",
            as: Configuration.self)
        #expect(configuration.defines.compactMap(\.key) == ["a", "b"])
        let wrong = bindError { _ = try binder.parse("<configuration/>", as: Configuration.self) }
        #expect(wrong?.message == "unknown element <configuration> as the root element")
        let other = bindError {
            _ = try binder.parse(
                "<configuration xmlns='\(Self.cfg)'><define xmlns='urn:x'/></configuration>", as: Configuration.self)
        }
        #expect(other?.message == "unknown element <define> inside <configuration>")
    }

    @Test func anEmptyNamespaceMatchesOnlyElementsInNoNamespace() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Define.self, element: "define", namespace: ""))
        #expect(try binder.parse("<define/>", as: Define.self).namespace == nil)
        #expect(try binder.parse("<define xmlns:a='urn:a'/>", as: Define.self).namespace == nil)
        let error = bindError { _ = try binder.parse("<define xmlns='urn:a'/>", as: Define.self) }
        #expect(error?.code == .unknownElement)
        let clark = XMLBinder().registeredAtSetup(mapping(Define.self, element: "{}define"))
        #expect(try clark.parse("<define/>", as: Define.self).namespace == nil)
        #expect(
            bindError { _ = try clark.parse("<d:define xmlns:d='urn:d'/>", as: Define.self) }?.code == .unknownElement)
    }

    @Test func unprefixedRegistrationsMatchNoNamespaceOrTheirParents() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Configuration.self, element: "configuration").children(\.defines),
            mapping(Define.self, element: "define").property(\.key))
        for document in [
            "<configuration><define key='a'/></configuration>",
            "<configuration xmlns='urn:1'><define key='a'/></configuration>",
            "<p:configuration xmlns:p='urn:1' xmlns:q='urn:1'><q:define><p:key>a</p:key></q:define></p:configuration>",
            "<p:configuration xmlns:p='urn:1'><define><key>a</key></define></p:configuration>",
            "<configuration xmlns='urn:1'><define xmlns=''><key>a</key></define></configuration>",
        ] {
            let configuration = try binder.parse(document, as: Configuration.self)
            #expect(configuration.defines.map(\.key) == ["a"], "\(document)")
        }
        // As the root, an unprefixed registration matches in any namespace; as a child,
        // not in a namespace other than its parent's.
        #expect(try binder.parse("<define xmlns='urn:9' key='r'/>", as: Define.self).key == "r")
        for document in [
            "<configuration xmlns='urn:1'><define xmlns='urn:2' key='a'/></configuration>",
            "<p:configuration xmlns:p='urn:1' xmlns:q='urn:2'><q:define key='a'/></p:configuration>",
        ] {
            #expect(bindError { _ = try binder.parse(document, as: Configuration.self) }?.code == .unknownElement)
        }
    }

    @Test func anExactRegistrationWinsOverAnUnprefixedOne() throws {
        struct Any1: Bindable { init() {} }
        struct Exact: Bindable { init() {} }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Any1.self, element: "item"),
            mapping(Exact.self, element: "item", namespace: "urn:exact"))
        #expect(try binder.parse("<item xmlns='urn:exact'/>", as: Any?.self) is Exact)
        #expect(try binder.parse("<item xmlns='urn:other'/>", as: Any?.self) is Any1)
        #expect(try binder.parse("<item/>", as: Any?.self) is Any1)
    }

    @Test func prefixedPropertiesAndAttributes() throws {
        struct Typed: Bindable {
            var type: String?
            var nilled: Bool = false
            var plain: String?
            init() {}
        }
        let xsi = "http://www.w3.org/2001/XMLSchema-instance"
        let binder = XMLBinder(prefixes: ["xsi": xsi]).registeredAtSetup(
            mapping(Typed.self, element: "typed")
                .attribute(\.type, xml: "xsi:type").attribute(\.nilled, xml: "xsi:nil").attribute(\.plain, xml: "type"))
        // With the prefix resolved by the map, any prefix for the URI matches.
        let typed = try binder.parse(
            "<typed xmlns:i='\(xsi)' i:type='xs:string' i:nil='true' type='plain'/>", as: Typed.self)
        #expect(typed.type == "xs:string")
        #expect(typed.nilled)
        #expect(typed.plain == "plain")
        // An unprefixed attribute registration matches only attributes in no namespace.
        let error = bindError { _ = try binder.parse("<typed xmlns:o='urn:o' o:type='x'/>", as: Typed.self) }
        #expect(error?.message == "unknown attribute 'o:type' on <typed>; did you mean 'type'?")
    }
}
