import Foundation
import Synchronization
import Testing

@testable import XMLBind

/// What a callback policy receives beyond names (an element's attributes, an attribute's
/// value, the namespace scope), and qualified-name values resolved where they are written.
@Suite("Unknown content with attributes and scope; qualified names")
struct UnknownContentScopeTests {
    final class Server: Bindable {
        var host: String?
        init() {}
    }

    final class Fault: Bindable {
        var code = XMLQualifiedName(namespace: nil, localName: "")
        var kind: XMLQualifiedName?
        init() {}
    }

    final class Wrap: Bindable {
        var fault: Fault?
        init() {}
    }

    /// Collects what a callback policy hands over.
    final class Seen: Sendable {
        private let items = Mutex<[UnknownContent]>([])
        func add(_ item: UnknownContent) { items.withLock { $0.append(item) } }
        var all: [UnknownContent] { items.withLock { $0 } }
    }

    @Test func callbackReceivesAttributesValueAndScope() throws {
        let seen = Seen()
        let binder = try XMLBinder(options: ParseOptions(unknownContent: .callback { seen.add($0) }))
            .register(mapping(Server.self, element: "server").attribute(\.host))
        let document = """
            <server xmlns="urn:d" xmlns:x="urn:x" host="h" x:flag="on &amp; off">
              <x:extra xmlns:y="urn:y" y:must="1" plain="p"><inner/></x:extra>
              <other xmlns=""/>
            </server>
            """
        _ = try binder.parse(document, as: Server.self)
        let items = seen.all
        #expect(items.map(\.name) == ["x:flag", "x:extra", "other"])
        #expect(items[0].value == "on & off")
        #expect(items[0].attributes.isEmpty)
        #expect(items[0].scope?.bindings == ["": "urn:d", "x": "urn:x", "xml": XMLNamespaceScope.xmlNamespace])
        #expect(
            items[1].attributes == [
                XMLAttribute(name: "y:must", namespace: "urn:y", value: "1"),
                XMLAttribute(name: "plain", value: "p"),
            ])
        #expect(items[1].value == nil)
        #expect(items[1].scope?.namespace(forPrefix: "y") == "urn:y")
        #expect(
            items[1].scope?.resolve("x:Client")
                == XMLQualifiedName(namespace: "urn:x", localName: "Client", prefix: "x"))
        // The element's own declarations end with it; `xmlns=""` undeclares the default.
        #expect(items[2].scope?.namespace(forPrefix: "y") == nil)
        #expect(items[2].scope?.namespace(forPrefix: nil) == nil)
        #expect(items[2].scope?.namespace(forPrefix: "x") == "urn:x")
    }

    @Test func qualifiedNamesResolveInTheScopeOfTheirElement() throws {
        let binder = try XMLBinder().register(
            mapping(Fault.self, element: "fault").element(\.code).attribute(\.kind))
        let fault = try binder.parse(
            """
            <fault xmlns:s="urn:outer" xmlns="urn:default" kind="Plain">
              <code xmlns:s="urn:inner"> s:Client.Auth </code>
            </fault>
            """, as: Fault.self)
        #expect(fault.code == XMLQualifiedName(namespace: "urn:inner", localName: "Client.Auth", prefix: "s"))
        #expect(fault.kind == XMLQualifiedName(namespace: "urn:default", localName: "Plain"))
        let unbound = try binder.parse("<fault kind='q:x'><code>c</code></fault>", as: Fault.self)
        #expect(unbound.kind == XMLQualifiedName(namespace: nil, localName: "x", prefix: "q"))
        #expect(unbound.code == XMLQualifiedName(namespace: nil, localName: "c"))
        #expect(try binder.xml(from: fault).contains("<code>s:Client.Auth</code>"))
    }

    @Test("A qualified name is written with a prefix the written document declares for its namespace")
    func qualifiedNamesDeclareTheirNamespaces() throws {
        let binder = try XMLBinder().register(
            mapping(Fault.self, element: "f:fault", namespace: "urn:f").element(\.code).attribute(\.kind),
            mapping(Wrap.self, element: "wrap").child(\.fault))
        // `s` is declared on an ancestor the object is written without.
        let wrap = try binder.parse(
            #"<wrap xmlns:s="urn:inner"><f:fault xmlns:f="urn:f" kind="s:Kind"><code>s:Client</code></f:fault></wrap>"#,
            as: Wrap.self)
        let fault = try #require(wrap.fault)
        let written = try binder.xml(from: fault)
        #expect(written.contains(#"xmlns:s="urn:inner""#), "\(written)")
        #expect(written.contains(#"kind="s:Kind""#) && written.contains("<f:code>s:Client</f:code>"), "\(written)")
        let back = try binder.parse(written, as: Fault.self)
        #expect(back.code == fault.code && back.kind == fault.kind)

        // A value whose prefix the document gives another namespace gets a prefix of its own.
        let clash = Fault()
        clash.code = XMLQualifiedName(namespace: "urn:other", localName: "Server", prefix: "f")
        let clashing = try binder.xml(from: clash)
        #expect(
            clashing.contains(#"xmlns:ns1="urn:other""#) && clashing.contains("<f:code>ns1:Server</f:code>"),
            "\(clashing)")
        #expect(try binder.parse(clashing, as: Fault.self).code == clash.code.withPrefix("ns1"))

        // An unprefixed name in no namespace: the document then has no default namespace,
        // which would take the name in.
        let plain = Fault()
        plain.kind = XMLQualifiedName(namespace: nil, localName: "Plain")
        let attributeOnly = try XMLBinder().register(
            mapping(Fault.self, element: "fault", namespace: "urn:f").attribute(\.kind))
        let unprefixed = try attributeOnly.xml(from: plain)
        #expect(!unprefixed.contains(#"xmlns="urn:f""#) && unprefixed.contains(#"kind="Plain""#), "\(unprefixed)")
        #expect(try attributeOnly.parse(unprefixed, as: Fault.self).kind == plain.kind)
    }

    final class Rule: Bindable {
        var matches: [XMLQualifiedName] = []
        var also: [XMLQualifiedName]?
        init() {}
    }

    @Test("A list of qualified names resolves each item, and writes each with a declared prefix")
    func qualifiedNameLists() throws {
        let binder = try XMLBinder().register(
            mapping(Rule.self, element: "rule").element(\.matches).attribute(\.also))
        let rule = try binder.parse(
            #"<rule xmlns:a="urn:a" also="a:X  Y"><matches xmlns:b="urn:b">"#
                + "\n a:One b:Two\tThree </matches></rule>",
            as: Rule.self)
        #expect(
            rule.matches == [
                XMLQualifiedName(namespace: "urn:a", localName: "One", prefix: "a"),
                XMLQualifiedName(namespace: "urn:b", localName: "Two", prefix: "b"),
                XMLQualifiedName(namespace: nil, localName: "Three"),
            ])
        #expect(rule.also?.map(\.description) == ["{urn:a}X", "Y"])
        // Written alone, every namespace the items need is declared, and they read back the same.
        let written = try binder.xml(from: rule)
        for declaration in [#"xmlns:a="urn:a""#, #"xmlns:b="urn:b""#] {
            #expect(written.contains(declaration), "\(written)")
        }
        #expect(written.contains(">a:One b:Two Three<") && written.contains(#"also="a:X Y""#), "\(written)")
        let back = try binder.parse(written, as: Rule.self)
        #expect(back.matches == rule.matches && back.also == rule.also)
    }

    @Test func qualifiedNameText() {
        #expect(XMLQualifiedName("{urn:a}p:n") == XMLQualifiedName(namespace: "urn:a", localName: "n", prefix: "p"))
        #expect(XMLQualifiedName(" local\n").qualifiedName == "local")
        #expect(XMLQualifiedName(namespace: "urn:a", localName: "n").description == "{urn:a}n")
    }
}

extension XMLQualifiedName {
    /// The same name with the prefix a written document gave it.
    fileprivate func withPrefix(_ prefix: String) -> XMLQualifiedName {
        XMLQualifiedName(namespace: namespace, localName: localName, prefix: prefix)
    }
}
