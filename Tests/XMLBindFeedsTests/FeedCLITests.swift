import Foundation
import Testing
import XMLBindTestSupport

/// `xmlbind feed`, run as the built binary.
@Suite struct FeedCLITests {
    typealias Run = ProcessRun

    static func run(_ arguments: [String], stdin: String? = nil) async throws -> Run {
        try await ProcessRun.run(
            Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("xmlbind"), arguments,
            input: stdin)
    }

    @Test func printsKindTitleAndEachItem() async throws {
        let run = try await Self.run(["feed", try FeedTests.fixture("rss20.xml").path])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                RSS 2.0: Example & News
                2003-06-03T13:39:21Z\tStar City\thttps://news.example.com/star-city
                2003-05-30T19:06:42Z\tObsolete zone and year\thttps://news.example.com/2
                sometime last week\tUnreadable date\t

                """)
        #expect(run.stderr.isEmpty)
    }

    @Test func printsJSON() async throws {
        let run = try await Self.run(["feed", "--json", try FeedTests.fixture("atom03.xml").path])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "Atom 0.3")
        #expect(object["title"] as? String == "dive into mark")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.first?["published"] as? String == "2003-12-13T12:29:29Z")
        #expect(items.first?["categories"] as? [String] == ["atom"])
    }

    @Test func jsonGivesTheTextOfXHTMLBesideItsMarkup() async throws {
        let run = try await Self.run(
            ["feed", "--json", "-"],
            stdin: """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry><title>E</title>\
                <summary>Plain</summary><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">\
                <p>moved.</p><p>Here's</p></div></content></entry></feed>
                """)
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        #expect(item["content"] as? String == "<p>moved.</p><p>Here's</p>")
        #expect(item["contentText"] as? String == "moved.\nHere's")
        #expect(item["description"] as? String == "Plain")
        #expect(item["descriptionText"] == nil)
    }

    @Test func problemsAreDiagnosticsWithStatus1() async throws {
        let broken = try await Self.run(["feed", "-"], stdin: "<rss>\n<channel><title>x</channel></rss>")
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.hasPrefix("<stdin>:2:20: error: mismatched"))
        let notAFeed = try await Self.run(["feed", "-"], stdin: "<html/>")
        #expect(notAFeed.status == 1)
        #expect(notAFeed.stderr.contains("the document is not a feed"))
        let missing = try await Self.run(["feed", "/no/such/feed.xml"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot open '/no/such/feed.xml'"))
        let wrong = try await Self.run(["feed"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("xmlbind: error: 'feed' takes one FILE or URL"))
    }
}
