import XMLBind

/// The prolog of a document up to its `<!DOCTYPE name ExternalID? [`.
extension DTDParser {
    /// What a DOCTYPE says before its internal subset.
    struct DoctypeHeader {
        let name: String
        let systemID: String?
        let hasInternalSubset: Bool
        let origin: Origin
    }

    /// Reads past the XML declaration, comments, processing instructions and whitespace to
    /// the DOCTYPE, and through its header; `nil` when the root element comes first.
    func parseDoctypeHeader() throws(DTDError) -> DoctypeHeader? {
        while true {
            skipWhitespace()
            if current.hasPrefix("<!--") {
                try skipComment()
            } else if current.hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if current.hasPrefix("<!DOCTYPE") {
                break
            } else {
                return nil
            }
        }
        let origin = current.origin
        try expectKeyword("<!DOCTYPE", count: 9)
        let name = try readName("the root element's name in <!DOCTYPE")
        skipWhitespace()
        var systemID: String?
        if let byte = current.peek(), DTDCharacters.isNameStart(byte) {
            (systemID, _) = try parseExternalID(of: "<!DOCTYPE \(name)>", systemRequired: true)
            skipWhitespace()
        }
        if current.peek() == UInt8(ascii: "[") {
            current.advance()
            return DoctypeHeader(name: name, systemID: systemID, hasInternalSubset: true, origin: origin)
        }
        guard current.peek() == UInt8(ascii: ">") else {
            throw error("expected '[' or '>' in <!DOCTYPE \(name)>, found \(foundText())")
        }
        current.advance()
        return DoctypeHeader(name: name, systemID: systemID, hasInternalSubset: false, origin: origin)
    }
}
