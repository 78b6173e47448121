import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Foundation's `XMLParser` with a hand-written delegate building the same graph: what a
/// Swift user writes today without a binder.
///
/// Namespace processing is on, so elements are matched by namespace URI and local name,
/// as the binder matches them.
///
/// The parser reads the bytes through an `InputStream`, not `XMLParser(data:)`: on Linux
/// the data form hands libxml2 the whole document as one push chunk, and libxml2 (without
/// `XML_PARSE_HUGE`, which FoundationXML does not set) fails a chunk over its 10 MB lookup
/// limit with `XMLParser.ErrorCode.internalError` — every 20 MB workload. The stream
/// form pushes the same bytes in Foundation's own chunk size, as it does for a file.
struct FoundationContender: Contender {
    let name = "foundation"

    func parse(_ document: Document) throws -> ParseResult {
        let parser = XMLParser(stream: InputStream(data: document.bytes))
        parser.shouldProcessNamespaces = true
        switch document.workload {
        case .beans:
            let delegate = BeansParserDelegate()
            parser.delegate = delegate
            try run(parser)
            guard let root = delegate.root else { throw BenchmarkError("foundation: no <beans> root element") }
            return .beans(root)
        case .rss:
            let delegate = RSSParserDelegate()
            parser.delegate = delegate
            try run(parser)
            guard let root = delegate.root else { throw BenchmarkError("foundation: no <rss> root element") }
            return .rss(root)
        }
    }

    private func run(_ parser: XMLParser) throws {
        guard parser.parse() else {
            let reason = parser.parserError.map { String(describing: $0) } ?? "unknown error"
            throw BenchmarkError(
                "foundation: XMLParser failed at line \(parser.lineNumber), column \(parser.columnNumber): \(reason)")
        }
    }

    /// Text with leading and trailing XML whitespace (space, tab, CR, LF) removed, as
    /// XMLBind's `Conversion.trimmed` removes it.
    static func trimmed(_ text: String) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        // Whitespace bytes are whole scalars, so these indices are valid String indices.
        return String(text[start..<end])
    }
}
