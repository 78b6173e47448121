/// The one scan that makes a ``DocumentOutline``: over a document expat has already accepted
/// as well-formed, so it only finds boundaries (tags, attribute values, comments, processing
/// instructions, CDATA sections and the DOCTYPE) and skips text a byte at a time.
///
/// It reads the document through a view lent for the length of ``scan(_:)`` (the outline's
/// bytes), with no bounds check per byte: the scan costs about as much as reading the bytes.
struct OutlineScanner {
    private(set) var elements: [DocumentOutline.Element] = []
    /// The elements whose end tag is still to come, innermost last.
    private var open: [Int] = []

    /// A scanner whose array holds `expectedElements` elements before it grows.
    init(expectedElements: Int = 0) {
        elements.reserveCapacity(expectedElements)
    }

    /// Scans `bytes`, recording every element.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutlineError) {
        var index = 0
        let count = bytes.count
        while true {
            index = Self.offset(of: UInt8(ascii: "<"), in: bytes, from: index)
            guard index < count else { break }
            let next = index + 1 < count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") {
                index = try Self.skip(past: "?>", from: index + 2, in: bytes)
                markMarkup()
            } else if next == UInt8(ascii: "!") {
                if Self.matches("<!--", at: index, in: bytes) {
                    index = try Self.skip(past: "-->", from: index + 4, in: bytes)
                } else if Self.matches("<![CDATA[", at: index, in: bytes) {
                    index = try Self.skip(past: "]]>", from: index + 9, in: bytes)
                } else {
                    index = try Self.skipDeclaration(from: index + 2, in: bytes)
                }
                markMarkup()
            } else if next == UInt8(ascii: "/") {
                guard let last = open.popLast() else { throw OutlineError(message: "an end tag without a start") }
                elements[last].endTagStart = index
                index = Self.offset(of: UInt8(ascii: ">"), in: bytes, from: index + 2)
                guard index < count else { throw OutlineError(message: "the document ends inside markup") }
                index += 1
                elements[last].end = index
            } else {
                index = try startTag(at: index, in: bytes)
            }
        }
        guard open.isEmpty else { throw OutlineError(message: "an element is not closed") }
    }

    /// Notes that the innermost open element's content holds markup other than elements.
    private mutating func markMarkup() {
        if let last = open.last { elements[last].holdsMarkup = true }
    }

    /// Reads a start tag at `start` and returns the offset past it.
    ///
    /// Its attributes are passed over, not recorded: an edit reads the attributes of the
    /// few start tags it rewrites again (``attributes(ofStartTagAt:in:)``), and the scan
    /// saves a record for each of the document's attributes. Past the name, only quotes
    /// (whose values may hold `>` and `/`), `>` and `/` matter.
    private mutating func startTag(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(OutlineError) -> Int {
        let count = bytes.count
        var index = Self.nameEnd(from: start + 1, in: bytes)
        let name = (start + 1)..<index
        var isEmpty = false
        while true {
            guard index < count else { throw OutlineError(message: "a start tag is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                isEmpty = true
                // `/>` in a well-formed document; the search is only a fallback.
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") {
                    index += 2
                } else {
                    index = try Self.skip(past: ">", from: index, in: bytes)
                }
                break
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = Self.offset(of: byte, in: bytes, from: index + 1)
                guard index < count else { throw OutlineError(message: "an attribute value is not closed") }
            }
            index += 1
        }
        elements.append(
            DocumentOutline.Element(
                start: start, name: name, startTagEnd: index, endTagStart: index, end: index, isEmptyTag: isEmpty,
                parent: open.last ?? -1))
        if !isEmpty { open.append(elements.count - 1) }
        return index
    }

    /// The offset just past the element name that starts at `index`.
    private static func nameEnd(from index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = index
        while index < bytes.count, !DocumentOutline.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        return index
    }

    /// The attributes of the start tag at `start`, in order, read again from a document the
    /// scan accepted (so a tag that ends early only ends the list).
    static func attributes(ofStartTagAt start: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> [DocumentOutline.Attribute]
    {
        var found: [DocumentOutline.Attribute] = []
        let count = bytes.count
        var index = nameEnd(from: start + 1, in: bytes)
        while true {
            let spaceStart = index
            while index < count, DocumentOutline.isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else {
                return found
            }
            let nameStart = index
            while index < count, !DocumentOutline.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") {
                index += 1
            }
            let attributeName = nameStart..<index
            while index < count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") { index += 1 }
            guard index < count else { return found }
            let quote = bytes[index]
            let valueStart = index + 1
            index = offset(of: quote, in: bytes, from: valueStart)
            guard index < count else { return found }
            found.append(
                DocumentOutline.Attribute(
                    name: attributeName, value: valueStart..<index, quote: quote, leadingSpace: spaceStart))
            index += 1
        }
    }

    private static func matches(_ text: StaticString, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in
            for offset in 0..<length where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// The offset just past the next `terminator` at or after `index`.
    private static func skip(past terminator: StaticString, from index: Int, in bytes: UnsafeBufferPointer<UInt8>)
        throws(OutlineError) -> Int
    {
        let first = terminator.withUTF8Buffer { $0[0] }
        var cursor = offset(of: first, in: bytes, from: index)
        while cursor < bytes.count {
            if matches(terminator, at: cursor, in: bytes) { return cursor + terminator.utf8CodeUnitCount }
            cursor = offset(of: first, in: bytes, from: cursor + 1)
        }
        throw OutlineError(message: "the document ends inside markup")
    }

    /// Skips a `<!DOCTYPE …>` (or other declaration), its internal subset included, from
    /// just after `<!`.
    private static func skipDeclaration(from index: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(OutlineError)
        -> Int
    {
        var cursor = index
        var depth = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != byte { cursor += 1 }
            } else if matches("<!--", at: cursor, in: bytes) {
                cursor = try skip(past: "-->", from: cursor + 4, in: bytes) - 1
            } else if byte == UInt8(ascii: "<"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "?") {
                cursor = try skip(past: "?>", from: cursor + 2, in: bytes) - 1
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return cursor + 1
            }
            cursor += 1
        }
        throw OutlineError(message: "the document ends inside its DOCTYPE")
    }
}
