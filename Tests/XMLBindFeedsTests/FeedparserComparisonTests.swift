import Foundation
import Testing
import XMLBindFeeds

/// XMLBind and Python's feedparser read the same corpus of feeds (`Fixtures/Corpus`: RSS
/// 0.90 to 2.0, Atom 0.3 and 1.0, in many encodings, with the shapes real feeds have), and
/// agree field by field: feed titles, entry titles, summaries, links and dates.
///
/// What is compared, and the normalisation (both sides alike):
/// - Titles and summaries as text: feedparser returns HTML where a feed has markup (an `<a>`
///   inside an RSS title, Atom's `type="html"` and `xhtml`) and XMLBind the text or the
///   markup as written, so both are reduced to what a reader sees: tags removed (a block
///   element's tag becomes a space, an inline one nothing), the five XML entities and
///   character references decoded, runs of whitespace made one space, the ends trimmed.
/// - A summary is XMLBind's `description`, else its `content`: feedparser fills an entry's
///   summary from its content when it has none.
/// - Links exactly; dates as seconds since 1970 (feedparser's `published`, else `updated`,
///   and XMLBind's ``FeedItem/date``), over the entries where either side has one.
/// - Texts agree when their Unicode scalars do (not by Swift's canonical equivalence, which
///   would hide a presentation form such as U+FB35 for U+05D5 U+05BC).
/// - Where feedparser is wrong by the standard browsers follow, the value is a known
///   difference (``knownDifferences``): XMLBind must give the value recorded there, and it is
///   counted apart from the agreements.
@Suite struct FeedparserComparisonTests {
    /// Values feedparser gets wrong, by file, entry and field: what XMLBind must read instead
    /// (normalised as compared), and why.
    static let knownDifferences: [String: (xmlBind: String, why: String)] = [
        "rss20-tis-620-superset.xml entry 1 summary": (
            "นักลงทุน “มั่นใจ” มากขึ้น…",
            """
            the feed is labelled TIS-620 and ends with byte 0x85: Python's tis-620 codec reads it as U+0085 (a C1 \
            control that str.strip() takes for whitespace), so feedparser drops it; windows-874, which browsers \
            read TIS-620 as, has U+2026 (…) there
            """
        )
    ]

    /// Agreement on one field: how many values agree of how many compared.
    struct Tally: CustomStringConvertible {
        var agreed = 0
        var compared = 0
        /// Values listed in ``knownDifferences``, not counted in `compared`.
        var known = 0
        var description: String { "\(agreed)/\(compared)" }

        mutating func count<Value: Equatable>(_ mine: Value, _ theirs: Value, _ what: @autoclosure () -> String) {
            count(mine, theirs, same: mine == theirs, what())
        }

        /// Texts agree scalar for scalar: Swift's `==` would take U+FB35 for U+05D5 U+05BC.
        mutating func count(_ mine: String?, _ theirs: String?, _ what: @autoclosure () -> String) {
            count(
                mine, theirs, same: mine.map { Array($0.unicodeScalars) } == theirs.map { Array($0.unicodeScalars) },
                what())
        }

        private mutating func count<Value>(_ mine: Value, _ theirs: Value, same: Bool, _ what: String) {
            if let difference = FeedparserComparisonTests.knownDifferences[what] {
                known += 1
                let text = mine as? String? ?? nil
                #expect(
                    text.map { Array($0.unicodeScalars) } == Array(difference.xmlBind.unicodeScalars),
                    "\(what): XMLBind \(mine), where \(difference.why)")
                return
            }
            compared += 1
            if same {
                agreed += 1
            } else {
                Issue.record("\(what): XMLBind \(mine), feedparser \(theirs)")
            }
        }
    }

    static let corpus: [URL] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures/Corpus", withExtension: nil),
            let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return files.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }()

    @Test func xmlBindAgreesWithFeedparserFieldByField() async throws {
        #expect(Self.corpus.count >= 40)
        let theirs = try await FeedparserPeer.read(Self.corpus)
        var feedTitles = Tally()
        var titles = Tally()
        var summaries = Tally()
        var links = Tally()
        var dates = Tally()
        var refused: [String] = []
        for url in Self.corpus {
            let name = url.lastPathComponent
            let peer = try #require(theirs[name], "feedparser read no \(name)")
            let feed: Feed
            do {
                feed = try Feed(contentsOf: url)
            } catch {
                refused.append("\(name): \(error)")
                feed = Feed(kind: .rss20)
            }
            feedTitles.count(FeedText.plain(feed.title), FeedText.plain(peer.title), "\(name) title")
            for (index, entry) in peer.entries.enumerated() {
                let item = index < feed.items.count ? feed.items[index] : FeedItem()
                let at = "\(name) entry \(index + 1)"
                titles.count(FeedText.plain(item.title), FeedText.plain(entry.title), "\(at) title")
                summaries.count(
                    FeedText.plain(item.description ?? item.content), FeedText.plain(entry.summary), "\(at) summary")
                links.count(item.link, entry.link, "\(at) link")
                let date = item.date?.date.map { Int($0.timeIntervalSince1970) }
                if date != nil || entry.date != nil { dates.count(date, entry.date, "\(at) date") }
            }
            #expect(feed.items.count == peer.entries.count, "\(name): XMLBind's items against feedparser's entries")
        }
        print(
            """
            XMLBind against feedparser over \(Self.corpus.count) feeds: feed titles \(feedTitles), entry titles \
            \(titles), summaries \(summaries), links \(links), dates \(dates), feeds refused \(refused.count); \
            known differences \([feedTitles, titles, summaries, links, dates].map(\.known).reduce(0, +))
            """)
        #expect(refused.isEmpty, "refused: \(refused)")
    }
}
