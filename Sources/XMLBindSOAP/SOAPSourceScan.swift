/// Reads start tags of a message again, after the binder has parsed it, for the little
/// the binder does not hand over: the attributes of a header block no mapping takes
/// (`mustUnderstand`), and the namespace a prefix in a fault code's text stands for.
///
/// Only ever run on a document expat has already found well-formed, and only on the tags
/// it is asked about; it understands comments, CDATA sections, processing instructions
/// and the DOCTYPE well enough to skip them.
struct SOAPSourceScan {
    /// One start tag: where its `<` is, its qualified name and its attributes as written.
    struct StartTag {
        var offset: Int
        var name: String
        var attributes: [(name: String, value: String)]
        /// The namespace bindings in scope inside the element (`""` for the default).
        var scope: [String: String]

        /// The URI a qualified name's prefix is bound to inside this element.
        func resolve(prefixOf qualifiedName: String) -> (uri: String?, local: String) {
            guard let colon = qualifiedName.firstIndex(of: ":") else {
                let uri = scope[""]
                return (uri?.isEmpty == true ? nil : uri, qualifiedName)
            }
            let prefix = String(qualifiedName[..<colon])
            return (scope[prefix], String(qualifiedName[qualifiedName.index(after: colon)...]))
        }
    }

    let bytes: [UInt8]

    /// The byte offset of a 1-based line and column (columns counted in characters, as
    /// expat counts them).
    func offset(line: Int, column: Int) -> Int? {
        var currentLine = 1
        var index = 0
        while currentLine < line, index < bytes.count {
            if bytes[index] == 0x0A {
                currentLine += 1
            } else if bytes[index] == 0x0D {
                currentLine += 1
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            }
            index += 1
        }
        var characters = 1
        while characters < column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index < bytes.count ? index : nil
    }

    /// Every start tag up to and including the one at `offset` (or all of them), with the
    /// namespace scope inside each.
    func startTags(through offset: Int? = nil) -> [StartTag] {
        var tags: [StartTag] = []
        var scopes: [[String: String]] = [["xml": SOAPWireMappings.xmlNamespace]]
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts(with: "<!--", at: index) {
                index = end(of: "-->", from: index + 4)
            } else if starts(with: "<![CDATA[", at: index) {
                index = end(of: "]]>", from: index + 9)
            } else if starts(with: "<?", at: index) {
                index = end(of: "?>", from: index + 2)
            } else if starts(with: "<!", at: index) {
                index = endOfDeclaration(from: index + 2)
            } else if starts(with: "</", at: index) {
                if scopes.count > 1 { scopes.removeLast() }
                index = end(of: ">", from: index + 2)
            } else {
                let start = index
                let (name, attributes, selfClosing, next) = readStartTag(at: index)
                var scope = scopes[scopes.count - 1]
                for (attribute, value) in attributes {
                    if attribute == "xmlns" {
                        scope[""] = value
                    } else if attribute.hasPrefix("xmlns:") {
                        scope[String(attribute.dropFirst(6))] = value
                    }
                }
                tags.append(StartTag(offset: start, name: name, attributes: attributes, scope: scope))
                if let offset, start >= offset { return tags }
                if !selfClosing { scopes.append(scope) }
                index = next
            }
        }
        return tags
    }

    /// The start tag whose `<` is at `offset`.
    func startTag(at offset: Int) -> StartTag? {
        startTags(through: offset).last.flatMap { $0.offset == offset ? $0 : nil }
    }

    private func starts(with text: String, at index: Int) -> Bool {
        var position = index
        for byte in text.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    private func end(of terminator: String, from index: Int) -> Int {
        var position = index
        while position < bytes.count, !starts(with: terminator, at: position) { position += 1 }
        return min(bytes.count, position + terminator.utf8.count)
    }

    /// The end of `<!DOCTYPE …>`, past an internal subset in brackets.
    private func endOfDeclaration(from index: Int) -> Int {
        var position = index
        var depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return position + 1
            default: break
            }
            position += 1
        }
        return position
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func readStartTag(at start: Int) -> (String, [(String, String)], Bool, Int) {
        var index = start + 1
        let nameStart = index
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var attributes: [(String, String)] = []
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: ">") { return (name, attributes, false, index + 1) }
            if bytes[index] == UInt8(ascii: "/") { return (name, attributes, true, end(of: ">", from: index)) }
            let attributeStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
                index += 1
            }
            guard index < bytes.count else { break }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            let raw = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
            attributes.append((attribute, Self.decodingReferences(raw)))
            index += 1
        }
        return (name, attributes, false, index)
    }

    /// An attribute value with the predefined entities and character references decoded.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else {
                result += rest[amp...]
                return result
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += rest[amp...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
