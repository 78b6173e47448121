import Foundation
import Testing
import XMLBind
import XMLBindFeeds

/// Shapes real RSS feeds have that the formats' specifications do not: markup inside text
/// fields, UserLand's RSS 2.0 namespace, items after `</channel>`.
@Suite struct FeedShapeTests {
    @Test func rssTextFieldsAreTheirWholeTextWithTheMarkupInside() throws {
        let feed = try Feed(
            Data(
                """
                <rss version="2.0"><channel><title>Mixed <b>Content</b> Blog</title>
                <description>All <i>the</i> news</description>
                <item><title>יש גם <a href="http://example.co.il/rss">בדיחות</a> ב RSS</title>
                <description><div dir="rtl">הממשלה התכנסה</div></description></item>
                <item><title><a href="http://example.co.il/2">כותרת שכולה קישור</a></title>
                <content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><p>Long</p></content:encoded>
                </item></channel></rss>
                """.utf8))
        #expect(feed.title == "Mixed Content Blog")
        #expect(feed.description == "All the news")
        #expect(feed.items.map(\.title) == ["יש גם בדיחות ב RSS", "כותרת שכולה קישור"])
        #expect(feed.items.map(\.description) == ["הממשלה התכנסה", nil])
        #expect(feed.items.last?.content == "Long")
    }

    @Test func rdfTextFieldsAreTheirWholeText() throws {
        let feed = try Feed(
            Data(
                """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
                <channel rdf:about="http://example.org/"><title>A <em>channel</em></title></channel>
                <item rdf:about="http://example.org/1"><title>XML: A <em>Disruptive</em> Technology</title>
                <description><p>Modules make it <b>extensible</b>.</p></description></item></rdf:RDF>
                """.utf8))
        #expect(feed.title == "A channel")
        #expect(feed.items.first?.title == "XML: A Disruptive Technology")
        #expect(feed.items.first?.description == "Modules make it extensible.")
    }

    @Test func rssInUserLandsNamespaceReads() throws {
        let feed = try Feed(
            Data(
                """
                <rss xmlns="http://backend.userland.com/rss2" version="2.0"><channel><title>Scripting News</title>
                <link>http://scripting.example.com/</link>
                <item><title>Outlines</title><link>http://scripting.example.com/1</link>
                <pubDate>Mon, 30 Sep 2002 01:56:02 GMT</pubDate></item></channel></rss>
                """.utf8))
        #expect(feed.kind == .rss20)
        #expect(feed.title == "Scripting News")
        #expect(feed.items.map(\.title) == ["Outlines"])
        #expect(feed.items.first?.published?.date == Date(timeIntervalSince1970: 1_033_350_962))
    }

    static let itemsAfterChannel = Data(
        """
        <rss version="0.91"><channel><title>Le Journal</title><item><title>Inside</title></item></channel>
        <item><title>Économie</title><link>http://journal.example.fr/1</link></item>
        <item><title>Météo</title></item></rss>
        """.utf8)

    @Test func itemsAfterTheChannelFollowItsOwn() throws {
        let feed = try Feed(Self.itemsAfterChannel)
        #expect(feed.kind == .rss091)
        #expect(feed.title == "Le Journal")
        #expect(feed.items.map(\.title) == ["Inside", "Économie", "Météo"])
        #expect(feed.items[1].link == "http://journal.example.fr/1")
        var titles: [String?] = []
        try Feed.items(Self.itemsAfterChannel) { item in
            titles.append(item.title)
            return .continue
        }
        #expect(titles == ["Inside", "Économie", "Météo"])
    }
}
