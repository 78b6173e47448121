/// The well-formedness errors whose expat message the binder rewrites into one that says
/// what to do.
enum Malformation: Sendable, Hashable {
    /// `XML_ERROR_TAG_MISMATCH`: an end tag that does not close the innermost open element.
    case mismatchedTag
    /// `XML_ERROR_NO_ELEMENTS`: the input ended with elements still open, or had none.
    case noElement
    /// `XML_ERROR_DUPLICATE_ATTRIBUTE`.
    case duplicateAttribute
    /// `XML_ERROR_INVALID_TOKEN`: often a bare `&`, or a `<` inside an attribute value.
    case invalidToken
    /// `XML_ERROR_AMPLIFICATION_LIMIT_BREACH`: entity expansion grew too much.
    case amplification
    /// `XML_ERROR_UNCLOSED_TOKEN`: the input ended inside a tag, comment or reference.
    case unclosedToken
}

/// Rewrites expat's terse messages ("mismatched tag", "no element found", "duplicate
/// attribute", "not well-formed (invalid token)") into ones that name the element, the
/// attribute or the character at fault, with a note where the element opened.
///
/// Runs once, on the error path, after the parse has stopped: it reads the document again
/// (see ``OpenElementScanner``). When the source cannot be read again, expat's own message
/// stays.
enum WellFormednessAdvice {
    /// The failure with a better message, caret and notes, when it is one of the
    /// ``Malformation`` cases and the source can be read; otherwise the failure as it is.
    static func explain(_ failure: PendingDiagnostic, locator: SourceLocator, limits: ParseLimits)
        -> PendingDiagnostic
    {
        guard let malformation = failure.malformation else { return failure }
        var diagnostic = failure
        let offset = failure.byteOffset
        switch malformation {
        case .amplification:
            let factor = amplification(limits.maximumAmplification)
            diagnostic.message =
                "entity expansion grew the document more than \(factor) times its size; the limit is \(factor) "
                + "(ParseLimits.maximumAmplification), enforced once expansion passes "
                + "\(limits.amplificationThreshold) bytes (ParseLimits.amplificationThreshold)"
            return diagnostic
        case .mismatchedTag:
            let found = name(at: offset, locator: locator)
            guard let scan = OpenElementScanner.scan(locator, upTo: offset), let innermost = scan.open.last else {
                // A stream whose early part is gone: the end tag is known, the open element not.
                if !found.isEmpty {
                    diagnostic.message = "mismatched end tag </\(found)>: it does not close the innermost open element"
                }
                return diagnostic
            }
            diagnostic.message =
                "mismatched end tag: expected </\(innermost.name)> to close <\(innermost.name)>"
                + (found.isEmpty ? "" : ", found </\(found)>")
            diagnostic.notes.append(.init(message: "<\(innermost.name)> opened here", byteOffset: innermost.offset))
            diagnostic.fix = closingFix(open: scan.open, endTagName: found, at: offset, locator: locator)
        case .noElement:
            // An empty input is reported at offset -1.
            guard offset > 0 else {
                diagnostic.message = "no element found: the document is empty"
                return diagnostic
            }
            guard let scan = OpenElementScanner.scan(locator, upTo: offset) else {
                diagnostic.message = "the document ends with elements still open"
                return diagnostic
            }
            guard let innermost = scan.open.last else {
                if scan.root == nil, scan.context == .text {
                    diagnostic.message = "no element found: the document has no root element"
                }
                return diagnostic
            }
            let closing = scan.open.reversed().map { "</\($0.name)>" }
            let shown = closing.prefix(4).joined() + (closing.count > 4 ? "… (\(closing.count - 4) more)" : "")
            diagnostic.message = "the document ends inside <\(innermost.name)>; expected \(shown)"
            diagnostic.notes.append(.init(message: "<\(innermost.name)> opened here", byteOffset: innermost.offset))
            diagnostic.fix = endOfInputFix(open: scan.open, at: offset, locator: locator)
        case .duplicateAttribute:
            let attribute = name(at: offset, locator: locator)
            guard !attribute.isEmpty else { return failure }
            diagnostic.message = "duplicate attribute '\(attribute)': an attribute may appear only once in a start tag"
            if let scan = OpenElementScanner.scan(locator, upTo: offset), case .startTag(let tag) = scan.context,
                let first = locator.attributeOffsets(tagStart: tag, qualifiedName: attribute)?.name, first < offset
            {
                diagnostic.notes.append(.init(message: "first given here", byteOffset: first))
                diagnostic.fix = duplicateAttributeFix(attribute, first: first, second: offset, locator: locator)
            }
        case .unclosedToken:
            let head = locator.unitSize == 1 ? locator.source.bytes(at: offset, count: 9) : []
            let what: String
            if head.starts(with: Array("<!--".utf8)) {
                what = "a comment; expected '-->'"
            } else if head.starts(with: Array("<![CDATA[".utf8)) {
                what = "a CDATA section; expected ']]>'"
            } else if head.starts(with: Array("<?".utf8)) {
                what = "a processing instruction; expected '?>'"
            } else if head.starts(with: Array("</".utf8)) {
                what = "an end tag; expected '>'"
            } else if head.first == UInt8(ascii: "<") {
                let scan = OpenElementScanner.scan(locator, upTo: nil)
                if case .attributeValue = scan?.context {
                    what = "an attribute value of this start tag; expected its closing quote"
                } else {
                    what = "this start tag; expected '>'"
                }
            } else if head.first == UInt8(ascii: "&") {
                what = "an entity reference; expected ';'"
            } else {
                return failure
            }
            diagnostic.message = "the document ends inside " + what
        case .invalidToken:
            if let ampersand = bareAmpersand(before: offset, locator: locator) {
                diagnostic.byteOffset = ampersand
                diagnostic.focus = .offset
                diagnostic.fallback = nil
                diagnostic.message =
                    "unescaped '&': write '&amp;' for a literal ampersand, or end the entity reference with ';'"
                diagnostic.fix = .ready(
                    FixIt(
                        "replace '&' with '&amp;'",
                        edits: [TextEdit(range: ampersand..<(ampersand + 1), replacement: "&amp;")]))
            } else if locator.source.bytes(at: offset, count: 1) == [UInt8(ascii: "<")],
                let scan = OpenElementScanner.scan(locator, upTo: offset), case .attributeValue = scan.context
            {
                diagnostic.message = "'<' is not allowed in an attribute value: write '&lt;'"
                diagnostic.fix = .ready(escapeLessThan(at: offset))
            } else if offset > 0, locator.source.bytes(at: offset - 1, count: 1) == [UInt8(ascii: "<")],
                let scan = OpenElementScanner.scan(locator, upTo: offset - 1), scan.context == .text,
                !scan.open.isEmpty
            {
                // expat refuses the character after a `<` that no name, `/`, `!` or `?` follows.
                diagnostic.byteOffset = offset - 1
                diagnostic.focus = .offset
                diagnostic.fallback = nil
                diagnostic.message = "'<' starts markup: write '&lt;' for a literal '<' in text"
                diagnostic.fix = .ready(escapeLessThan(at: offset - 1))
            }
        }
        return diagnostic
    }

    /// `20` for 20.0, `1.5` for 1.5.
    private static func amplification(_ factor: Double) -> String {
        let shown = max(factor, 1)
        return shown == shown.rounded() && shown < 1e15 ? String(Int(shown)) : String(shown)
    }

    /// The name written at `offset` (an end tag's or attribute's), up to a space, `=`,
    /// `>` or `/`.
    private static func name(at offset: Int, locator: SourceLocator) -> String {
        guard locator.unitSize == 1 else { return "" }
        let bytes = locator.source.bytes(at: offset, count: 256)
        let end =
            bytes.firstIndex {
                [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains($0)
            }
            ?? bytes.count
        guard end < bytes.count else { return "" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The offset of a `&` that starts no entity reference: expat reports the token after
    /// it (`& `), or the first character after the name that is not `;` (`&T`, `R&D"`).
    private static func bareAmpersand(before offset: Int, locator: SourceLocator) -> Int? {
        guard locator.unitSize == 1, offset > 0 else { return nil }
        let start = max(0, offset - 128)
        let bytes = locator.source.bytes(at: start, count: offset - start)
        var index = bytes.count - 1
        while index >= 0, isNameByte(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: "&") else { return nil }
        return start + index
    }

    /// A byte that can be part of an entity name (any byte of a multi-byte character too).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }
}
