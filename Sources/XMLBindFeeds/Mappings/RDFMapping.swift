import XMLBind

/// RSS 0.90 and 1.0: RDF documents, whose channel and items are all children of `rdf:RDF`,
/// in the format's namespace.
final class RDFDocument: Bindable, FeedRootNode {
    var channel: RDFChannel?
    var items: [RDFItem] = []
    init() {}

    var feed: Feed {
        let kind: Feed.Kind = channel is RDF090Channel || items.first is RDF090Item ? .rss090 : .rss10
        return Feed(
            kind: kind, title: trimmed(channel?.titles.first?.value), link: trimmed(channel?.link),
            description: trimmed(channel?.description), updated: trimmed(channel?.dcDate).map(FeedDate.init),
            items: items.map(\.feedItem))
    }
}

class RDFChannel: Bindable {
    var titles: [FeedTitle] = []
    var link: String?
    var description: String?
    var dcDate: String?
    required init() {}
}

/// RSS 0.90's channel: the same fields in its own namespace.
final class RDF090Channel: RDFChannel {}

class RDFItem: Bindable, FeedEntryNode {
    var about: String?
    var titles: [FeedTitle] = []
    var link: String?
    var description: String?
    var encoded: String?
    var dcDate: String?
    var creator: String?
    var categories: [FeedCategory] = []
    required init() {}

    var feedItem: FeedItem {
        FeedItem(
            title: trimmed(titles.first?.value), link: trimmed(link), description: trimmed(description),
            content: trimmed(encoded), published: trimmed(dcDate).map(FeedDate.init),
            id: trimmed(about) ?? trimmed(link),
            author: trimmed(creator), categories: categories.compactMap(\.name))
    }
}

/// RSS 0.90's item.
final class RDF090Item: RDFItem {}

extension FeedMappings {
    static func rdfChannel<C: RDFChannel>(_ type: C.Type, _ uri: String) -> ClassDefinition<C> {
        mapping(type, element: "channel", namespace: uri)
            .children(\.titles)
            .element(\.link, xml: FeedNamespaces.name("link", in: uri))
            .element(\.description, xml: FeedNamespaces.name("description", in: uri))
            .element(\.dcDate, xml: "dc:date")
    }

    static func rdfItem<I: RDFItem>(_ type: I.Type, _ uri: String) -> ClassDefinition<I> {
        mapping(type, element: "item", namespace: uri)
            .attribute(\.about, xml: "rdf:about")
            .children(\.titles)
            .element(\.link, xml: FeedNamespaces.name("link", in: uri))
            .element(\.description, xml: FeedNamespaces.name("description", in: uri))
            .element(\.encoded, xml: "content:encoded")
            .element(\.dcDate, xml: "dc:date")
            .element(\.creator, xml: "dc:creator")
            .children(\.categories)
    }
}
