import XMLBind

/// Atom 1.0 and 0.3: `feed` > `entry`, with links, people and categories as elements of
/// their own.
class AtomFeed: Bindable, FeedRootNode {
    var titles: [FeedTitle] = []
    var subtitle: String?
    var tagline: String?
    var updated: String?
    var modified: String?
    var links: [AtomLink] = []
    var entries: [AtomEntry] = []
    required init() {}

    var feed: Feed {
        Feed(
            kind: self is Atom03Feed ? .atom03 : .atom10, title: trimmed(titles.first?.value),
            link: AtomLink.alternate(in: links), description: trimmed(subtitle) ?? trimmed(tagline),
            updated: (trimmed(updated) ?? trimmed(modified)).map(FeedDate.init), items: entries.map(\.feedItem))
    }
}

final class Atom03Feed: AtomFeed {}

class AtomEntry: Bindable, FeedEntryNode {
    var titles: [FeedTitle] = []
    var summary: String?
    var content: String?
    var published: String?
    var issued: String?
    var updated: String?
    var modified: String?
    var id: String?
    var authors: [AtomPerson] = []
    var categories: [FeedCategory] = []
    var links: [AtomLink] = []
    required init() {}

    var feedItem: FeedItem {
        FeedItem(
            title: trimmed(titles.first?.value), link: AtomLink.alternate(in: links), description: trimmed(summary),
            content: trimmed(content), published: (trimmed(published) ?? trimmed(issued)).map(FeedDate.init),
            updated: (trimmed(updated) ?? trimmed(modified)).map(FeedDate.init), id: trimmed(id),
            author: authors.lazy.compactMap { trimmed($0.name) }.first,
            categories: categories.compactMap(\.name),
            enclosures: links.filter { trimmed($0.rel) == "enclosure" }.compactMap { link in
                trimmed(link.href).map {
                    FeedEnclosure(url: $0, type: trimmed(link.type), length: trimmed(link.length).flatMap { Int($0) })
                }
            })
    }
}

final class Atom03Entry: AtomEntry {}

class AtomLink: Bindable {
    var rel: String?
    var href: String?
    var type: String?
    var length: String?
    required init() {}

    /// The `href` of the first link whose `rel` is `alternate` or absent.
    static func alternate(in links: [AtomLink]) -> String? {
        links.first { trimmed($0.rel) == nil || trimmed($0.rel) == "alternate" }.flatMap { trimmed($0.href) }
    }
}

final class Atom03Link: AtomLink {}

class AtomPerson: Bindable {
    var name: String?
    required init() {}
}

final class Atom03Person: AtomPerson {}

extension FeedMappings {
    static func atomFeed<F: AtomFeed>(_ type: F.Type, _ uri: String) -> ClassDefinition<F> {
        mapping(type, element: "feed", namespace: uri)
            .children(\.titles)
            .element(\.subtitle, xml: FeedNamespaces.name("subtitle", in: uri))
            .element(\.tagline, xml: FeedNamespaces.name("tagline", in: uri))
            .element(\.updated, xml: FeedNamespaces.name("updated", in: uri))
            .element(\.modified, xml: FeedNamespaces.name("modified", in: uri))
            .children(\.links)
            .children(\.entries)
    }

    static func atomEntry<E: AtomEntry>(_ type: E.Type, _ uri: String) -> ClassDefinition<E> {
        mapping(type, element: "entry", namespace: uri)
            .children(\.titles)
            .element(\.summary, xml: FeedNamespaces.name("summary", in: uri)).wholeText()
            .element(\.content, xml: FeedNamespaces.name("content", in: uri)).wholeText()
            .element(\.published, xml: FeedNamespaces.name("published", in: uri))
            .element(\.issued, xml: FeedNamespaces.name("issued", in: uri))
            .element(\.updated, xml: FeedNamespaces.name("updated", in: uri))
            .element(\.modified, xml: FeedNamespaces.name("modified", in: uri))
            .element(\.id, xml: FeedNamespaces.name("id", in: uri))
            .children(\.authors)
            .children(\.categories)
            .children(\.links)
    }

    static func atomLink<L: AtomLink>(_ type: L.Type, _ uri: String) -> ClassDefinition<L> {
        mapping(type, element: "link", namespace: uri)
            .attribute(\.rel).attribute(\.href).attribute(\.type).attribute(\.length)
    }

    static func atomPerson<P: AtomPerson>(_ type: P.Type, _ uri: String) -> ClassDefinition<P> {
        mapping(type, element: "author", namespace: uri).element(\.name, xml: FeedNamespaces.name("name", in: uri))
    }
}
