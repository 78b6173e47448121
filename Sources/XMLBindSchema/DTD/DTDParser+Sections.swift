import XMLBind

/// Comments, processing instructions and conditional sections between declarations.
extension DTDParser {
    /// Skips `<!-- … -->`, keeping its text as the documentation of a declaration that
    /// follows it directly.
    func skipComment() throws(DTDError) {
        let opened = current.origin
        current.advance(by: 4)
        let start = current.position
        while !current.isAtEnd, !current.hasPrefix("-->") { current.advance() }
        guard !current.isAtEnd else { throw error("the comment is not closed by '-->'", at: opened) }
        let text = String(decoding: current.bytes[start..<current.position], as: UTF8.self)
        current.advance(by: 3)
        let trimmed = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        pendingComment = trimmed.isEmpty ? nil : trimmed
    }

    /// Skips `<? … ?>`, a text declaration (`<?xml encoding="UTF-8"?>`) included.
    func skipProcessingInstruction() throws(DTDError) {
        let opened = current.origin
        current.advance(by: 2)
        while !current.isAtEnd, !current.hasPrefix("?>") { current.advance() }
        guard !current.isAtEnd else { throw error("the processing instruction is not closed by '?>'", at: opened) }
        current.advance(by: 2)
    }

    /// `<![INCLUDE[` opens a section read as declarations; `<![IGNORE[` skips to its
    /// matching `]]>`, nested sections counted. The keyword may come from a parameter
    /// entity, as DTDs that switch modules on and off write it.
    func openConditionalSection() throws(DTDError) {
        let opened = current.origin
        current.advance(by: 3)
        try skipSeparators()
        let keyword = try readName("INCLUDE or IGNORE after '<!['")
        try skipSeparators()
        guard current.peek() == UInt8(ascii: "[") else {
            throw error("expected '[' after \(keyword) in the conditional section, found \(foundText())")
        }
        current.advance()
        switch keyword {
        case "INCLUDE":
            openSections.append(opened)
        case "IGNORE":
            var depth = 1
            while depth > 0 {
                if current.isAtEnd { throw error("the IGNORE section is not closed by ']]>'", at: opened) }
                if current.hasPrefix("<![") {
                    depth += 1
                    current.advance(by: 3)
                } else if current.hasPrefix("]]>") {
                    depth -= 1
                    current.advance(by: 3)
                } else {
                    current.advance()
                }
            }
        default:
            throw error("expected INCLUDE or IGNORE in the conditional section, found '\(keyword)'", at: opened)
        }
    }
}
