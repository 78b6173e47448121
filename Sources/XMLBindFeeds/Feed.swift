import XMLBind

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A news feed in any of its formats, read through XMLBind mappings: RSS 0.91, 0.92 and
/// 2.0, RSS 0.90 and 1.0 (RDF), Atom 0.3 and 1.0.
///
/// ```swift
/// let feed = try Feed(data)
/// for item in feed.items {
///     print(item.published?.date ?? .distantPast, item.title ?? "", item.link ?? "")
/// }
/// ```
///
/// Every format reads into the same fields. Text is the element's whole text (that of
/// elements inside it included), CDATA and entity references included, with XML whitespace
/// trimmed at the ends; Atom's `type="xhtml"` summaries and content keep their markup, with
/// the text beside it (``FeedItem/descriptionText``). Extensions a mapping does
/// not name are passed over, so an RSS channel that also carries `dc:title` or a second
/// `<title>` still reads (the first title wins). See the Feeds article of the XMLBind documentation.
public struct Feed: Sendable {
    /// The format a feed is written in.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case rss090 = "RSS 0.90"
        case rss091 = "RSS 0.91"
        case rss092 = "RSS 0.92"
        case rss20 = "RSS 2.0"
        case rss10 = "RSS 1.0"
        case atom03 = "Atom 0.3"
        case atom10 = "Atom 1.0"
    }

    /// The feed's format (an RSS document without a known `version` counts as RSS 2.0).
    public var kind: Kind
    /// The channel's (or Atom feed's) title.
    public var title: String?
    /// The channel's link (Atom: the first `link` whose `rel` is `alternate` or absent).
    public var link: String?
    /// The channel's description, or the Atom feed's subtitle (0.3: tagline): for a subtitle
    /// of `type="xhtml"`, its markup (see ``FeedItem/description``).
    public var description: String?
    /// The description as text (see ``FeedItem/descriptionText``).
    public var descriptionText: String?
    /// When the feed last changed: RSS `lastBuildDate`, `pubDate` or `dc:date`; Atom `updated`
    /// (0.3: `modified`).
    public var updated: FeedDate?
    /// The items (Atom: entries), in document order.
    public var items: [FeedItem]

    /// Creates a feed from its parts; `descriptionText` defaults to `description`.
    public init(
        kind: Kind, title: String? = nil, link: String? = nil, description: String? = nil,
        descriptionText: String? = nil, updated: FeedDate? = nil,
        items: [FeedItem] = []
    ) {
        self.kind = kind
        self.title = title
        self.link = link
        self.description = description
        self.descriptionText = descriptionText ?? description
        self.updated = updated
        self.items = items
    }
}
