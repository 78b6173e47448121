/// Finds where a document can be cut for parallel binding: the repeated elements, their
/// parent (the container) with the namespace declarations in scope there, and the cuts
/// between them, each with its line and column.
///
/// The head of the document is read tag by tag (knowing the XML declaration, comments,
/// CDATA sections, processing instructions, attribute values with `>` inside and the
/// DOCTYPE) up to the first element whose previous sibling has the same name. The rest is
/// not read tag by tag: each cut is the first `<name` after an even share of the bytes
/// that follows a `>` and whitespace. A cut that falls in a comment, a CDATA section or a
/// nested element of the same name is found out when the piece before it is bound (it
/// does not end where it began, at its parent's level), and the rest of the document is
/// then bound sequentially; so the scan costs a byte search per cut, and a count of the
/// lines before each.
struct DocumentScanner {
    /// What the head of the document says about cutting it.
    struct Split: Sendable {
        /// The offset of the first repeated element's `<`.
        var runStart: Int
        /// The offset of the container's end tag's `<`: the last piece ends there.
        var runEnd: Int
        /// The depth of the repeated elements (the root is at 1).
        var depth: Int
        /// The container's qualified name, as written.
        var containerName: [UInt8]
        /// The repeated elements' qualified name, as written.
        var elementName: [UInt8]
        /// The namespace declarations in scope at the container, as written
        /// (` xmlns:p="…"`, each prefix once, the innermost).
        var declarations: [UInt8]
        /// The XML declaration and the document type declaration, each on no more than
        /// one line, when the document has a DOCTYPE (empty otherwise): each piece is read
        /// after them, so that its parser treats entity references as the document's does.
        var prolog: [UInt8] = []
    }

    enum HeadResult {
        case split(Split)
        case sequential(ParallelTrace.SequentialReason)
    }

    let bytes: UnsafeRawBufferPointer
    /// Where the document starts after a UTF-8 byte order mark.
    let start: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        start = bom ? 3 : 0
    }

    // MARK: The head

    /// An open element of the head: its name and its namespace declarations.
    private struct OpenElement {
        var name: Range<Int>
        var declarations: [(prefix: Range<Int>, attribute: Range<Int>)]
        /// The last child element's name and the offset of its `<`.
        var lastChild: Range<Int>?
        var lastChildStart = 0
        /// How many child elements it has had so far.
        var children = 0
    }

    /// Reads the head of the document, up to `limit` bytes, for the repeated elements;
    /// `ignoresDeclaredEncoding` for a `String`'s UTF-8, whatever its declaration says.
    func scanHead(splitDepth: Int?, limit: Int, ignoresDeclaredEncoding: Bool) -> HeadResult {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return .sequential(.encoding("UTF-16"))
        }
        var stack: [OpenElement] = []
        var candidate: Split?
        var index = start
        var declaration: Range<Int>?
        var documentType: Range<Int>?
        let end = min(bytes.count, max(limit, start))
        scanning: while let open = find(UInt8(ascii: "<"), from: index, before: end) {
            guard open + 1 < bytes.count else { break }
            switch bytes[open + 1] {
            case UInt8(ascii: "?"):
                if open == start, matches("<?xml", at: open), open + 5 < bytes.count, isSpace(bytes[open + 5]) {
                    guard let close = find("?>", from: open, before: end) else { break scanning }
                    if !ignoresDeclaredEncoding, let encoding = declaredEncoding(open..<close), !Self.isUTF8(encoding) {
                        return .sequential(.encoding(encoding))
                    }
                    declaration = open..<(close + 2)
                    index = close + 2
                } else {
                    guard let close = find("?>", from: open, before: end) else { break scanning }
                    index = close + 2
                }
            case UInt8(ascii: "!"):
                if matches("<!--", at: open) {
                    guard let close = find("-->", from: open + 4, before: end) else {
                        break scanning
                    }
                    index = close + 3
                } else if matches("<![CDATA[", at: open) {
                    guard let close = find("]]>", from: open + 9, before: end) else {
                        break scanning
                    }
                    index = close + 3
                } else if matches("<!DOCTYPE", at: open), stack.isEmpty, documentType == nil {
                    guard let found = documentTypeEnd(at: open, before: end) else { break scanning }
                    guard found.isPlain else { return .sequential(.documentType) }
                    documentType = open..<found.end
                    index = found.end
                } else {
                    return .sequential(.documentType)
                }
            case UInt8(ascii: "/"):
                guard let close = find(UInt8(ascii: ">"), from: open, before: end), let closed = stack.popLast() else {
                    break scanning
                }
                if !stack.isEmpty {
                    stack[stack.count - 1].lastChild = closed.name
                }
                index = close + 1
            default:
                guard let tag = startTag(at: open, before: end) else { break scanning }
                let depth = stack.count + 1
                if depth >= 2, splitDepth == nil || splitDepth == depth,
                    let previous = stack[stack.count - 1].lastChild, equal(previous, tag.name),
                    candidate.map({ $0.depth > depth }) ?? true
                {
                    // The shallowest repeat wins: a deeper one is taken at once only when no
                    // element above its parent has had a second child, where a shallower
                    // repeat could still start.
                    var found = split(stack: stack, depth: depth, element: tag.name)
                    if let documentType { found.prolog = prolog(declaration, documentType) }
                    if stack.dropLast().allSatisfy({ $0.children <= 1 }) { return .split(found) }
                    candidate = found
                }
                if !stack.isEmpty { stack[stack.count - 1].children += 1 }
                if tag.isEmpty {
                    if !stack.isEmpty {
                        stack[stack.count - 1].lastChild = tag.name
                        stack[stack.count - 1].lastChildStart = open
                    }
                } else {
                    if !stack.isEmpty { stack[stack.count - 1].lastChildStart = open }
                    stack.append(OpenElement(name: tag.name, declarations: tag.declarations))
                }
                index = tag.end
            }
        }
        return candidate.map { .split($0) } ?? .sequential(.noRepeatedElement)
    }

    /// The end (after its `>`) of the document type declaration at `open`, and whether it is
    /// plain: its internal subset, if any, declares no entity and no attribute list (which
    /// could default attributes) and refers to no parameter entity, so that a piece's parser
    /// reading it again gets nothing document-wide from it. `nil` when it does not end
    /// before `end`.
    func documentTypeEnd(at open: Int, before end: Int) -> (end: Int, isPlain: Bool)? {
        var index = open + 9
        var inSubset = false
        var isPlain = true
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = find(byte, from: index + 1, before: end) else { return nil }
                index = close + 1
                continue
            }
            if inSubset {
                if matches("<!--", at: index) {
                    guard let close = find("-->", from: index + 4, before: end) else { return nil }
                    index = close + 3
                    continue
                } else if matches("<?", at: index) {
                    guard let close = find("?>", from: index + 2, before: end) else { return nil }
                    index = close + 2
                    continue
                } else if matches("<!ENTITY", at: index) || matches("<!ATTLIST", at: index)
                    || byte == UInt8(ascii: "%")
                {
                    isPlain = false
                } else if byte == UInt8(ascii: "]") {
                    inSubset = false
                }
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: ">") {
                return (index + 1, isPlain)
            }
            index += 1
        }
        return nil
    }

    /// The XML declaration (if any) and the document type declaration, with every line
    /// break made a space: a piece's parser reads them on its first line.
    func prolog(_ declaration: Range<Int>?, _ documentType: Range<Int>?) -> [UInt8] {
        var text = declaration.map { Array(bytes[$0]) } ?? []
        if let documentType { text += bytes[documentType] }
        return text.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    /// The split for repeated elements found at `depth` inside the open `stack`.
    private func split(stack: [OpenElement], depth: Int, element: Range<Int>) -> Split {
        let container = stack[stack.count - 1]
        let name = Array(bytes[container.name])
        return Split(
            runStart: container.lastChildStart, runEnd: lastEndTag(of: name) ?? -1, depth: depth,
            containerName: name, elementName: Array(bytes[element]),
            declarations: declarations(inScope: stack.map(\.declarations)))
    }

    /// The namespace declarations of open elements (outermost first), as written: each
    /// prefix once, its innermost declaration, in the order first declared.
    func declarations(inScope open: [[(prefix: Range<Int>, attribute: Range<Int>)]]) -> [UInt8] {
        var seen: [[UInt8]: Int] = [:]
        var chosen: [Range<Int>] = []
        for element in open {
            for declaration in element {
                let prefix = Array(bytes[declaration.prefix])
                if let at = seen[prefix] {
                    chosen[at] = declaration.attribute
                } else {
                    seen[prefix] = chosen.count
                    chosen.append(declaration.attribute)
                }
            }
        }
        var declarations: [UInt8] = []
        for attribute in chosen {
            declarations.append(UInt8(ascii: " "))
            declarations += bytes[attribute]
        }
        return declarations
    }

    /// A start tag: its name, its namespace declarations, where it ends, and whether it
    /// is empty (`/>`).
    func startTag(at open: Int, before end: Int) -> (
        name: Range<Int>, declarations: [(prefix: Range<Int>, attribute: Range<Int>)], end: Int, isEmpty: Bool
    )? {
        var index = open + 1
        while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        let name = (open + 1)..<index
        guard !name.isEmpty else { return nil }
        var declarations: [(prefix: Range<Int>, attribute: Range<Int>)] = []
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return (name, declarations, index + 1, false) }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < end, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
                return (name, declarations, index + 2, true)
            }
            if isSpace(byte) {
                index += 1
                continue
            }
            // An attribute: its name, `=`, and a quoted value (which may hold `>`).
            let attributeStart = index
            while index < end, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) { index += 1 }
            let attributeName = attributeStart..<index
            while index < end, bytes[index] != UInt8(ascii: "=") { index += 1 }
            index += 1
            while index < end, isSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                return nil
            }
            guard let close = find(bytes[index], from: index + 1, before: end) else { return nil }
            index = close + 1
            if matches("xmlns", at: attributeStart),
                attributeName.count == 5 || bytes[attributeStart + 5] == UInt8(ascii: ":")
            {
                declarations.append(((attributeStart + 5)..<attributeName.upperBound, attributeStart..<index))
            }
        }
        return nil
    }

    /// The value of `encoding="…"` in the XML declaration at `range`.
    func declaredEncoding(_ range: Range<Int>) -> String? {
        guard let at = find("encoding", from: range.lowerBound, before: range.upperBound) else { return nil }
        var index = at + 8
        while index < range.upperBound, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
            index += 1
        }
        guard index < range.upperBound, let close = find(bytes[index], from: index + 1, before: range.upperBound)
        else { return nil }
        return String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
    }

    static func isUTF8(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "utf-8" || lowered == "utf8"
    }

    // MARK: The cuts

    /// The offset of the `<` of the last end tag of `name` (`</name>` or `</name `).
    func lastEndTag(of name: [UInt8]) -> Int? {
        var index = bytes.count - 2 - name.count
        while index >= start {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
                matches(name, at: index + 2), isNameEnd(index + 2 + name.count)
            {
                return index
            }
            index -= 1
        }
        return nil
    }

    /// The first start tag of `name` at or after `from` and before `end` that follows, after
    /// whitespace only, the end of a sibling of the same name (`</name>` or `<name …/>`):
    /// where a piece may start. (A `<name` nested in another element, such as a bean inside
    /// a property, follows its parent's start tag instead.)
    func nextCut(of name: [UInt8], from: Int, before end: Int) -> Int? {
        var index = from
        while let open = find(UInt8(ascii: "<"), from: index, before: end) {
            if matches(name, at: open + 1), isNameEnd(open + 1 + name.count), followsSibling(open, name: name) {
                return open
            }
            index = open + 1
        }
        return nil
    }

    /// Whether the tag before `open` (whitespace between) ends an element named `name`.
    private func followsSibling(_ open: Int, name: [UInt8]) -> Bool {
        var close = open - 1
        while close >= start, isSpace(bytes[close]) { close -= 1 }
        guard close > start, bytes[close] == UInt8(ascii: ">") else { return false }
        // A tag holds no `<` (not even in an attribute value): its start is the last one.
        var tag = close - 1
        while tag >= start, bytes[tag] != UInt8(ascii: "<") { tag -= 1 }
        guard tag >= start else { return false }
        if bytes[tag + 1] == UInt8(ascii: "/") {
            return matches(name, at: tag + 2) && isNameEnd(tag + 2 + name.count)
        }
        return bytes[close - 1] == UInt8(ascii: "/") && matches(name, at: tag + 1) && isNameEnd(tag + 1 + name.count)
    }

    // MARK: Bytes

    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether the byte at `index` ends a name in a tag.
    private func isNameEnd(_ index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    func find(_ byte: UInt8, from: Int, before end: Int) -> Int? {
        var index = from
        while index < end {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    func find(_ text: StaticString, from: Int, before end: Int) -> Int? {
        let pattern = text.withUTF8Buffer { Array($0) }
        var index = from
        while let first = find(pattern[0], from: index, before: end) {
            if first + pattern.count <= end, matches(pattern, at: first) { return first }
            index = first + 1
        }
        return nil
    }

    func matches(_ text: StaticString, at index: Int) -> Bool {
        text.withUTF8Buffer { matches(Array($0), at: index) }
    }

    func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private func equal(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        first.count == second.count && matches(Array(bytes[first]), at: second.lowerBound)
    }
}
