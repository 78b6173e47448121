import Foundation
import Testing
import XMLBind

/// Names as XML means them: an unprefixed element name in declarations matches a child
/// in no namespace or in its owner's namespace; an unprefixed attribute name only
/// attributes in no namespace.
@Suite("Namespaces: unprefixed names, the owner's namespace, xsi")
struct NamespaceRuleTests {
    // RSS 2.0 with Dublin Core.
    final class Item: Bindable {
        var title: String?
        var creator: String?
        var dcTitle: String?
        init() {}
    }

    final class Channel: Bindable {
        var title: String?
        var items: [Item] = []
        init() {}
    }

    static let dublinCore = "http://purl.org/dc/elements/1.1/"

    static let rss = XMLBinder(prefixes: ["dc": dublinCore]).registeredAtSetup(
        mapping(Channel.self, element: "channel", namespace: "").element(\.title).children(\.items),
        mapping(Item.self, element: "item", namespace: "").element(\.title).element(\.creator, xml: "dc:creator")
            .element(\.dcTitle, xml: "dc:title"))

    @Test func rssWithDublinCore() throws {
        let channel = try Self.rss.parse(
            """
            <channel xmlns:d="http://purl.org/dc/elements/1.1/"><title>News</title>
              <item><title>Plain</title><d:title>Dublin</d:title><d:creator>Ann</d:creator></item>
            </channel>
            """, as: Channel.self)
        #expect(channel.title == "News")
        #expect(channel.items.map(\.title) == ["Plain"])
        #expect(channel.items.map(\.dcTitle) == ["Dublin"])
        #expect(channel.items.map(\.creator) == ["Ann"])
    }

    @Test func anUnprefixedNameDoesNotMatchAnotherNamespace() {
        let binder = XMLBinder().registeredAtSetup(mapping(Item.self, element: "item").element(\.title))
        let error = bindError {
            _ = try binder.parse(
                #"<item xmlns:dc="http://purl.org/dc/elements/1.1/"><title>a</title><dc:title>b</dc:title></item>"#,
                as: Item.self)
        }
        #expect(error?.message == "unknown element <dc:title> inside <item>")
    }

    // Atom: everything in one default namespace, unprefixed in the mapping.
    struct Entry: Bindable {
        var title = ""
        var id = ""
        init() {}
    }

    struct Feed: Bindable {
        var title = ""
        var entries: [Entry] = []
        init() {}
    }

    static let atomNamespace = "http://www.w3.org/2005/Atom"

    @Test func atomInItsDefaultNamespace() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Feed.self, element: "feed", namespace: Self.atomNamespace).element(\.title).children(\.entries),
            mapping(Entry.self, element: "entry", namespace: Self.atomNamespace).element(\.title).element(\.id))
        let feed = try binder.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Example</title>
              <entry><title>One</title><id>urn:1</id></entry>
              <a:entry xmlns:a="http://www.w3.org/2005/Atom"><a:title>Two</a:title><a:id>urn:2</a:id></a:entry>
            </feed>
            """, as: Feed.self)
        #expect(feed.title == "Example")
        #expect(feed.entries.map(\.title) == ["One", "Two"])
        #expect(feed.entries.map(\.id) == ["urn:1", "urn:2"])
        // An entry in no namespace is not an Atom entry.
        let error = bindError {
            _ = try binder.parse(#"<feed xmlns="http://www.w3.org/2005/Atom"><entry xmlns=""/></feed>"#, as: Feed.self)
        }
        #expect(error?.message == "unknown element <entry> inside <feed>")
    }

    // A configuration in a default namespace, mapped without any namespace, with a
    // schema location as real files carry them.
    final class Server: Bindable {
        var host = ""
        var port = 0
        init() {}
    }

    final class App: Bindable {
        var servers: [Server] = []
        init() {}
    }

    static let config = XMLBinder().registeredAtSetup(
        mapping(App.self, element: "app").children(\.servers),
        mapping(Server.self, element: "server").attribute(\.host).property(\.port))

    @Test func aDefaultNamespaceConfigurationInStrictMode() throws {
        let app = try Self.config.parse(
            """
            <app xmlns="urn:example:app" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="urn:example:app app.xsd">
              <server host="a"><port>80</port></server>
              <server xsi:noNamespaceSchemaLocation="server.xsd" host="b" port="81"/>
            </app>
            """, as: App.self)
        #expect(app.servers.map(\.host) == ["a", "b"])
        #expect(app.servers.map(\.port) == [80, 81])
        // Other xsi: attributes are still unknown in strict mode.
        let error = bindError {
            _ = try Self.config.parse(
                #"<app xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="x"/>"#, as: App.self)
        }
        #expect(error?.message == "unknown attribute 'xsi:type' on <app>")
    }

    @Test func unqualifiedChildrenOfAQualifiedElement() throws {
        // XML Schema's default: local elements in no namespace inside a namespaced parent.
        let binder = XMLBinder(prefixes: ["m": "urn:m"]).registeredAtSetup(
            mapping(Server.self, element: "m:server").attribute(\.host).element(\.port))
        let server = try binder.parse(#"<m:server xmlns:m="urn:m" host="h"><port>9</port></m:server>"#, as: Server.self)
        #expect((server.host, server.port) == ("h", 9))
    }

    @Test func anUnprefixedAttributeMatchesOnlyNoNamespace() {
        let error = bindError {
            _ = try Self.config.parse(#"<server xmlns:a="urn:a" a:host="x"/>"#, as: Server.self)
        }
        #expect(error?.message == "unknown attribute 'a:host' on <server>; did you mean 'host'?")
    }

    @Test func childrenMatchTheNamespaceTheirMappingWasRegisteredWith() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Channel.self, element: "{urn:rss1}channel").children(\.items),
            mapping(Item.self, element: "{urn:rss1}item").element(\.title))
        let error = bindError {
            _ = try binder.parse(
                #"<channel xmlns="urn:rss1"><item><title>t</title></item><item xmlns=""/></channel>"#,
                as: Channel.self)
        }
        #expect(error?.message == "unknown element <item> inside <channel>")
    }

    @Test func anUnprefixedChildMappingTakesAnElementThatTurnsTheDefaultNamespaceOff() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Channel.self, element: "{urn:rss1}channel").children(\.items),
            mapping(Item.self, element: "item").element(\.title))
        let channel = try binder.parse(
            #"<channel xmlns="urn:rss1"><item><title>a</title></item><item xmlns=""><title>b</title></item></channel>"#,
            as: Channel.self)
        #expect(channel.items.map(\.title) == ["a", "b"])
    }
}
