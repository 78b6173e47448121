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

    @Test func qualifiedNameText() {
        #expect(XMLQualifiedName("{urn:a}p:n") == XMLQualifiedName(namespace: "urn:a", localName: "n", prefix: "p"))
        #expect(XMLQualifiedName(" local\n").qualifiedName == "local")
        #expect(XMLQualifiedName(namespace: "urn:a", localName: "n").description == "{urn:a}n")
    }
}
