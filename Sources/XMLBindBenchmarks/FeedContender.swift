import Foundation
import XMLBindFeeds

/// `XMLBindFeeds`: the RSS workload read as a `Feed` (every format's mappings, text
/// trimmed, dates read), to compare with the binder's plain RSS mapping.
///
/// The checksum line is the bench README's, over the same four fields (the pubDate as
/// the feed wrote it), so it must agree with the binder's.
struct FeedContender: Contender {
    let name = "feed"

    func parse(_ document: Document) throws -> ParseResult {
        guard document.workload == .rss else { throw BenchmarkError("feed: reads the rss workload only") }
        let feed = try Feed(data: document.bytes)
        var bytes = 0
        for item in feed.items {
            bytes += (item.title?.utf8.count ?? 0) + (item.link?.utf8.count ?? 0)
            bytes += (item.description?.utf8.count ?? 0) + (item.published?.text.utf8.count ?? 0)
        }
        return .tally("items=\(feed.items.count) strbytes=\(bytes)")
    }
}
