import Foundation
import XMLBind

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Feed {
    /// Reads a feed from its bytes.
    ///
    /// - Parameters:
    ///   - data: The document, in any encoding (see the Encodings article of the XMLBind documentation).
    ///   - encoding: The encoding named from outside the document (an HTTP `charset`), which
    ///     wins over its XML declaration; `nil` to go by the document.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings (feeds are read leniently: what is
    ///     passed over is a warning).
    /// - Throws: ``XMLBindError`` for a document that is not XML, or not a feed
    ///   (``XMLBindError/Code/unexpectedRoot``).
    public init(_ data: Data, encoding: String? = nil, file: String? = nil, warnings: WarningLog? = nil) throws {
        let root = try FeedMappings.binder(encoding: encoding).parse(
            data, as: Any?.self, file: file, warnings: warnings)
        self = try Self.feed(of: root, file: file)
    }

    /// Reads a feed from a file, straight into expat's buffer (whole up to 64 MiB, in pieces beyond).
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The name origins and diagnostics show; `nil` (the default) shows the file's path.
    ///   - warnings: Receives the parse's warnings.
    /// - Throws: ``XMLBindError``, with code ``XMLBindError/Code/io`` when the file cannot
    ///   be read.
    public init(contentsOf url: URL, file: String? = nil, warnings: WarningLog? = nil) throws {
        let root = try FeedMappings.binder.parse(contentsOf: url, as: Any?.self, file: file, warnings: warnings)
        self = try Self.feed(of: root, file: file ?? url.path)
    }

    /// Fetches and reads a feed through URLSession.
    ///
    /// The response's `charset`, when it names one, is the document's encoding (it wins
    /// over the XML declaration; a byte order mark still wins over it). A `charset` naming
    /// UTF-7 is passed over, and the document goes by its own bytes: a server (or whoever
    /// controls the header) may not choose UTF-7, whose `+ADw-` reads as `<`, any more than
    /// a document may (see the Security article of the XMLBind documentation).
    ///
    /// - Parameters:
    ///   - url: An `http:`, `https:` or `file:` URL.
    ///   - session: The session to fetch with.
    ///   - warnings: Receives the parse's warnings.
    /// - Throws: ``XMLBindError``: ``XMLBindError/Code/io`` when the fetch fails or the
    ///   server answers with an HTTP error, else what reading the feed throws.
    public static func load(
        contentsOf url: URL, session: URLSession = .shared, warnings: WarningLog? = nil
    ) async throws -> Feed {
        let (data, charset) = try await fetch(url, session: session)
        return try Feed(data, encoding: charset, file: url.absoluteString, warnings: warnings)
    }

    /// Reads the items of a feed one by one, handing each to `body` as its end tag is
    /// read and forgetting it: a feed of any size reads in flat memory.
    ///
    /// - Parameters:
    ///   - data: The document.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings.
    ///   - body: Receives each item in document order; returns ``StreamAction/continue``
    ///     or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem, or what `body` throws.
    public static func items(
        _ data: Data, file: String? = nil, warnings: WarningLog? = nil, _ body: (FeedItem) throws -> StreamAction
    ) throws {
        try FeedMappings.binder.stream(data, as: (any FeedEntryNode).self, file: file, warnings: warnings) {
            try body($0.feedItem)
        }
    }

    /// Reads the items of a feed file one by one, in chunks, as ``items(_:file:warnings:_:)`` does.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The name origins and diagnostics show; `nil` (the default) shows the file's path.
    ///   - warnings: Receives the parse's warnings.
    ///   - body: Receives each item; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem, or what `body` throws.
    public static func items(
        contentsOf url: URL, file: String? = nil, warnings: WarningLog? = nil,
        _ body: (FeedItem) throws -> StreamAction
    ) throws {
        try FeedMappings.binder.stream(contentsOf: url, as: (any FeedEntryNode).self, file: file, warnings: warnings) {
            try body($0.feedItem)
        }
    }

    // MARK: Helpers

    private static func feed(of root: Any?, file: String?) throws(XMLBindError) -> Feed {
        guard let root = root as? any FeedRootNode else {
            throw XMLBindError(
                code: .unexpectedRoot,
                message: "the document is not a feed: its root element is not RSS's <rss>, RDF's <rdf:RDF> or "
                    + "Atom's <feed>", origin: Origin(file: file, line: 1, column: 1))
        }
        return root.feed
    }

    private static func fetch(_ url: URL, session: URLSession) async throws(XMLBindError) -> (Data, String?) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch {
            throw XMLBindError(
                code: .io, message: "cannot fetch \(url.absoluteString): \(error.localizedDescription)",
                origin: Origin(file: url.absoluteString, line: 0, column: 0))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw XMLBindError(
                code: .io, message: "cannot fetch \(url.absoluteString): HTTP status \(http.statusCode)",
                origin: Origin(file: url.absoluteString, line: 0, column: 0))
        }
        return (data, response.textEncodingName.flatMap { isUTF7($0) ? nil : $0 })
    }

    /// Whether a charset is one of UTF-7's names (`UTF-7`, `unicode-1-1-utf-7`,
    /// `csUnicode11UTF7`, `UTF-7-IMAP`…), matched loosely as encoding names are (letters and
    /// digits only, case-insensitively), as the core refuses them in a declaration.
    static func isUTF7(_ charset: String) -> Bool {
        let key = String(
            charset.lowercased().unicodeScalars.filter {
                $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
            })
        return key.hasPrefix("utf7") || key.hasPrefix("unicode11utf7") || key.hasPrefix("csunicode11utf7")
    }
}
