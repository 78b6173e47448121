import XMLBind

/// The one binder every feed is read with: all formats' mappings, lenient (extensions are
/// passed over, and of a value given twice the first is kept), with the modules' prefixes.
enum FeedMappings {
    static let binder: XMLBinder = {
        let ns = FeedNamespaces.self
        let (document, channel, item, enclosure) = rss("")
        let (userland, userlandChannel, userlandItem, userlandEnclosure) = rss(ns.userland)
        let (atomFeed, atomEntry, atomLink, atomText) = atom(ns.atom10)
        let (atom03Feed, atom03Entry, atom03Link, atom03Text) = atom(ns.atom03)
        return XMLBinder(options: ParseOptions(mode: .lenient), prefixes: ns.prefixes).registeredAtSetup(
            document, channel, item, enclosure, userland, userlandChannel, userlandItem, userlandEnclosure,
            mapping(RDFDocument.self, element: "rdf:RDF").child(\.channel).children(\.items),
            rdfChannel(ns.rss10), rdfChannel(ns.rss090), rdfItem(ns.rss10), rdfItem(ns.rss090),
            atomFeed, atomEntry, atomLink, atomText, atom03Feed, atom03Entry, atom03Link, atom03Text
        )
    }()

    /// The binder with a caller's options on top (the encoding an HTTP response names).
    static func binder(encoding: String?) -> XMLBinder {
        guard let encoding else { return binder }
        var binder = binder
        binder.options.encoding = encoding
        return binder
    }
}
