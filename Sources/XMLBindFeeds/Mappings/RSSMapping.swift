import XMLBind

/// RSS 0.91, 0.92 and 2.0: `rss` > `channel` > `item`, in no namespace (or UserLand's old
/// RSS 2.0 namespace), with the usual modules (`dc:`, `content:encoded`).
///
/// Items placed after `</channel>`, as some RSS 0.91 feeds have them, are children of `rss`:
/// they follow the channel's own items.
final class RSSDocument: Bindable, FeedRootNode {
    var version: String?
    var channel: RSSChannel?
    var strayItems: [RSSItem] = []
    init() {}

    var feed: Feed {
        let kind: Feed.Kind =
            switch trimmed(version) {
            case "0.91": .rss091
            case "0.92": .rss092
            default: .rss20
            }
        let stray = strayItems.map(\.feedItem)
        guard let channel else { return Feed(kind: kind, items: stray) }
        return Feed(
            kind: kind, title: trimmed(channel.title), link: trimmed(channel.link),
            description: trimmed(channel.description),
            updated: (trimmed(channel.lastBuildDate) ?? trimmed(channel.pubDate) ?? trimmed(channel.dcDate))
                .map(FeedDate.init),
            items: stray.isEmpty ? channel.items : channel.items + stray)
    }
}

/// The channel turns each item into a ``FeedItem`` as the item ends (``Ancestor``), so the
/// bound item is released at once instead of waiting for the whole channel: a large feed
/// holds one bound item at a time beside the `FeedItem`s it returns, and reads faster for it.
final class RSSChannel: Bindable, Ancestor {
    var title: String?
    var link: String?
    var description: String?
    var lastBuildDate: String?
    var pubDate: String?
    var dcDate: String?
    var items: [FeedItem] = []
    init() {}

    func addChild(_ child: Any) {
        if let item = child as? RSSItem { items.append(item.feedItem) }
    }
}

final class RSSItem: Bindable, FeedEntryNode {
    var title: String?
    var link: String?
    var description: String?
    var encoded: String?
    var pubDate: String?
    var dcDate: String?
    var guid: String?
    var author: String?
    var creator: String?
    var categories: [String] = []
    var subjects: [String] = []
    var enclosures: [RSSEnclosure] = []
    init() {}

    var feedItem: FeedItem {
        FeedItem(
            title: trimmed(title), link: trimmed(link), description: trimmed(description), content: trimmed(encoded),
            published: (trimmed(pubDate) ?? trimmed(dcDate)).map(FeedDate.init), id: trimmed(guid),
            author: trimmed(author) ?? trimmed(creator), categories: (categories + subjects).compactMap(trimmed),
            enclosures: enclosures.compactMap(\.feedEnclosure))
    }
}

final class RSSEnclosure: Bindable {
    var url: String?
    var type: String?
    var length: String?
    init() {}

    var feedEnclosure: FeedEnclosure? {
        trimmed(url).map { FeedEnclosure(url: $0, type: trimmed(type), length: trimmed(length).flatMap { Int($0) }) }
    }
}

extension FeedMappings {
    /// The RSS 0.9x/2.0 mappings, for elements in namespace `uri` (`""`: none).
    ///
    /// Every name is unprefixed, so it matches RSS's own elements (in the document's RSS
    /// namespace) and never a module's element of the same local name: a `<dc:title>` is not
    /// the title. A second `<title>` is given twice, and the lenient binder keeps the first.
    /// Text fields are their whole text: `<title>A <a href="…">link</a></title>` reads
    /// `A link`, as a reader sees it (the markup is not kept).
    static func rss(_ uri: String) -> (
        ClassDefinition<RSSDocument>, ClassDefinition<RSSChannel>, ClassDefinition<RSSItem>,
        ClassDefinition<RSSEnclosure>
    ) {
        (
            mapping(RSSDocument.self, element: "rss", namespace: uri).attribute(\.version).child(\.channel)
                .children(\.strayItems),
            mapping(RSSChannel.self, element: "channel", namespace: uri)
                .element(\.title).wholeText()
                .element(\.link)
                .element(\.description).wholeText()
                .element(\.lastBuildDate)
                .element(\.pubDate)
                .element(\.dcDate, xml: "dc:date"),
            mapping(RSSItem.self, element: "item", namespace: uri)
                .element(\.title).wholeText()
                .element(\.link)
                .element(\.description).wholeText()
                .element(\.encoded, xml: "content:encoded").wholeText()
                .element(\.pubDate)
                .element(\.dcDate, xml: "dc:date")
                .element(\.guid)
                .element(\.author)
                .element(\.creator, xml: "dc:creator")
                .elements(\.categories, xml: "category")
                .elements(\.subjects, xml: "dc:subject")
                .children(\.enclosures),
            mapping(RSSEnclosure.self, element: "enclosure", namespace: uri)
                .attribute(\.url).attribute(\.type).attribute(\.length)
        )
    }
}
