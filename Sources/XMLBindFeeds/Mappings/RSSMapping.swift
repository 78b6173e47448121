import XMLBind

/// RSS 0.91, 0.92 and 2.0: `rss` > `channel` > `item`, in no namespace, with the usual
/// modules (`dc:`, `content:encoded`).
final class RSSDocument: Bindable, FeedRootNode {
    var version: String?
    var channel: RSSChannel?
    init() {}

    var feed: Feed {
        let kind: Feed.Kind =
            switch trimmed(version) {
            case "0.91": .rss091
            case "0.92": .rss092
            default: .rss20
            }
        guard let channel else { return Feed(kind: kind) }
        return Feed(
            kind: kind, title: trimmed(channel.titles.first?.value), link: trimmed(channel.link),
            description: trimmed(channel.description),
            updated: (trimmed(channel.lastBuildDate) ?? trimmed(channel.pubDate) ?? trimmed(channel.dcDate))
                .map(FeedDate.init),
            items: channel.items.map(\.feedItem))
    }
}

final class RSSChannel: Bindable {
    var titles: [FeedTitle] = []
    var link: String?
    var description: String?
    var lastBuildDate: String?
    var pubDate: String?
    var dcDate: String?
    var categories: [FeedCategory] = []
    var items: [RSSItem] = []
    init() {}
}

final class RSSItem: Bindable, FeedEntryNode {
    var titles: [FeedTitle] = []
    var link: String?
    var description: String?
    var encoded: String?
    var pubDate: String?
    var dcDate: String?
    var guid: String?
    var author: String?
    var creator: String?
    var categories: [FeedCategory] = []
    var enclosures: [RSSEnclosure] = []
    init() {}

    var feedItem: FeedItem {
        FeedItem(
            title: trimmed(titles.first?.value), link: trimmed(link), description: trimmed(description),
            content: trimmed(encoded), published: (trimmed(pubDate) ?? trimmed(dcDate)).map(FeedDate.init),
            id: trimmed(guid), author: trimmed(author) ?? trimmed(creator),
            categories: categories.compactMap(\.name),
            enclosures: enclosures.compactMap { enclosure in
                trimmed(enclosure.url).map {
                    FeedEnclosure(
                        url: $0, type: trimmed(enclosure.type), length: trimmed(enclosure.length).flatMap { Int($0) })
                }
            })
    }
}

final class RSSEnclosure: Bindable {
    var url: String?
    var type: String?
    var length: String?
    init() {}
}

extension FeedMappings {
    /// The RSS 0.9x/2.0 mappings. Names in no namespace are written `{}name`, so that a
    /// module's element of the same local name (`dc:title`) is not taken for RSS's.
    static func rss() -> (
        ClassDefinition<RSSDocument>, ClassDefinition<RSSChannel>, ClassDefinition<RSSItem>,
        ClassDefinition<RSSEnclosure>
    ) {
        (
            mapping(RSSDocument.self, element: "rss", namespace: "").attribute(\.version).child(\.channel),
            mapping(RSSChannel.self, element: "channel", namespace: "")
                .children(\.titles)
                .element(\.link, xml: "{}link")
                .element(\.description, xml: "{}description")
                .element(\.lastBuildDate, xml: "{}lastBuildDate")
                .element(\.pubDate, xml: "{}pubDate")
                .element(\.dcDate, xml: "dc:date")
                .children(\.categories)
                .children(\.items),
            mapping(RSSItem.self, element: "item", namespace: "")
                .children(\.titles)
                .element(\.link, xml: "{}link")
                .element(\.description, xml: "{}description")
                .element(\.encoded, xml: "content:encoded")
                .element(\.pubDate, xml: "{}pubDate")
                .element(\.dcDate, xml: "dc:date")
                .element(\.guid, xml: "{}guid")
                .element(\.author, xml: "{}author")
                .element(\.creator, xml: "dc:creator")
                .children(\.categories)
                .children(\.enclosures),
            mapping(RSSEnclosure.self, element: "enclosure", namespace: "")
                .attribute(\.url).attribute(\.type).attribute(\.length)
        )
    }
}
