import XMLBind

/// The namespaces feeds use, and the prefixes the feed mappings write them with.
enum FeedNamespaces {
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let atom10 = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    /// UserLand's namespace for RSS 2.0, which some early RSS 2.0 feeds put `<rss>` in.
    static let userland = "http://backend.userland.com/rss2"

    /// The binder's prefix map: names in the mappings are written `dc:date`, `content:encoded`.
    static let prefixes = ["dc": dublinCore, "content": content, "rdf": rdf]
}

/// XML whitespace trimmed at both ends; `nil` for nothing or only whitespace.
func trimmed(_ text: String?) -> String? {
    guard let text else { return nil }
    // Most feed text has nothing to trim: say so from its first and last bytes.
    let bytes = text.utf8.span
    if !bytes.isEmpty, bytes[0] > 0x20, bytes[bytes.count - 1] > 0x20 { return text }
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return nil }
    return String(scalars[first...last])
}

/// A node the streaming form hands out: an RSS item or an Atom entry.
protocol FeedEntryNode: AnyObject {
    var feedItem: FeedItem { get }
}

/// A document root: an RSS document, an RDF document or an Atom feed.
protocol FeedRootNode: AnyObject {
    var feed: Feed { get }
}
