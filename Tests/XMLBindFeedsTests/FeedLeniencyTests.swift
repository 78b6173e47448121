import Foundation
import Testing
import XMLBind
import XMLBindFeeds

/// What the feed mappings rely on the binder's rules for: unprefixed names match the
/// format's own elements only, a value given twice keeps the first (with a warning), and
/// Atom's text constructs are their whole text.
@Suite struct FeedLeniencyTests {
    @Test func aModulesTitleIsNotTheTitleAndTheFirstOfTwoTitlesWins() throws {
        let data = Data(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
            <dc:title>Module title</dc:title><title>Channel</title><title>Second</title>
            <item><dc:title>Module</dc:title><title>First</title><title>Later</title><dc:subject>a</dc:subject>
            <category>b</category></item></channel></rss>
            """.utf8)
        let feed = try Feed(data)
        #expect(feed.title == "Channel")
        #expect(feed.items.map(\.title) == ["First"])
        #expect(feed.items.first?.categories == ["b", "a"])
        var titles: [String?] = []
        let log = WarningLog()
        try Feed.items(data, file: "two.xml", warnings: log) { item in
            titles.append(item.title)
            return .continue
        }
        #expect(titles == ["First"])
        // Each second title is a warning at it, with a note at the first; the module's is none.
        #expect(
            log.warnings.map { "\($0.origin?.line ?? 0):\($0.origin?.column ?? 0) \($0.message)" } == [
                "2:56 property 'title' of <channel> is given more than once; the first value is kept",
                "3:54 property 'title' of <item> is given more than once; the first value is kept",
            ])
        #expect(log.warnings.allSatisfy { $0.severity == .warning && $0.notes.first?.origin?.column == 34 })
    }

    @Test func rdfTitlesInTheDefaultNamespaceOnly() throws {
        let data = Data(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><dc:title>Not this</dc:title><title>RDF channel</title><link>http://a/</link></channel>
            <item rdf:about="http://a/1"><dc:title>Nor this</dc:title><title>One</title></item>
            </rdf:RDF>
            """.utf8)
        let feed = try Feed(data)
        #expect(feed.kind == .rss10)
        #expect(feed.title == "RDF channel")
        #expect(feed.items.map(\.title) == ["One"])
        #expect(feed.items.map(\.id) == ["http://a/1"])
    }

    @Test func atomPeopleCategoriesAndASecondTitle() throws {
        let data = Data(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Feed</title>
            <subtitle type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Sub <b>title</b></div></subtitle>
            <entry><title>First</title><title>Second</title>
            <author><name>Ann</name><email>ann@example.com</email></author><author><name>Bob</name></author>
            <category term="one" scheme="http://s/" label="One"/><category term="two"/>
            <link rel="self" href="http://a/self"/><link rel="alternate" href="http://a/entry"/>
            </entry></feed>
            """.utf8)
        let feed = try Feed(data)
        #expect(feed.kind == .atom10)
        #expect(feed.description == "Sub <b>title</b>")
        #expect(feed.descriptionText == "Sub title")
        let entry = try #require(feed.items.first)
        #expect(entry.title == "First")
        #expect(entry.author == "Ann")
        #expect(entry.categories == ["one", "two"])
        #expect(entry.link == "http://a/entry")
    }

    @Test func atomElementsOfAnotherNamespaceAreNotAtoms() throws {
        let data = Data(
            """
            <feed xmlns="http://purl.org/atom/ns#" xmlns:x="http://www.w3.org/2005/Atom">
            <x:title>Atom 1.0's title</x:title><title>Atom 0.3</title>
            <entry><x:id>no</x:id><id>yes</id></entry></feed>
            """.utf8)
        let feed = try Feed(data)
        #expect(feed.kind == .atom03)
        #expect(feed.title == "Atom 0.3")
        #expect(feed.items.map(\.id) == ["yes"])
    }
}
