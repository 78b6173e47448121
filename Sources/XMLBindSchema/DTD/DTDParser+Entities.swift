import Foundation
import XMLBind

/// `<!ENTITY>` and `<!NOTATION>`, parameter entity references, and the local files
/// external parameter entities name.
extension DTDParser {
    func parseEntityDeclaration() throws(DTDError) {
        let origin = current.origin
        try expectKeyword("<!ENTITY", count: 8)
        let isParameter = current.peek() == UInt8(ascii: "%")
        if isParameter {
            current.advance()
            try requireSeparator("after '%' in <!ENTITY %")
        }
        let name = try readName(isParameter ? "a parameter entity name" : "an entity name")
        try requireSeparator("after the entity name '\(name)'")
        entityDeclarationCount += 1
        guard entityDeclarationCount <= limits.maximumEntityDeclarations else {
            throw error("the DTD declares more than \(limits.maximumEntityDeclarations) entities", at: origin)
        }
        let declaration = isParameter ? "<!ENTITY % \(name)>" : "<!ENTITY \(name)>"
        if current.peek() == UInt8(ascii: "\"") || current.peek() == UInt8(ascii: "'") {
            let (text, depth, literalOrigin) = try readEntityValue(of: name)
            try expectDeclarationEnd(declaration)
            if isParameter {
                if parameterEntities[name] == nil {
                    parameterEntities[name] = .text(text, origin: literalOrigin, depth: depth)
                }
            } else if !dtd.entities.contains(where: { $0.name == name }) {
                dtd.entities.append(
                    DTDEntity(name: name, value: .text(String(decoding: text, as: UTF8.self)), origin: origin))
            }
            return
        }
        let (systemID, publicID) = try parseExternalID(of: declaration, systemRequired: true)
        var notation: String?
        if !isParameter, try skipSeparators(), current.hasPrefix("NDATA") {
            current.advance(by: 5)
            try requireSeparator("after NDATA")
            notation = try readName("a notation name")
        }
        try expectDeclarationEnd(declaration)
        guard let systemID else { return }
        if isParameter {
            if parameterEntities[name] == nil {
                parameterEntities[name] = .external(
                    systemID: systemID, baseDirectory: current.baseDirectory, origin: origin)
            }
        } else if !dtd.entities.contains(where: { $0.name == name }) {
            let value: DTDEntity.Value =
                notation.map { .unparsed(systemID: systemID, publicID: publicID, notation: $0) }
                ?? .external(systemID: systemID, publicID: publicID)
            dtd.entities.append(DTDEntity(name: name, value: value, origin: origin))
        }
    }

    func parseNotationDeclaration() throws(DTDError) {
        try expectKeyword("<!NOTATION", count: 10)
        let name = try readName("a notation name")
        try requireSeparator("after the notation name '\(name)'")
        _ = try parseExternalID(of: "<!NOTATION \(name)>", systemRequired: false)
        try expectDeclarationEnd("<!NOTATION \(name)>")
        if !dtd.notations.contains(name) { dtd.notations.append(name) }
    }

    /// `SYSTEM "uri"` or `PUBLIC "id" "uri"` (the URI optional for a notation).
    func parseExternalID(of declaration: String, systemRequired: Bool) throws(DTDError) -> (String?, String?) {
        let keyword = try readName("SYSTEM, PUBLIC or a quoted value in \(declaration)")
        let limit = limits.maximumValueLength
        switch keyword {
        case "SYSTEM":
            try requireSeparator("after SYSTEM")
            return (String(decoding: try readQuoted("the system identifier", limit: limit).bytes, as: UTF8.self), nil)
        case "PUBLIC":
            try requireSeparator("after PUBLIC")
            let publicID = String(decoding: try readQuoted("the public identifier", limit: limit).bytes, as: UTF8.self)
            let separated = try skipSeparators()
            guard separated, current.peek() == UInt8(ascii: "\"") || current.peek() == UInt8(ascii: "'") else {
                if systemRequired {
                    throw error("expected the system identifier after the public one in \(declaration)")
                }
                return (nil, publicID)
            }
            return (
                String(decoding: try readQuoted("the system identifier", limit: limit).bytes, as: UTF8.self), publicID
            )
        default:
            throw error("expected SYSTEM, PUBLIC or a quoted value in \(declaration), found '\(keyword)'")
        }
    }

    /// An entity value: parameter entity references included as their text, character
    /// references replaced, general entity references kept for later.
    private func readEntityValue(of name: String) throws(DTDError) -> ([UInt8], depth: Int, origin: Origin) {
        let literal = try readQuoted("the value of entity '\(name)'", limit: limits.maximumTextLength)
        var output: [UInt8] = []
        var depth = 1
        var index = literal.bytes.startIndex
        let bytes = literal.bytes
        while index < bytes.endIndex {
            let byte = bytes[index]
            let isReference =
                byte == UInt8(ascii: "%")
                || (byte == UInt8(ascii: "&") && bytes[index...].dropFirst().first == UInt8(ascii: "#"))
            guard isReference, let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) else {
                output.append(byte)
                index += 1
                continue
            }
            let reference = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if byte == UInt8(ascii: "&") {
                output.append(contentsOf: try characterReference(reference, at: literal.origin))
                continue
            }
            let (text, innerDepth) = try replacementText(ofParameterEntity: reference, at: literal.origin)
            depth = max(depth, innerDepth + 1)
            guard depth <= limits.maximumEntityNesting else {
                throw error(
                    "parameter entity '%\(name);' nests entity references more than \(limits.maximumEntityNesting) deep",
                    at: literal.origin)
            }
            try countExpansion(text.count)
            output.append(contentsOf: text)
            guard output.count <= limits.maximumTextLength else {
                throw error(
                    "the value of entity '\(name)' grows past the limit of \(limits.maximumTextLength) bytes",
                    at: literal.origin)
            }
        }
        return (output, depth, literal.origin)
    }

    /// A parameter entity's text, for including in an entity value.
    private func replacementText(ofParameterEntity name: String, at origin: Origin) throws(DTDError) -> ([UInt8], Int) {
        switch parameterEntities[name] {
        case .text(let text, _, let depth):
            return (text, depth)
        case .external(let systemID, let baseDirectory, _):
            let file = try readExternalFile(systemID, relativeTo: baseDirectory, for: name, at: origin)
            return (file.bytes, 1)
        case nil:
            throw error("the parameter entity '%\(name);' is not declared (before this point)", at: origin)
        }
    }

    /// Expands `%name;` at the position: its text becomes the current source, with a space
    /// each side when `padded` (inside a declaration).
    func expandParameterEntity(padded: Bool) throws(DTDError) {
        let origin = current.origin
        current.advance()
        let name = try readName("a parameter entity name after '%'")
        guard current.peek() == UInt8(ascii: ";") else {
            throw error("expected ';' to end the reference '%\(name)', found \(foundText())")
        }
        current.advance()
        if sources.contains(where: { $0.entityName == name }) {
            throw error("parameter entity '%\(name);' refers to itself", at: origin)
        }
        guard sources.count <= limits.maximumEntityNesting else {
            throw error("parameter entity references nest more than \(limits.maximumEntityNesting) deep", at: origin)
        }
        let padding: [UInt8] = padded ? [0x20] : []
        switch parameterEntities[name] {
        case .text(let text, let declared, _):
            try countExpansion(text.count)
            sources.append(
                DTDSource(
                    bytes: padding + text + padding, file: declared.file, baseDirectory: current.baseDirectory,
                    entityName: name, referenceOrigin: origin, line: declared.line,
                    column: max(1, declared.column - padding.count)))
        case .external(let systemID, let baseDirectory, _):
            let file = try readExternalFile(systemID, relativeTo: baseDirectory, for: name, at: origin)
            let bytes = padding + file.bytes + padding
            sources.append(
                DTDSource(
                    bytes: bytes, file: file.path, baseDirectory: file.url.deletingLastPathComponent(),
                    entityName: name, path: file.path, referenceOrigin: origin, column: padded ? 0 : 1))
        case nil:
            throw error("the parameter entity '%\(name);' is not declared (before this point)", at: origin)
        }
    }

    /// Reads the local file a system identifier names. Nothing is fetched: a URL of any
    /// scheme but `file:` is refused, as is a file already being read (an inclusion cycle).
    func readExternalFile(_ systemID: String, relativeTo baseDirectory: URL?, for entity: String, at origin: Origin)
        throws(DTDError) -> (bytes: [UInt8], url: URL, path: String)
    {
        let url: URL
        do {
            url = try DTDLocalFiles.resolve(systemID, relativeTo: baseDirectory)
        } catch {
            throw self.error("parameter entity '%\(entity);' names \(error.reason)", at: origin)
        }
        let path = url.standardizedFileURL.path
        if sources.contains(where: { $0.path == path }) {
            throw error(
                "parameter entity '%\(entity);' includes '\(path)', which is already being read: an inclusion cycle",
                at: origin)
        }
        let bytes: [UInt8]
        do {
            bytes = try DTDLocalFiles.read(url, limit: limits.maximumDocumentSize ?? limits.maximumTextLength)
        } catch {
            throw self.error("parameter entity '%\(entity);' names '\(path)': \(error.reason)", at: origin)
        }
        inputBytes += bytes.count
        return (bytes, url, path)
    }

    /// Counts bytes produced by expansion against the amplification limit (expat's rule:
    /// past the threshold, output may be at most `maximumAmplification` times the input).
    func countExpansion(_ count: Int) throws(DTDError) {
        expandedBytes += count
        let factor = max(1, limits.maximumAmplification)
        if expandedBytes > limits.amplificationThreshold, Double(expandedBytes) > factor * Double(max(inputBytes, 1)) {
            throw error(
                "entity expansion has produced \(expandedBytes) bytes from \(inputBytes) bytes of DTD, more than "
                    + "\(Int(factor)) times: refused as an entity bomb (ParseLimits.maximumAmplification)")
        }
    }
}
