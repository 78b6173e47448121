import XMLBind

/// The one binder every feed is read with: all formats' mappings, lenient (extensions are
/// passed over), with the modules' prefixes.
enum FeedMappings {
    static let binder: XMLBinder = {
        let (document, channel, item, enclosure) = rss()
        let ns = FeedNamespaces.self
        return XMLBinder(options: ParseOptions(mode: .lenient), prefixes: ns.prefixes).register(
            document, channel, item, enclosure,
            mapping(RDFDocument.self, element: "rdf:RDF").child(\.channel).children(\.items),
            rdfChannel(RDFChannel.self, ns.rss10), rdfChannel(RDF090Channel.self, ns.rss090),
            rdfItem(RDFItem.self, ns.rss10), rdfItem(RDF090Item.self, ns.rss090),
            atomFeed(AtomFeed.self, ns.atom10), atomFeed(Atom03Feed.self, ns.atom03),
            atomEntry(AtomEntry.self, ns.atom10), atomEntry(Atom03Entry.self, ns.atom03),
            atomLink(AtomLink.self, ns.atom10), atomLink(Atom03Link.self, ns.atom03),
            atomPerson(AtomPerson.self, ns.atom10), atomPerson(Atom03Person.self, ns.atom03),
            mapping(FeedTitle.self, element: "title", namespace: "").text(\.value),
            mapping(FeedTitle.self, element: "title", namespace: ns.rss10).text(\.value),
            mapping(FeedTitle.self, element: "title", namespace: ns.rss090).text(\.value),
            mapping(FeedTitle.self, element: "title", namespace: ns.atom10).text(\.value).wholeText(),
            mapping(FeedTitle.self, element: "title", namespace: ns.atom03).text(\.value).wholeText(),
            mapping(FeedCategory.self, element: "category", namespace: "").text(\.value),
            mapping(FeedCategory.self, element: "dc:subject").text(\.value),
            mapping(FeedCategory.self, element: "category", namespace: ns.atom10).attribute(\.term)
        )
    }()

    /// The binder with a caller's options on top (the encoding an HTTP response names).
    static func binder(encoding: String?) -> XMLBinder {
        guard let encoding else { return binder }
        var options = binder.options
        options.encoding = encoding
        return binder.with(options: options)
    }
}
