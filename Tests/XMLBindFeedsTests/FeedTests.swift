import Foundation
import Testing
import XMLBind
import XMLBindFeeds
import XMLBindTestSupport

/// Every format read into the same fields, from the fixtures.
@Suite struct FeedTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    }

    static func feed(_ name: String) throws -> Feed {
        try Feed(contentsOf: try fixture(name))
    }

    static func utc(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }

    @Test func rss20ReadsEveryFieldAndPassesOverExtensions() throws {
        let feed = try Self.feed("rss20.xml")
        #expect(feed.kind == .rss20)
        #expect(feed.title == "Example & News")
        #expect(feed.link == "https://news.example.com/")
        #expect(feed.description == "All the <b>news</b>")
        #expect(feed.updated?.date == Self.utc("2003-06-10T09:41:01Z"))
        #expect(feed.items.count == 3)
        let first = feed.items[0]
        #expect(first.title == "Star City")
        #expect(first.link == "https://news.example.com/star-city")
        #expect(first.description?.hasPrefix("How do Americans") == true)
        #expect(first.content == "<p>The whole <em>story</em>.</p>")
        #expect(first.published?.date == Self.utc("2003-06-03T13:39:21Z"))
        #expect(first.id == "urn:uuid:1")
        #expect(first.author == "editor@example.com (Jane Editor)")
        #expect(first.categories == ["Space", "Science"])
        #expect(
            first.enclosures
                == [FeedEnclosure(url: "https://news.example.com/star.mp3", type: "audio/mpeg", length: 12_216_320)])
        // RFC 822's obsolete forms: a two-digit year and a named US zone.
        #expect(feed.items[1].published?.date == Self.utc("2003-05-30T19:06:42Z"))
        #expect(feed.items[1].author == "John Writer")
        // A date nobody can read stays as text, and is no error.
        #expect(feed.items[2].published?.text == "sometime last week")
        #expect(feed.items[2].published?.date == nil)
    }

    @Test func rss091And092() throws {
        let old = try Self.feed("rss091.xml")
        #expect(old.kind == .rss091)
        #expect(old.title == "WriteTheWeb")
        #expect(old.items.first?.description?.hasSuffix("Gnutella — café") == true)
        let dead = try Self.feed("rss092.xml")
        #expect(dead.kind == .rss092)
        #expect(dead.items.first?.title == nil)
        #expect(dead.items.first?.enclosures.first?.length == 6_182_912)
    }

    @Test func rdfFormats() throws {
        let rss1 = try Self.feed("rss10.rdf")
        #expect(rss1.kind == .rss10)
        #expect(rss1.title == "XML.com")
        #expect(rss1.updated?.date == Self.utc("2000-01-01T12:00:00Z"))
        let item = try #require(rss1.items.first)
        #expect(rss1.items.count == 1)
        #expect(item.title == "Processing Inclusions with XSLT")
        #expect(item.description?.hasPrefix("Processing document inclusions") == true)
        #expect(item.id == "http://xml.com/pub/2000/08/09/xslt/xslt.html")
        #expect(item.author == "Bob DuCharme")
        #expect(item.categories == ["XSLT"])
        #expect(item.published?.date == Self.utc("2000-08-09T00:00:00Z"))
        let rss090 = try Self.feed("rss090.rdf")
        #expect(rss090.kind == .rss090)
        #expect(rss090.items.map(\.title) == ["New Status Updates", "Bugzilla Reorganized"])
        #expect(rss090.items.map(\.link) == ["http://www.mozilla.org/status/", "http://www.mozilla.org/bugs/"])
    }

    @Test func atomFormats() throws {
        let atom = try Self.feed("atom10.xml")
        #expect(atom.kind == .atom10)
        #expect(atom.title == "dive into mark")
        #expect(atom.link == "http://example.org/")
        #expect(atom.description == "A <em>lot</em> of effort went into making this effortless")
        let entry = try #require(atom.items.first)
        #expect(entry.link == "http://example.org/2005/04/02/atom")
        #expect(entry.id == "tag:example.org,2003:3.2397")
        #expect(entry.published?.date == Self.utc("2003-12-13T12:29:29Z"))
        #expect(entry.updated?.date == Self.utc("2005-07-31T12:29:29Z"))
        #expect(entry.author == "Mark Pilgrim")
        #expect(entry.categories == ["atom", "xml"])
        #expect(entry.description == "Snapshot")
        #expect(entry.content == "<p><i>[Update: The Atom draft is finished.]</i></p>")
        #expect(
            entry.enclosures
                == [
                    FeedEnclosure(
                        url: "http://example.org/audio/ph34r_my_podcast.mp3", type: "audio/mpeg", length: 1337)
                ])
        let old = try Self.feed("atom03.xml")
        #expect(old.kind == .atom03)
        #expect(old.description == "A lot of effort went into making this effortless")
        #expect(old.updated?.date == Self.utc("2003-12-13T18:30:02Z"))
        #expect(old.items.first?.published?.date == Self.utc("2003-12-13T12:29:29Z"))
        #expect(old.items.first?.link == "http://diveintomark.org/2003/12/13/atom03")
        #expect(old.items.first?.categories == ["atom"])
    }

    @Test func itemsStreamOneByOne() throws {
        var titles: [String?] = []
        try Feed.items(contentsOf: try Self.fixture("rss20.xml")) { item in
            titles.append(item.title)
            return .continue
        }
        #expect(titles == ["Star City", "Obsolete zone and year", "Unreadable date"])
        var first: [String?] = []
        try Feed.items(try Data(contentsOf: try Self.fixture("atom10.xml"))) { item in
            first.append(item.id)
            return .stop
        }
        #expect(first == ["tag:example.org,2003:3.2397"])
    }

    @Test func aDocumentThatIsNoFeedIsAnError() throws {
        #expect(throws: XMLBindError.self) { try Feed(Data("<html><body/></html>".utf8), file: "page.html") }
        do {
            _ = try Feed(Data("<rss><channel><title>x</channel></rss>".utf8), file: "bad.xml")
            Issue.record("read")
        } catch let error as XMLBindError {
            #expect(error.code == .malformedXML)
            #expect(error.description.hasPrefix("bad.xml:1:"))
        }
    }

    @Test func aFeedInAnotherEncoding() async throws {
        let text = """
            <?xml version="1.0" encoding="KOI8-R"?><rss version="2.0"><channel><title>Новости</title>\
            <item><title>Съешь же ещё</title></item></channel></rss>
            """
        let data = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "UTF-8", "-t", "KOI8-R"], input: text
        ).output
        let feed = try Feed(data)
        #expect(feed.title == "Новости")
        #expect(feed.items.first?.title == "Съешь же ещё")
    }

    @Test func atomXHTMLKeepsItsMarkupAndTitlesAreText() throws {
        let data = Data(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="xhtml">A <b>bold</b> feed</title>
            <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">One <i>small</i> step</div></title>
            <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Sum <em>up</em></div></summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hello <a href="x">world</a></p></div></content>
            </entry></feed>
            """.utf8)
        let feed = try Feed(data, file: "xhtml.xml")
        #expect(feed.title == "A bold feed")
        let entry = try #require(feed.items.first)
        #expect(entry.title == "One small step")
        #expect(entry.description == "Sum <em>up</em>")
        #expect(entry.descriptionText == "Sum up")
        #expect(entry.content == "<p>Hello <a href=\"x\">world</a></p>")
        #expect(entry.contentText == "Hello world")
    }
}
