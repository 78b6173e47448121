import XMLBind

/// RSS 0.90 and 1.0: RDF documents, whose channel and items are all children of `rdf:RDF`,
/// in the format's namespace.
final class RDFDocument: Bindable, FeedRootNode {
    var channel: RDFChannel?
    var items: [RDFItem] = []
    init() {}

    var feed: Feed {
        let namespace = channel?.namespace ?? items.first?.namespace
        let kind: Feed.Kind = namespace == FeedNamespaces.rss090 ? .rss090 : .rss10
        return Feed(
            kind: kind, title: trimmed(channel?.title), link: trimmed(channel?.link),
            description: trimmed(channel?.description), updated: trimmed(channel?.dcDate).map(FeedDate.init),
            items: items.map(\.feedItem))
    }
}

/// The channel of RSS 1.0 or 0.90: the same fields, each in its version's namespace.
final class RDFChannel: Bindable, NamespaceAware {
    var namespace: String?
    var title: String?
    var link: String?
    var description: String?
    var dcDate: String?
    init() {}
}

final class RDFItem: Bindable, FeedEntryNode, NamespaceAware {
    var namespace: String?
    var about: String?
    var title: String?
    var link: String?
    var description: String?
    var encoded: String?
    var dcDate: String?
    var creator: String?
    var subjects: [String] = []
    init() {}

    var feedItem: FeedItem {
        FeedItem(
            title: trimmed(title), link: trimmed(link), description: trimmed(description), content: trimmed(encoded),
            published: trimmed(dcDate).map(FeedDate.init), id: trimmed(about) ?? trimmed(link),
            author: trimmed(creator), categories: subjects.compactMap(trimmed))
    }
}

extension FeedMappings {
    /// A channel of the format in namespace `uri`: its unprefixed names match elements in
    /// that namespace (the document's default one), and never a `dc:title`. Text fields are
    /// their whole text, as in RSS.
    static func rdfChannel(_ uri: String) -> ClassDefinition<RDFChannel> {
        mapping(RDFChannel.self, element: "channel", namespace: uri)
            .element(\.title).wholeText()
            .element(\.link)
            .element(\.description).wholeText()
            .element(\.dcDate, xml: "dc:date")
    }

    static func rdfItem(_ uri: String) -> ClassDefinition<RDFItem> {
        mapping(RDFItem.self, element: "item", namespace: uri)
            .attribute(\.about, xml: "rdf:about")
            .element(\.title).wholeText()
            .element(\.link)
            .element(\.description).wholeText()
            .element(\.encoded, xml: "content:encoded").wholeText()
            .element(\.dcDate, xml: "dc:date")
            .element(\.creator, xml: "dc:creator")
            .elements(\.subjects, xml: "dc:subject")
    }
}
