/// Where every element and attribute value of a document lies, as byte offsets: what
/// editing in place needs to rewrite one value and leave the rest of the bytes alone.
///
/// Made only for an edit (a normal parse records nothing of it), by one scan of a document
/// that expat has already accepted as well-formed, so the scan only finds boundaries: tags,
/// attribute values, comments, processing instructions, CDATA sections and the DOCTYPE.
/// Elements are kept in document order (the order of their `<`), in flat arrays; the
/// attributes of a start tag are read again when an edit asks for them (a few tags), rather
/// than recorded for every tag of the document.
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
        /// The enclosing element, `-1` for the root.
        var parent: Int
        /// Whether its content holds a comment, processing instruction or CDATA section.
        var holdsMarkup = false
    }

    /// One attribute of a start tag (read on demand: ``attributes(of:)``).
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
    /// The child elements of element `i`, in order: `childList[childStart[i] ..< childStart[i + 1]]`
    /// (in flat arrays rather than one array per element, which would cost an allocation
    /// for each element that has children).
    private var childStart: [Int] = []
    private var childList: [Int] = []

    /// Scans `bytes`, a document expat accepted.
    ///
    /// - Parameters:
    ///   - checksEncoding: Whether to refuse a document that says it is in another
    ///     encoding than UTF-8 (`false` for a `String`'s text, which is UTF-8 whatever it says).
    ///   - expectedElements: How many elements the document holds at least, when known (the
    ///     objects its parse recorded): the flat arrays are made that large at once rather
    ///     than doubled their way up.
    /// - Throws: ``OutlineError`` when the bytes are not UTF-8 (or ASCII), the only
    ///   encodings whose values editing in place can write.
    init(scanning bytes: [UInt8], checksEncoding: Bool = true, expectedElements: Int = 0) throws(OutlineError) {
        self.bytes = bytes
        let firstBreak = bytes.firstIndex(of: 0x0A)
        lineBreak = firstBreak.map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        if checksEncoding { try checkEncoding() }
        elements = try bytes.withUnsafeBufferPointer { view throws(OutlineError) in
            var scanner = OutlineScanner(expectedElements: expectedElements)
            try scanner.scan(view)
            return scanner.elements
        }
        (childStart, childList) = Self.children(of: elements)
    }

    /// The child elements of each element, as ``childStart`` and ``childList`` hold them.
    private static func children(of elements: [Element]) -> (start: [Int], list: [Int]) {
        var start = [Int](repeating: 0, count: elements.count + 1)
        for element in elements where element.parent >= 0 { start[element.parent + 1] += 1 }
        for index in elements.indices { start[index + 1] += start[index] }
        var list = [Int](repeating: 0, count: start[elements.count])
        var next = start
        for (index, element) in elements.enumerated() where element.parent >= 0 {
            list[next[element.parent]] = index
            next[element.parent] += 1
        }
        return (start, list)
    }

    /// The child elements of element `index`, in document order.
    func children(of index: Int) -> ArraySlice<Int> {
        childList[childStart[index]..<childStart[index + 1]]
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
        // A native string lends its UTF-8 in place (no copy of the string to make it so).
        if let found = local.utf8.withContiguousStorageIfAvailable({ hasLocalName(index, bytes: $0) }) {
            return found
        }
        var local = local
        return local.withUTF8 { hasLocalName(index, bytes: $0) }
    }

    /// Whether element `index`'s local name (what follows its last `:`) is the UTF-8 `local`.
    ///
    /// Compared from the end: the name ends with `local`, which holds no `:`, and the byte
    /// before it (if any) is `:`. No pass over the prefix to find its colon.
    func hasLocalName(_ index: Int, bytes local: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = elements[index].name
        let start = name.upperBound - local.count
        guard start >= name.lowerBound else { return false }
        return bytes.withUnsafeBufferPointer { all in
            if start > name.lowerBound, all[start - 1] != UInt8(ascii: ":") { return false }
            // A plain loop: the generic `elementsEqual` cost some 280 instructions a name.
            for offset in 0..<local.count {
                let byte = local[offset]
                if byte != all[start + offset] || byte == UInt8(ascii: ":") { return false }
            }
            return true
        }
    }

    /// The prefix of a qualified name, `nil` when it has none.
    func prefix(_ range: Range<Int>) -> String? {
        let name = text(range)
        return name.firstIndex(of: ":").map { String(name[..<$0]) }
    }

    /// The attributes of element `index`, in order, read from its start tag.
    func attributes(of index: Int) -> [Attribute] {
        let start = elements[index].start
        return bytes.withUnsafeBufferPointer { OutlineScanner.attributes(ofStartTagAt: start, in: $0) }
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
}

/// Why a document's outline could not be made (see ``DocumentOutline``).
struct OutlineError: Error {
    var message: String
}
