import XMLBind

/// The object graph the `rss` workload binds to (`Benchmarks/README.md`), and its
/// checksum.
///
/// Plain user classes, as ``BeansModel``'s.
enum RSSModel {
    /// `<rss>`: the channel.
    final class Root: Bindable {
        var channel: Channel?
        init() {}
    }

    /// `<channel>`: its items (the channel's own title, link and so on are not bound).
    final class Channel: Bindable {
        var items: [Item] = []
        init() {}
    }

    /// `<item>`: four child elements' text, entities decoded, not trimmed.
    final class Item: Bindable {
        var title = ""
        var link = ""
        var description = ""
        var pubDate = ""
        init() {}
    }

    /// `items=N strbytes=S`, as the bench README defines it.
    static func checksumLine(_ root: Root) -> String {
        let items = root.channel?.items ?? []
        var bytes = 0
        for item in items {
            bytes += size(of: item)
        }
        return "items=\(items.count) strbytes=\(bytes)"
    }

    /// The item's share of `strbytes`: the UTF-8 lengths of its four fields.
    static func size(of item: Item) -> Int {
        item.title.utf8.count + item.link.utf8.count + item.description.utf8.count + item.pubDate.utf8.count
    }
}
