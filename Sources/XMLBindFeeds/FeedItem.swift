/// One item of a ``Feed`` (an Atom entry).
public struct FeedItem: Sendable, Hashable {
    /// The item's title.
    public var title: String?
    /// The item's link (Atom: the first `link` whose `rel` is `alternate` or absent, its `href`).
    public var link: String?
    /// The item's description (Atom: its summary).
    ///
    /// RSS's and RDF's description is its whole text (markup inside it, as some feeds write
    /// it unescaped, gives its text). An Atom summary of `type="xhtml"` is its markup: the
    /// XHTML inside its `<div>`, as XML (see ``descriptionText`` for its text).
    public var description: String?
    /// The description as text: for Atom's `type="xhtml"`, the text of the markup with a
    /// line break between blocks (`<p>moved.</p><p>Here's</p>` → `moved.` and `Here's` on
    /// two lines); otherwise the same as ``description`` (HTML a feed escaped stays HTML).
    public var descriptionText: String?
    /// The item's full content: `content:encoded`, or Atom's `content` (for
    /// `type="xhtml"`, its markup, as ``description`` is).
    public var content: String?
    /// The content as text, as ``descriptionText`` is the description's.
    public var contentText: String?
    /// When the item was published: RSS `pubDate` or `dc:date`; Atom `published` (0.3: `issued`).
    public var published: FeedDate?
    /// When the item last changed: Atom `updated` (0.3: `modified`).
    public var updated: FeedDate?
    /// RSS `guid`, Atom `id`, RDF `rdf:about`.
    public var id: String?
    /// RSS `author` or `dc:creator`; Atom's first author's `name`.
    public var author: String?
    /// RSS `category` texts and `dc:subject`; Atom `category` terms.
    public var categories: [String]
    /// RSS `enclosure`s; Atom `link`s whose `rel` is `enclosure`.
    public var enclosures: [FeedEnclosure]

    /// Creates an item from its parts.
    ///
    /// `descriptionText` and `contentText` default to `description` and `content`.
    public init(
        title: String? = nil, link: String? = nil, description: String? = nil, descriptionText: String? = nil,
        content: String? = nil, contentText: String? = nil,
        published: FeedDate? = nil, updated: FeedDate? = nil, id: String? = nil, author: String? = nil,
        categories: [String] = [], enclosures: [FeedEnclosure] = []
    ) {
        self.title = title
        self.link = link
        self.description = description
        self.descriptionText = descriptionText ?? description
        self.content = content
        self.contentText = contentText ?? content
        self.published = published
        self.updated = updated
        self.id = id
        self.author = author
        self.categories = categories
        self.enclosures = enclosures
    }

    /// The date to sort or show the item by: published, else updated.
    public var date: FeedDate? { published ?? updated }
}

/// A file attached to an item: a podcast's audio, say.
public struct FeedEnclosure: Sendable, Hashable {
    /// Where the file is.
    public var url: String
    /// Its media type, such as `audio/mpeg`.
    public var type: String?
    /// Its size in bytes, when the feed gives a number.
    public var length: Int?

    /// Creates an enclosure.
    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
