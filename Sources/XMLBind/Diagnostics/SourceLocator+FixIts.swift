/// Fix-its made into byte edits, by reading the source again on the error path.
extension SourceLocator {
    /// Whether a diagnostic's offsets are offsets into the document's own bytes.
    var knowsDocumentOffsets: Bool {
        guard !readsTranscodedText else { return false }
        if case .unavailable = source { return false }
        return true
    }

    /// Whether fix-its can be made: the document's own bytes are UTF-8 (edits are written
    /// as UTF-8). A stream keeps only its recent input: a fix-it that needs bytes no longer
    /// (or not yet) at hand is left out, as each maker checks what it reads.
    var canEdit: Bool {
        knowsDocumentOffsets && encoding == .utf8
    }

    /// The fix-it `fix` stands for, at a diagnostic's offset and focus; `nil` when the
    /// source cannot be edited or does not read as expected.
    func fixIt(_ fix: PendingFix, at byteOffset: Int, focus: PendingDiagnostic.Focus) -> FixIt? {
        guard canEdit, byteOffset >= 0 else { return nil }
        switch fix {
        case .ready(let fixIt):
            return fixIt
        case .renameAttribute(let name, let replacement):
            guard let start = attributeOffsets(tagStart: byteOffset, qualifiedName: name)?.name else { return nil }
            let edit = TextEdit(range: start..<(start + name.utf8.count), replacement: replacement)
            return FixIt("replace '\(name)' with '\(replacement)'", edits: [edit])
        case .renameElement(let local):
            return renameElement(at: byteOffset, to: local)
        case .removeRepeatedElement(let first, let attribute):
            return removeRepeatedElement(at: byteOffset, sameAs: first, attribute: attribute)
        case .replaceValue(let value):
            switch focus {
            case .attributeValue(let name, nil, _):
                return replaceAttributeValue(name, inTagAt: byteOffset, with: value)
            case .elementText:
                return replaceText(ofElementAt: byteOffset, with: value)
            default:
                return nil
            }
        }
    }

    /// Renames the local part of the element's name in its start tag and its end tag.
    private func renameElement(at tagStart: Int, to local: String) -> FixIt? {
        let head = source.bytes(at: tagStart, count: 1024)
        guard head.first == UInt8(ascii: "<") else { return nil }
        let nameEnd = head.dropFirst().firstIndex(where: Self.endsName) ?? head.count
        guard nameEnd < head.count else { return nil }
        let qualified = head[1..<nameEnd]
        let localStart = (qualified.lastIndex(of: UInt8(ascii: ":")) ?? 0) + 1
        let written = String(decoding: head[max(1, localStart)..<nameEnd], as: UTF8.self)
        let prefixLength = max(1, localStart) - 1
        var edits = [TextEdit(range: (tagStart + 1 + prefixLength)..<(tagStart + nameEnd), replacement: local)]
        switch OpenElementScanner.closing(of: tagStart, in: self) {
        case .selfClosing?:
            break
        case .endTag(let endTag)?:
            // `</` then the same qualified name, as expat required.
            let nameStart = endTag + 2 + prefixLength
            edits.append(TextEdit(range: nameStart..<(nameStart + written.utf8.count), replacement: local))
        case nil:
            return nil
        }
        return FixIt("replace '\(written)' with '\(local)'", edits: edits)
    }

    /// Replaces an attribute's whole value, escaped for its quotes.
    private func replaceAttributeValue(_ name: String, inTagAt tagStart: Int, with value: String) -> FixIt? {
        guard let start = attributeOffsets(tagStart: tagStart, qualifiedName: name)?.value, start > 0,
            let quote = source.bytes(at: start - 1, count: 1).first
        else { return nil }
        let rest = source.bytes(at: start, count: 1 << 16)
        guard let length = rest.firstIndex(of: quote) else { return nil }
        let written = String(decoding: rest[..<length], as: UTF8.self)
        let escaped = XMLEscaping.attribute(value, quote: quote)
        return FixIt(
            "replace '\(written)' with '\(value)'",
            edits: [TextEdit(range: start..<(start + length), replacement: escaped)])
    }

    /// Replaces an element's text, from its first character that is not whitespace to its
    /// last, inside a CDATA section when the text is one.
    private func replaceText(ofElementAt tagStart: Int, with value: String) -> FixIt? {
        let start = offset(of: tagStart, focus: .elementText)
        guard start > tagStart else { return nil }
        let rest = source.bytes(at: start, count: 1 << 16)
        let cdataEnd = Array("]]>".utf8)
        let before = source.bytes(at: max(tagStart, start - 9), count: min(9, start - tagStart))
        let inCDATA = before.elementsEqual(Array("<![CDATA[".utf8).suffix(before.count))
        var end: Int?
        if inCDATA {
            end = rest.indices.first { rest[$0...].starts(with: cdataEnd) }
        } else {
            end = rest.firstIndex(of: UInt8(ascii: "<"))
        }
        guard var length = end else { return nil }
        while length > 0, [0x20, 0x09, 0x0A, 0x0D].contains(rest[length - 1]) { length -= 1 }
        guard length > 0 else { return nil }
        if inCDATA, value.contains("]]>") { return nil }
        let written = String(decoding: rest[..<length], as: UTF8.self)
        let replacement = inCDATA ? value : XMLEscaping.text(value)
        return FixIt(
            "replace '\(written)' with '\(value)'",
            edits: [TextEdit(range: start..<(start + length), replacement: replacement)])
    }

    /// Removes a repeated element whose text is the first value's, with its own line.
    private func removeRepeatedElement(at start: Int, sameAs first: Int, attribute: String?) -> FixIt? {
        guard let (textRange, end) = extent(ofElementAt: start) else { return nil }
        let firstValue: [UInt8]
        if let attribute {
            guard let value = attributeOffsets(tagStart: first, qualifiedName: attribute)?.value, value > 0,
                let quote = source.bytes(at: value - 1, count: 1).first
            else { return nil }
            let rest = source.bytes(at: value, count: 1 << 16)
            guard let length = rest.firstIndex(of: quote) else { return nil }
            firstValue = Array(rest[..<length])
        } else {
            guard let (firstText, _) = extent(ofElementAt: first) else { return nil }
            firstValue = source.bytes(at: firstText.lowerBound, count: firstText.count)
        }
        guard source.bytes(at: textRange.lowerBound, count: textRange.count) == firstValue else { return nil }
        // With its line, when nothing else is on it.
        var lower = start
        var upper = end
        let before = source.bytes(at: max(0, start - 256), count: min(256, start))
        let indent = before.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
        let after = source.bytes(at: end, count: 256)
        let trailing = after.prefix { $0 == 0x20 || $0 == 0x09 }.count
        let lineStarts =
            indent == before.count ? start - indent == 0 : [0x0A, 0x0D].contains(before[before.count - indent - 1])
        if lineStarts, trailing < after.count, [0x0A, 0x0D].contains(after[trailing]) {
            lower = start - indent
            upper = end + trailing + (after[trailing...].starts(with: [0x0D, 0x0A]) ? 2 : 1)
        }
        let name = String(
            decoding: source.bytes(at: start + 1, count: 256).prefix { !Self.endsName($0) }, as: UTF8.self)
        return FixIt("remove the repeated <\(name)>", edits: [.remove(lower..<upper)])
    }

    /// An element's text (between its tags; empty for `<a/>`) and the offset just past it.
    private func extent(ofElementAt start: Int) -> (text: Range<Int>, end: Int)? {
        let tag = source.bytes(at: start, count: 1 << 16)
        var quote: UInt8?
        var index = 1
        while index < tag.count {
            let byte = tag[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        guard index < tag.count else { return nil }
        let textStart = start + index + 1
        switch OpenElementScanner.closing(of: start, in: self) {
        case .selfClosing?:
            return (textStart..<textStart, textStart)
        case .endTag(let endTag)?:
            guard let close = source.bytes(at: endTag, count: 1024).firstIndex(of: UInt8(ascii: ">")) else {
                return nil
            }
            return (textStart..<endTag, endTag + close + 1)
        case nil:
            return nil
        }
    }

    /// A byte that ends a name in a tag.
    static func endsName(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")].contains(byte)
    }
}
