import XMLBind

/// `<!ELEMENT name contentspec>` and its content models.
extension DTDParser {
    func parseElementDeclaration() throws(DTDError) {
        let origin = current.origin
        let documentation = pendingComment
        pendingComment = nil
        try expectKeyword("<!ELEMENT", count: 9)
        let name = try readName("an element name")
        try requireSeparator("after the element name '\(name)'")
        let content = try parseContentSpecification(of: name)
        try expectDeclarationEnd("<!ELEMENT \(name)>")
        if let first = dtd.element(named: name) {
            let firstPlace = first.origin.map { " (first at \($0))" } ?? ""
            throw error("element '\(name)' is declared twice\(firstPlace)", at: origin)
        }
        dtd.elements.append(DTDElement(name: name, content: content, documentation: documentation, origin: origin))
    }

    private func parseContentSpecification(of element: String) throws(DTDError) -> DTDContentModel {
        if current.peek() == UInt8(ascii: "(") {
            let groupStart = current.origin
            current.advance()
            try skipSeparators()
            if current.hasPrefix("#PCDATA") {
                current.advance(by: 7)
                return .mixed(try parseMixedContent(opened: groupStart))
            }
            return .children(try parseGroup(depth: 1, opened: groupStart))
        }
        let keyword = try readName("EMPTY, ANY or '(' for the content of '\(element)'")
        switch keyword {
        case "EMPTY": return .empty
        case "ANY": return .any
        default: throw error("expected EMPTY, ANY or '(' for the content of '\(element)', found '\(keyword)'")
        }
    }

    /// `(#PCDATA | a | b)*` after `#PCDATA`.
    private func parseMixedContent(opened: Origin) throws(DTDError) -> [String] {
        var names: [String] = []
        while true {
            try skipSeparators()
            if current.peek() == UInt8(ascii: ")") {
                current.advance()
                try skipSeparators()
                if current.peek() == UInt8(ascii: "*") {
                    current.advance()
                } else if !names.isEmpty {
                    throw error("mixed content with elements must end with ')*', found \(foundText())")
                }
                return names
            }
            guard current.peek() == UInt8(ascii: "|") else {
                throw error("expected '|' or ')' in mixed content (opened at \(opened)), found \(foundText())")
            }
            current.advance()
            try skipSeparators()
            names.append(try readName("an element name in mixed content"))
        }
    }

    /// A sequence or choice after its `(`, with its occurrence.
    private func parseGroup(depth: Int, opened: Origin) throws(DTDError) -> DTDContentParticle {
        guard depth <= limits.maximumDepth else {
            throw error("content model groups nest more than \(limits.maximumDepth) deep", at: opened)
        }
        var parts = [try parseParticle(depth: depth)]
        var separator: UInt8?
        while true {
            try skipSeparators()
            guard let byte = current.peek() else {
                throw error("the group opened at \(opened) is not closed by ')'")
            }
            if byte == UInt8(ascii: ")") {
                current.advance()
                break
            }
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "|") else {
                throw error("expected ',', '|' or ')' in the group opened at \(opened), found \(foundText())")
            }
            if let separator, separator != byte {
                throw error("a group cannot mix ',' and '|'; put one of them in parentheses of its own")
            }
            separator = byte
            current.advance()
            try skipSeparators()
            parts.append(try parseParticle(depth: depth))
        }
        let occurrence = try parseOccurrence()
        return separator == UInt8(ascii: "|") ? .choice(parts, occurrence) : .sequence(parts, occurrence)
    }

    private func parseParticle(depth: Int) throws(DTDError) -> DTDContentParticle {
        if current.peek() == UInt8(ascii: "(") {
            let opened = current.origin
            current.advance()
            try skipSeparators()
            return try parseGroup(depth: depth + 1, opened: opened)
        }
        if current.hasPrefix("#PCDATA") {
            throw error("#PCDATA may only come first in the outermost group: (#PCDATA | a | b)*")
        }
        let name = try readName("an element name or '('")
        return .element(name, try parseOccurrence())
    }

    /// `?`, `*` or `+` after a particle. XML wants it right after; a space (as a parameter
    /// entity leaves) is let pass, since nothing else could follow there.
    private func parseOccurrence() throws(DTDError) -> DTDOccurrence {
        if let byte = current.peek(), let occurrence = DTDOccurrence(byte: byte) {
            current.advance()
            return occurrence
        }
        try skipSeparators()
        if let byte = current.peek(), let occurrence = DTDOccurrence(byte: byte) {
            current.advance()
            return occurrence
        }
        return .once
    }
}

extension DTDOccurrence {
    fileprivate init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "?"): self = .optional
        case UInt8(ascii: "*"): self = .zeroOrMore
        case UInt8(ascii: "+"): self = .oneOrMore
        default: return nil
        }
    }
}
