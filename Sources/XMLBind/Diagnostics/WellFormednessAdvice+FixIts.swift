/// The fix-its of well-formedness errors, where one correction is obvious.
extension WellFormednessAdvice {
    /// For a mismatched end tag at `offset` (its name): when it closes the element around
    /// the innermost open one, that one was left open: close it at the end of its own line
    /// when the end tag is on the next line, or just before the end tag on the same line.
    /// When the end tag's name is a misspelling of the innermost element's, correct it.
    static func closingFix(
        open: [OpenElementScanner.OpenElement], endTagName found: String, at offset: Int,
        locator: SourceLocator
    ) -> PendingFix? {
        guard let innermost = open.last, !found.isEmpty, offset >= 2 else { return nil }
        let endTag = offset - 2
        if open.count >= 2, open[open.count - 2].name == found {
            let between = locator.source.bytes(at: innermost.offset, count: endTag - innermost.offset)
            guard between.count == endTag - innermost.offset else { return nil }
            let breaks = between.indices.filter {
                between[$0] == 0x0A || (between[$0] == 0x0D && between[safe: $0 + 1] != 0x0A)
            }
            let closing = "</\(innermost.name)>"
            let insertion: Int
            let place: String
            switch breaks.count {
            case 0:
                insertion = endTag
                place = "before '</\(found)>'"
            case 1:
                // The end of the innermost element's line, before its trailing spaces and break.
                var end = breaks[0]
                if end > 0, between[end - 1] == 0x0D { end -= 1 }
                while end > 0, between[end - 1] == 0x20 || between[end - 1] == 0x09 { end -= 1 }
                insertion = innermost.offset + end
                place = "at the end of the line <\(innermost.name)> opened on"
            default:
                return nil
            }
            return .ready(FixIt("insert '\(closing)' \(place)", edits: [.insert(closing, at: insertion)]))
        }
        guard Suggestion.closest(to: found, among: [innermost.name]) != nil else { return nil }
        return .ready(
            FixIt(
                "replace '\(found)' with '\(innermost.name)'",
                edits: [TextEdit(range: offset..<(offset + found.utf8.count), replacement: innermost.name)]))
    }

    /// `&lt;` for the `<` at `offset`.
    static func escapeLessThan(at offset: Int) -> FixIt {
        FixIt("replace '<' with '&lt;'", edits: [TextEdit(range: offset..<(offset + 1), replacement: "&lt;")])
    }

    /// For a document that ends with elements open: their end tags, at the end.
    static func endOfInputFix(open: [OpenElementScanner.OpenElement], at offset: Int, locator: SourceLocator)
        -> PendingFix?
    {
        guard !open.isEmpty else { return nil }
        let closing = open.reversed().map { "</\($0.name)>" }.joined()
        let endsWithBreak = locator.source.bytes(at: offset - 1, count: 1) == [0x0A]
        return .ready(
            FixIt("insert '\(closing)' at the end", edits: [.insert(closing + (endsWithBreak ? "\n" : ""), at: offset)])
        )
    }

    /// For an attribute written twice with the same value: remove the second, with the
    /// space before it. Two different values are left to the author.
    static func duplicateAttributeFix(_ name: String, first: Int, second: Int, locator: SourceLocator)
        -> PendingFix?
    {
        guard let firstAttribute = attribute(at: first, locator: locator),
            let secondAttribute = attribute(at: second, locator: locator),
            firstAttribute.value == secondAttribute.value
        else { return nil }
        let before = locator.source.bytes(at: max(0, second - 64), count: min(64, second))
        let spaces = before.reversed().prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.count
        let shown = String(decoding: secondAttribute.text, as: UTF8.self)
        return .ready(
            FixIt(
                "remove the second \(shown)",
                edits: [.remove((second - spaces)..<(second + secondAttribute.text.count))]))
    }

    /// The attribute written at `offset`: its whole text (`name="value"`) and its value.
    private static func attribute(at offset: Int, locator: SourceLocator) -> (text: [UInt8], value: [UInt8])? {
        let bytes = locator.source.bytes(at: offset, count: 1 << 16)
        var index = bytes.firstIndex(where: SourceLocator.endsName) ?? bytes.count
        func skipSpaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = bytes[index]
        let valueStart = index + 1
        guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { return nil }
        return (Array(bytes[..<(valueEnd + 1)]), Array(bytes[valueStart..<valueEnd]))
    }
}

extension Array {
    /// The element at `index`, or `nil` past either end.
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
