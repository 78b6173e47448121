import Foundation
import Testing

@testable import XMLBind

/// Models for the documents in `Fixtures/`.
enum FixtureModel {
    final class Beans: Bindable, XMLAttributeContainer {
        var defines: [Define] = []
        var beans: [Bean] = []
        var attributes: [String: String] = [:]
        init() {}
        func addAttribute(_ name: String, value: String) { attributes[name] = value }
    }
    final class Define: Bindable, OriginAware, NamespaceAware {
        var origin: Origin?
        var namespace: String?
        var key: String?
        var type: String?
        var value: String?
        init() {}
    }
    final class Bean: Bindable, OriginAware, XMLAttributeContainer {
        var origin: Origin?
        var id = ""
        var clazz = ""
        var lazy = false
        var properties: [Property] = []
        var beans: [Bean] = []
        var attributes: [String: String] = [:]
        init() {}
        func addAttribute(_ name: String, value: String) { attributes[name] = value }
    }
    struct Property: Bindable {
        var name = ""
        var value: String?
        var text: String?
        init() {}
    }

    struct Server: Bindable, XMLAttributeContainer {
        var port = 0
        var services: [Service] = []
        init() {}
        mutating func addAttribute(_ name: String, value: String) {}
    }
    struct Service: Bindable {
        var name = ""
        var connectors: [Connector] = []
        var engine: Engine?
        init() {}
    }
    struct Connector: Bindable, XMLAttributeContainer {
        var port: UInt16 = 0
        var ssl = false
        init() {}
        mutating func addAttribute(_ name: String, value: String) {}
    }
    struct Engine: Bindable, XMLAttributeContainer {
        var defaultHost = ""
        init() {}
        mutating func addAttribute(_ name: String, value: String) {}
    }

    struct Feed: Bindable, NamespaceAware {
        var namespace: String?
        var title = ""
        var entries: [Entry] = []
        init() {}
    }
    struct Entry: Bindable, OriginAware {
        var origin: Origin?
        var title = ""
        var summary = ""
        init() {}
    }

    /// One binder for every fixture. `Host` is not mapped: lenient mode skips it.
    static let binder = XMLBinder(
        options: ParseOptions(mode: .lenient), prefixes: ["configuration": "http://example.com/configuration"]
    ).registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.defines).children(\.beans),
        mapping(Define.self, element: "configuration:define")
            .property(\.key).property(\.type).property(\.value, xml: "val", conversion: .trimmed),
        mapping(Bean.self, element: "bean")
            .property(\.id).property(\.clazz, xml: "class").property(\.lazy, xml: "lazy-init")
            .children(\.properties).children(\.beans),
        mapping(Property.self, element: "property").attribute(\.name).attribute(\.value).text(
            \.text, conversion: .trimmed),
        mapping(Server.self, element: "Server").property(\.port).children(\.services),
        mapping(Service.self, element: "Service").property(\.name).children(\.connectors).child(\.engine),
        mapping(Connector.self, element: "Connector").property(\.port).property(\.ssl, xml: "SSLEnabled"),
        mapping(Engine.self, element: "Engine").property(\.defaultHost),
        mapping(Feed.self, element: "feed").element(\.title).children(\.entries),
        mapping(Entry.self, element: "entry").element(\.title).element(\.summary)
    )
}

@Suite("Fixtures: real files read through parse(contentsOf:)")
struct FixtureTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Fixtures"))
    }

    @Test func everyFixtureParses() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(
            files.map(\.lastPathComponent) == ["beans.xml", "bom-crlf.xml", "feed.xml", "latin1.xml", "server.xml"])
        for file in files {
            do {
                let root = try FixtureModel.binder.parse(contentsOf: file, as: Any?.self)
                #expect(root != nil, "\(file.lastPathComponent) bound no root")
                // The same bytes given as Data bind the same way.
                let again = try FixtureModel.binder.parse(Data(contentsOf: file), as: Any?.self, file: file.path)
                #expect(again.map { type(of: $0) } == root.map { type(of: $0) }, "\(file.lastPathComponent)")
            } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test func beans() throws {
        let url = try Self.fixture("beans")
        let beans = try FixtureModel.binder.parse(contentsOf: url, as: FixtureModel.Beans.self)
        #expect(beans.attributes == ["xsi:schemaLocation": "http://example.com/beans beans.xsd"])
        #expect(beans.defines.map(\.key) == ["pool.size", "db.url"])
        #expect(beans.defines.map(\.value) == ["8", "jdbc:h2:mem:test"])
        #expect(beans.defines.map(\.type) == ["int", nil])
        #expect(beans.defines.allSatisfy { $0.namespace == "http://example.com/configuration" })
        #expect(
            beans.defines.map(\.origin) == [
                Origin(file: url.path, line: 7, column: 3), Origin(file: url.path, line: 8, column: 3),
            ])
        #expect(beans.beans.map(\.id) == ["dataSource", "service"])
        #expect(beans.beans.map(\.lazy) == [false, true])
        #expect(
            beans.beans.map(\.origin) == [
                Origin(file: url.path, line: 11, column: 3), Origin(file: url.path, line: 16, column: 3),
            ])
        let dataSource = beans.beans[0]
        #expect(dataSource.clazz == "com.example.Pool")
        #expect(dataSource.attributes == ["init-method": "start"])
        #expect(dataSource.properties.map(\.name) == ["size", "url"])
        #expect(dataSource.properties.map(\.value) == ["8", nil])
        #expect(dataSource.properties.map(\.text) == [nil, "jdbc:h2:mem:test?a=1&b=2"])
        #expect(dataSource.beans.map(\.id) == ["helper"])
        #expect(dataSource.beans.first?.origin == Origin(file: url.path, line: 14, column: 5))
    }

    @Test func server() throws {
        let server = try FixtureModel.binder.parse(contentsOf: Self.fixture("server"), as: FixtureModel.Server.self)
        #expect(server.port == 8005)
        #expect(server.services.map(\.name) == ["Catalina"])
        #expect(server.services.first?.connectors.map(\.port) == [8080, 8443])
        #expect(server.services.first?.connectors.map(\.ssl) == [false, true])
        #expect(server.services.first?.engine?.defaultHost == "localhost")
    }

    @Test func feed() throws {
        let feed = try FixtureModel.binder.parse(contentsOf: Self.fixture("feed"), as: FixtureModel.Feed.self)
        #expect(feed.namespace == "http://www.w3.org/2005/Atom")
        #expect(feed.title == "Ünïcödé & friends")
        #expect(feed.entries.map(\.title) == ["First 😀", "Second"])
        #expect(feed.entries.map(\.summary) == ["<p>Markup & more</p>", "Plain"])
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let url = try Self.fixture("bom-crlf")
        let feed = try FixtureModel.binder.parse(contentsOf: url, as: FixtureModel.Feed.self)
        #expect(feed.title == "BOM — CRLF")
        #expect(feed.entries.map(\.summary) == ["line one\nline two"])
        #expect(feed.entries.first?.origin == Origin(file: url.path, line: 4, column: 2))
    }

    @Test func latin1() throws {
        let feed = try FixtureModel.binder.parse(contentsOf: Self.fixture("latin1"), as: FixtureModel.Feed.self)
        #expect(feed.title == "Café crème")
        #expect(feed.entries.map(\.title) == ["À la carte"])
        #expect(feed.entries.map(\.summary) == ["été"])
    }
}
