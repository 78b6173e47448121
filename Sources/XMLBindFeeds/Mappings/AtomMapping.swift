import XMLBind

/// Atom 1.0 and 0.3: `feed` > `entry`, with links as elements of their own. One set of
/// mappings serves both versions, registered once for each version's namespace.
///
/// The feed turns each entry into a ``FeedItem`` as the entry ends (``Ancestor``), as an
/// RSS channel does with its items.
final class AtomFeed: Bindable, FeedRootNode, NamespaceAware, Ancestor {
    var namespace: String?
    var title: AtomText?
    var subtitle: AtomText?
    var tagline: AtomText?
    var updated: String?
    var modified: String?
    var links: [AtomLink] = []
    var entries: [FeedItem] = []
    init() {}

    func addChild(_ child: Any) {
        if let entry = child as? AtomEntry { entries.append(entry.feedItem) }
    }

    var feed: Feed {
        Feed(
            kind: namespace == FeedNamespaces.atom03 ? .atom03 : .atom10, title: title?.text,
            link: AtomLink.alternate(in: links), description: (subtitle ?? tagline)?.markup,
            descriptionText: (subtitle ?? tagline)?.text,
            updated: (trimmed(updated) ?? trimmed(modified)).map(FeedDate.init), items: entries)
    }
}

final class AtomEntry: Bindable, FeedEntryNode {
    var title: AtomText?
    var summary: AtomText?
    var content: AtomText?
    var published: String?
    var issued: String?
    var updated: String?
    var modified: String?
    var id: String?
    var authors: [String] = []
    var terms: [String] = []
    var subjects: [String] = []
    var links: [AtomLink] = []
    init() {}

    var feedItem: FeedItem {
        FeedItem(
            title: title?.text, link: AtomLink.alternate(in: links), description: summary?.markup,
            descriptionText: summary?.text, content: content?.markup, contentText: content?.text,
            published: (trimmed(published) ?? trimmed(issued)).map(FeedDate.init),
            updated: (trimmed(updated) ?? trimmed(modified)).map(FeedDate.init), id: trimmed(id),
            author: authors.lazy.compactMap(trimmed).first, categories: (terms + subjects).compactMap(trimmed),
            enclosures: links.filter { trimmed($0.rel) == "enclosure" }.compactMap { link in
                trimmed(link.href).map {
                    FeedEnclosure(url: $0, type: trimmed(link.type), length: trimmed(link.length).flatMap { Int($0) })
                }
            })
    }
}

final class AtomLink: Bindable {
    var rel: String?
    var href: String?
    var type: String?
    var length: String?
    init() {}

    /// The `href` of the first link whose `rel` is `alternate` or absent.
    static func alternate(in links: [AtomLink]) -> String? {
        links.first { trimmed($0.rel) == nil || trimmed($0.rel) == "alternate" }.flatMap { trimmed($0.href) }
    }
}

extension FeedMappings {
    /// The mappings of the Atom version in namespace `uri`.
    ///
    /// Unprefixed names match elements in the owner's namespace, so the same declarations
    /// read both versions. Text constructs (titles, subtitles, summaries, content) are read
    /// by ``AtomTextReader``: `type="xhtml"` keeps its markup, with its text beside it
    /// (titles take the text). An entry's authors and
    /// categories are lists of values reached through their elements (`author/name`,
    /// `category/@term`): no object for either.
    static func atom(_ uri: String) -> (
        ClassDefinition<AtomFeed>, ClassDefinition<AtomEntry>, ClassDefinition<AtomLink>, ClassDefinition<AtomText>
    ) {
        (
            mapping(AtomFeed.self, element: "feed", namespace: uri)
                .child(\.title, xml: "title")
                .child(\.subtitle, xml: "subtitle")
                .child(\.tagline, xml: "tagline")
                .element(\.updated)
                .element(\.modified)
                .children(\.links),
            mapping(AtomEntry.self, element: "entry", namespace: uri)
                .child(\.title, xml: "title")
                .child(\.summary, xml: "summary")
                .child(\.content, xml: "content")
                .element(\.published)
                .element(\.issued)
                .element(\.updated)
                .element(\.modified)
                .element(\.id)
                .elements(\.authors, xml: "author/name")
                .elements(\.terms, xml: "category/@term")
                .elements(\.subjects, xml: "dc:subject")
                .children(\.links),
            mapping(AtomLink.self, element: "link", namespace: uri)
                .attribute(\.rel).attribute(\.href).attribute(\.type).attribute(\.length),
            atomText(uri)
        )
    }
}
