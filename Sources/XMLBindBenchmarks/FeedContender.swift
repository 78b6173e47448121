import Foundation
import XMLBindFeeds

/// `XMLBindFeeds`: the RSS workload read as a `Feed` (every format's mappings, text
/// trimmed, dates read), to compare with the binder's plain RSS mapping.
///
/// The checksum line is the bench README's, over the same four fields (the pubDate as
/// the feed wrote it), so it must agree with the binder's. Like the binder's graph, the
/// feed is walked for the checksum and released outside the clock.
struct FeedContender: Contender {
    let name = "feed"

    func reads(_ workload: Workload) -> Bool { workload == .rss }

    func parse(_ document: Document) throws -> ParseResult {
        guard document.workload == .rss else { throw BenchmarkError("feed: reads the rss workload only") }
        return .feed(try Feed(document.bytes))
    }

    /// The bench README's `items=N strbytes=S` over the four fields.
    static func checksumLine(_ feed: Feed) -> String {
        var bytes = 0
        for item in feed.items {
            bytes += (item.title?.utf8.count ?? 0) + (item.link?.utf8.count ?? 0)
            bytes += (item.description?.utf8.count ?? 0) + (item.published?.text.utf8.count ?? 0)
        }
        return "items=\(feed.items.count) strbytes=\(bytes)"
    }
}
