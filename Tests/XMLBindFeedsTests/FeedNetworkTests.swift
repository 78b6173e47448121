import Foundation
import Testing
import XMLBind
import XMLBindFeeds
import XMLBindTestSupport

/// `Feed.load(contentsOf:)` and `xmlbind feed URL` against a real HTTP server (Python's, on
/// 127.0.0.1), including the response's charset winning over the declaration.
@Suite(.serialized) struct FeedNetworkTests {
    static func koi8Feed() async throws -> Data {
        // Declared wrongly, as feeds served over HTTP often are: the charset is right.
        let text = """
            <?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Новости</title>\
            <item><title>Съешь же ещё</title><link>http://example.com/1</link>\
            <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate></item></channel></rss>
            """
        let data = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "UTF-8", "-t", "KOI8-R"], input: text
        ).output
        return data
    }

    static func server() async throws -> FeedServer {
        let atom = try Data(contentsOf: try FeedTests.fixture("atom10.xml"))
        return try await FeedServer(files: [
            "news.xml": (try await koi8Feed(), "application/rss+xml; charset=koi8-r"),
            "atom.xml": (atom, "application/atom+xml"),
            // The bytes are UTF-8; a charset naming UTF-7 would make `+ADw-` a `<`.
            "utf7.xml": (Self.utf7Smuggler, "application/rss+xml; charset=UTF-7"),
            "utf7-alias.xml": (Self.utf7Smuggler, "text/xml; charset=unicode-1-1-utf-7"),
        ])
    }

    @Test func loadsOverHTTPWithTheResponsesCharset() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let feed = try await Feed.load(contentsOf: server.url("news.xml"))
        #expect(feed.title == "Новости")
        #expect(feed.items.first?.title == "Съешь же ещё")
        let atom = try await Feed.load(contentsOf: server.url("atom.xml"))
        #expect(atom.kind == .atom10)
        do {
            _ = try await Feed.load(contentsOf: server.url("missing.xml"))
            Issue.record("loaded")
        } catch let error as XMLBindError {
            #expect(error.code == .io)
            #expect(error.message == "cannot fetch \(server.url("missing.xml").absoluteString): HTTP status 404")
        }
    }

    static let utf7Smuggler = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Plain +ADw-b+AD4-</title>\
        <item><title>Café</title></item></channel></rss>
        """.utf8)

    @Test(arguments: ["utf7.xml", "utf7-alias.xml"])
    func aCharsetNamingUTF7IsPassedOver(_ name: String) async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let feed = try await Feed.load(contentsOf: server.url(name))
        #expect(feed.title == "Plain +ADw-b+AD4-")
        #expect(feed.items.first?.title == "Café")
    }

    @Test func theCommandReadsAURL() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let run = try await FeedCLITests.run(["feed", server.url("news.xml").absoluteString])
        #expect(run.status == 0)
        #expect(run.stdout == "RSS 2.0: Новости\n2003-06-10T04:00:00Z\tСъешь же ещё\thttp://example.com/1\n")
        let missing = try await FeedCLITests.run(["feed", server.url("missing.xml").absoluteString])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: cannot fetch"))
    }
}
