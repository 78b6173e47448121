/// New elements: objects written by the serializer, as the registry writes them, then
/// fitted into the document (its indentation, its line breaks, the slot's element name).
extension EditPlanner {
    /// An object written as an element, for a place whose line starts with `indentation`
    /// (`nil`: a place inside a line, written compact) inside element `scope` (-1: none).
    ///
    /// A namespace the document declares in scope there is written with the document's
    /// prefix, and not declared again.
    func render(_ item: Item, slotName: XMLName?, indentation: String?, scope: Int) throws(XMLBindError) -> String {
        let declared = outline.namespaceDeclarations(inScopeAt: scope)
        var preferred: [String: String] = [:]
        for (prefix, uri) in declared where preferred[uri] == nil { preferred[uri] = prefix }
        var text = try reader.write(
            item, layout: indentation == nil ? .compact : .pretty(indent: indentUnit), preferredPrefixes: preferred)
        while text.hasSuffix("\n") { text.removeLast() }
        if let slotName { text = Self.renamed(text, to: slotName) }
        text = Self.withoutDeclarations(declared, in: text)
        guard let indentation else { return text }
        return Self.indented(text, by: indentation, lineBreak: outline.lineBreak)
    }

    /// `text` without the namespace declarations of its first start tag that `declared`
    /// (prefix, URI; `""` for the default namespace) already makes where it goes.
    static func withoutDeclarations(_ declared: [(prefix: String, uri: String)], in text: String) -> String {
        guard !declared.isEmpty, let tagEnd = text.firstIndex(of: ">") else { return text }
        var tag = String(text[..<tagEnd])
        for (prefix, uri) in declared where !uri.contains(where: { $0 == "&" || $0 == "<" || $0 == "\"" }) {
            let declaration = " " + (prefix.isEmpty ? "xmlns" : "xmlns:" + prefix) + "=\"" + uri + "\""
            if let found = tag.firstRange(of: declaration) { tag.removeSubrange(found) }
        }
        return tag + text[tagEnd...]
    }

    /// `text` with its outermost element named `name` (a slot's `xml:` name) instead of
    /// its type's.
    static func renamed(_ text: String, to name: XMLName) -> String {
        var utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "<") else { return text }
        var end = 1
        while end < utf8.count, !DocumentOutline.isSpace(utf8[end]), utf8[end] != UInt8(ascii: ">"),
            utf8[end] != UInt8(ascii: "/")
        {
            end += 1
        }
        let oldName = Array(utf8[1..<end])
        let newName = Array((name.prefixHint.map { $0 + ":" } ?? "").utf8) + Array(name.local.utf8)
        guard oldName != newName else { return text }
        let oldClose = Array("</".utf8) + oldName + [UInt8(ascii: ">")]
        if utf8.count >= oldClose.count, Array(utf8.suffix(oldClose.count)) == oldClose {
            utf8.replaceSubrange(
                (utf8.count - oldClose.count)..., with: Array("</".utf8) + newName + [UInt8(ascii: ">")])
        }
        utf8.replaceSubrange(1..<end, with: newName)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// `text` with `indentation` after each of its line breaks that comes before a tag
    /// (the writer's layout; a line break inside a value is escaped or in CDATA), and the
    /// document's line break for the writer's.
    static func indented(_ text: String, by indentation: String, lineBreak: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        let prefix = Array((lineBreak + indentation).utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                var next = index + 1
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "<") {
                    result += prefix
                    index += 1
                    continue
                }
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
