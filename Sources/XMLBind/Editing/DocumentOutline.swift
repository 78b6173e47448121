/// Where every element and attribute value of a document lies, as byte offsets: what
/// editing in place needs to rewrite one value and leave the rest of the bytes alone.
///
/// Made only for an edit (a normal parse records nothing of it), by one scan of a document
/// that expat has already accepted as well-formed, so the scan only finds boundaries: tags,
/// attribute values, comments, processing instructions, CDATA sections and the DOCTYPE.
/// Elements are kept in document order (the order of their `<`), in flat arrays.
struct DocumentOutline: Sendable {
    /// One element: its tags and where its content lies.
    struct Element {
        /// The offset of the `<` of its start tag.
        var start: Int
        /// Its qualified name in the start tag.
        var name: Range<Int>
        /// The offset just past the start tag's `>`.
        var startTagEnd: Int
        /// The offset of its end tag's `<` (`startTagEnd` for an empty-element tag).
        var endTagStart: Int
        /// The offset just past its end.
        var end: Int
        /// Whether it is written `<name …/>`.
        var isEmptyTag: Bool
        /// Its attributes: `attributes[firstAttribute ..< firstAttribute + attributeCount]`.
        var firstAttribute: Int
        var attributeCount: Int
        /// The enclosing element, `-1` for the root.
        var parent: Int
        /// Its child elements, in order.
        var children: [Int] = []
        /// Whether its content holds a comment, processing instruction or CDATA section.
        var holdsMarkup = false
    }

    /// One attribute of a start tag.
    struct Attribute {
        /// Its qualified name.
        var name: Range<Int>
        /// Its value, inside the quotes.
        var value: Range<Int>
        /// `"` or `'`.
        var quote: UInt8
        /// The offset of the whitespace before its name: removing the attribute removes from here.
        var leadingSpace: Int
    }

    let bytes: [UInt8]
    /// The document's line break: `\r\n` when its first line ends so, else `\n`.
    let lineBreak: String
    private(set) var elements: [Element] = []
    private(set) var attributes: [Attribute] = []

    /// Scans `bytes`, a document expat accepted.
    ///
    /// - Parameter checksEncoding: Whether to refuse a document that says it is in another
    ///   encoding than UTF-8 (`false` for a `String`'s text, which is UTF-8 whatever it says).
    /// - Throws: ``OutlineError`` when the bytes are not UTF-8 (or ASCII), the only
    ///   encodings whose values editing in place can write.
    init(scanning bytes: [UInt8], checksEncoding: Bool = true) throws(OutlineError) {
        self.bytes = bytes
        let firstBreak = bytes.firstIndex(of: 0x0A)
        lineBreak = firstBreak.map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        if checksEncoding { try checkEncoding() }
        try scan()
    }

    /// The element whose start tag begins at `offset`, by binary search.
    func element(startingAt offset: Int) -> Int? {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return low < elements.count && elements[low].start == offset ? low : nil
    }

    /// The bytes of a range, as a string.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The local part of a qualified name.
    func localName(_ range: Range<Int>) -> Substring {
        let name = text(range)
        guard let colon = name.firstIndex(of: ":") else { return Substring(name) }
        return name[name.index(after: colon)...]
    }

    /// Whether element `index`'s local name is `local`, compared as bytes.
    func hasLocalName(_ index: Int, _ local: String) -> Bool {
        let name = elements[index].name
        var start = name.lowerBound
        for offset in name where bytes[offset] == UInt8(ascii: ":") { start = offset + 1 }
        return local.utf8.elementsEqual(bytes[start..<name.upperBound])
    }

    /// The prefix of a qualified name, `nil` when it has none.
    func prefix(_ range: Range<Int>) -> String? {
        let name = text(range)
        return name.firstIndex(of: ":").map { String(name[..<$0]) }
    }

    /// The attributes of element `index`.
    func attributes(of index: Int) -> ArraySlice<Attribute> {
        let element = elements[index]
        return attributes[element.firstAttribute..<(element.firstAttribute + element.attributeCount)]
    }

    /// The namespace URI `prefix` is bound to at element `index` (`nil` prefix: the default
    /// namespace), or `nil` when it is not bound.
    func namespaceURI(prefix: String?, at index: Int) -> String? {
        let declaration = prefix.map { "xmlns:" + $0 } ?? "xmlns"
        var current = index
        while current >= 0 {
            for attribute in attributes(of: current) where text(attribute.name) == declaration {
                return text(attribute.value)
            }
            current = elements[current].parent
        }
        return prefix == "xml" ? "http://www.w3.org/XML/1998/namespace" : nil
    }

    /// The namespace declarations in scope at element `index` (-1: none), nearest first, one
    /// per prefix (`""` for the default namespace).
    func namespaceDeclarations(inScopeAt index: Int) -> [(prefix: String, uri: String)] {
        var found: [(prefix: String, uri: String)] = []
        var current = index
        while current >= 0 {
            for attribute in attributes(of: current) {
                let name = text(attribute.name)
                guard name == "xmlns" || name.hasPrefix("xmlns:") else { continue }
                let prefix = name == "xmlns" ? "" : String(name.dropFirst(6))
                if !found.contains(where: { $0.prefix == prefix }) { found.append((prefix, text(attribute.value))) }
            }
            current = elements[current].parent
        }
        return found
    }

    /// The whitespace that starts the line element `index` starts on, when nothing but
    /// whitespace comes before it on that line; `nil` when it shares its line.
    func ownIndentation(of index: Int) -> String? {
        var cursor = elements[index].start
        while cursor > 0, bytes[cursor - 1] == 0x20 || bytes[cursor - 1] == 0x09 { cursor -= 1 }
        guard cursor == 0 || bytes[cursor - 1] == 0x0A else { return nil }
        return text(cursor..<elements[index].start)
    }

    /// The range that removing element `index` removes: its own line (the line break
    /// before it, its indentation and trailing blanks) when it has one, else the element alone.
    ///
    /// The line break removed is the one before, so that the range ends where the element
    /// does and an insertion after the element before it never overlaps it.
    func removalRange(of index: Int) -> Range<Int> {
        let element = elements[index]
        var lower = element.start
        while lower > 0, bytes[lower - 1] == 0x20 || bytes[lower - 1] == 0x09 { lower -= 1 }
        var upper = element.end
        while upper < bytes.count, bytes[upper] == 0x20 || bytes[upper] == 0x09 { upper += 1 }
        let endsLine = upper == bytes.count || bytes[upper] == 0x0A || bytes[upper] == 0x0D
        guard lower > 0, bytes[lower - 1] == 0x0A, endsLine else { return element.start..<element.end }
        lower -= 1
        if lower > 0, bytes[lower - 1] == 0x0D { lower -= 1 }
        // Between two blank lines, one of them goes too (the one after, so that the range
        // still starts at a line break and never reaches back over the element before).
        if isBlankLine(endingAt: lower), let next = lineEnd(after: upper), isBlankLine(endingAt: next) {
            upper = bytes[upper] == 0x0D ? upper + 2 : upper + 1
        }
        return lower..<upper
    }

    /// Whether the line that ends with the line break at `offset` holds only spaces and
    /// tabs (and is not the document's first line).
    private func isBlankLine(endingAt offset: Int) -> Bool {
        var cursor = offset
        while cursor > 0, bytes[cursor - 1] == 0x20 || bytes[cursor - 1] == 0x09 { cursor -= 1 }
        return cursor > 0 && bytes[cursor - 1] == 0x0A
    }

    /// The offset of the line break that ends the line after the one whose line break
    /// starts at `offset` (`\r\n` or `\n`), `nil` when there is none.
    private func lineEnd(after offset: Int) -> Int? {
        guard offset < bytes.count, bytes[offset] == 0x0A || bytes[offset] == 0x0D else { return nil }
        var cursor = bytes[offset] == 0x0D ? offset + 1 : offset
        guard cursor < bytes.count, bytes[cursor] == 0x0A else { return nil }
        cursor += 1
        while cursor < bytes.count, bytes[cursor] != 0x0A {
            cursor += 1
        }
        guard cursor < bytes.count else { return nil }
        return bytes[cursor - 1] == 0x0D ? cursor - 1 : cursor
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Scanning

    private func checkEncoding() throws(OutlineError) {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw OutlineError(message: "the document is UTF-16; editing in place writes UTF-8 documents only")
        }
        guard bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: [0xEF, 0xBB, 0xBF] + Array("<?xml".utf8))
        else { return }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard let end = head.firstRange(of: "?>"), let found = head.firstRange(of: "encoding") else { return }
        guard found.lowerBound < end.lowerBound else { return }
        let rest = head[found.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first else { return }
        let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
        guard name == "utf-8" || name == "utf8" || name == "us-ascii" || name == "ascii" else {
            throw OutlineError(
                message: "the document is encoded as \(name); editing in place writes UTF-8 documents only")
        }
    }

    private mutating func scan() throws(OutlineError) {
        var open: [Int] = []
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let next = index + 1 < count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") {
                index = try skip(past: "?>", from: index + 2)
                if let last = open.last { elements[last].holdsMarkup = true }
            } else if next == UInt8(ascii: "!") {
                if matches("<!--", at: index) {
                    index = try skip(past: "-->", from: index + 4)
                } else if matches("<![CDATA[", at: index) {
                    index = try skip(past: "]]>", from: index + 9)
                } else {
                    index = try skipDeclaration(from: index + 2)
                }
                if let last = open.last { elements[last].holdsMarkup = true }
            } else if next == UInt8(ascii: "/") {
                guard let last = open.popLast() else { throw OutlineError(message: "an end tag without a start") }
                elements[last].endTagStart = index
                index = try skip(past: ">", from: index + 2)
                elements[last].end = index
            } else {
                index = try startTag(at: index, open: &open)
            }
        }
        guard open.isEmpty else { throw OutlineError(message: "an element is not closed") }
    }

    /// Reads a start tag at `start` and returns the offset past it.
    private mutating func startTag(at start: Int, open: inout [Int]) throws(OutlineError) -> Int {
        var index = start + 1
        let count = bytes.count
        while index < count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        let name = (start + 1)..<index
        let first = attributes.count
        var isEmpty = false
        while true {
            let spaceStart = index
            while index < count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < count else { throw OutlineError(message: "a start tag is not closed") }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                isEmpty = true
                index = try skip(past: ">", from: index)
                break
            }
            let nameStart = index
            while index < count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let attributeName = nameStart..<index
            while index < count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") { index += 1 }
            guard index < count else { throw OutlineError(message: "an attribute value is not quoted") }
            let quote = bytes[index]
            let valueStart = index + 1
            index = valueStart
            while index < count, bytes[index] != quote { index += 1 }
            guard index < count else { throw OutlineError(message: "an attribute value is not closed") }
            attributes.append(
                Attribute(name: attributeName, value: valueStart..<index, quote: quote, leadingSpace: spaceStart))
            index += 1
        }
        let parent = open.last ?? -1
        elements.append(
            Element(
                start: start, name: name, startTagEnd: index, endTagStart: index, end: index, isEmptyTag: isEmpty,
                firstAttribute: first, attributeCount: attributes.count - first, parent: parent))
        let element = elements.count - 1
        if parent >= 0 { elements[parent].children.append(element) }
        if !isEmpty { open.append(element) }
        return index
    }

    private func matches(_ text: StaticString, at index: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in
            for offset in 0..<length where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// The offset just past the next `terminator` at or after `index`.
    private func skip(past terminator: StaticString, from index: Int) throws(OutlineError) -> Int {
        var cursor = index
        let first = terminator.withUTF8Buffer { $0[0] }
        while cursor < bytes.count {
            if bytes[cursor] == first, matches(terminator, at: cursor) { return cursor + terminator.utf8CodeUnitCount }
            cursor += 1
        }
        throw OutlineError(message: "the document ends inside markup")
    }

    /// Skips a `<!DOCTYPE …>` (or other declaration), its internal subset included, from
    /// just after `<!`.
    private func skipDeclaration(from index: Int) throws(OutlineError) -> Int {
        var cursor = index
        var depth = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != byte { cursor += 1 }
            } else if matches("<!--", at: cursor) {
                cursor = try skip(past: "-->", from: cursor + 4) - 1
            } else if byte == UInt8(ascii: "<"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "?") {
                cursor = try skip(past: "?>", from: cursor + 2) - 1
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

/// Why a document's outline could not be made (see ``DocumentOutline``).
struct OutlineError: Error {
    var message: String
}
