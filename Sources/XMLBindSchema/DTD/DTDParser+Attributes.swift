import XMLBind

/// `<!ATTLIST element (name type default)*>`, and attribute values normalized as XML does.
extension DTDParser {
    func parseAttributeListDeclaration() throws(DTDError) {
        try expectKeyword("<!ATTLIST", count: 9)
        let element = try readName("an element name")
        var declared = dtd.attributeLists[element] ?? []
        while true {
            let separated = try skipSeparators()
            if current.peek() == UInt8(ascii: ">") {
                current.advance()
                break
            }
            guard separated else { throw error("expected whitespace before the next attribute, found \(foundText())") }
            let origin = current.origin
            let name = try readName("an attribute name or '>'")
            try requireSeparator("after the attribute name '\(name)'")
            let kind = try parseAttributeKind(of: name)
            try requireSeparator("after the type of attribute '\(name)'")
            let defaultDeclaration = try parseAttributeDefault(of: name, kind: kind)
            // The first declaration of an attribute binds; later ones are ignored (XML 3.3).
            if !declared.contains(where: { $0.name == name }) {
                declared.append(
                    DTDAttribute(name: name, kind: kind, defaultDeclaration: defaultDeclaration, origin: origin))
            }
        }
        dtd.attributeLists[element] = declared
    }

    private func parseAttributeKind(of attribute: String) throws(DTDError) -> DTDAttribute.Kind {
        if current.peek() == UInt8(ascii: "(") {
            return .enumeration(try parseTokenList(of: attribute, names: false))
        }
        let origin = current.origin
        let keyword = try readName("the type of attribute '\(attribute)'")
        switch keyword {
        case "CDATA": return .cdata
        case "ID": return .id
        case "IDREF": return .idref
        case "IDREFS": return .idrefs
        case "ENTITY": return .entity
        case "ENTITIES": return .entities
        case "NMTOKEN": return .nmtoken
        case "NMTOKENS": return .nmtokens
        case "NOTATION":
            try requireSeparator("after NOTATION")
            return .notation(try parseTokenList(of: attribute, names: true))
        default:
            throw error(
                "unknown attribute type '\(keyword)' for '\(attribute)': expected CDATA, ID, IDREF, IDREFS, ENTITY, "
                    + "ENTITIES, NMTOKEN, NMTOKENS, NOTATION or an enumeration in parentheses", at: origin)
        }
    }

    /// `(a | b | c)`: name tokens (or names, for NOTATION), at least one, each once.
    private func parseTokenList(of attribute: String, names: Bool) throws(DTDError) -> [String] {
        guard current.peek() == UInt8(ascii: "(") else {
            throw error("expected '(' to start the values of '\(attribute)', found \(foundText())")
        }
        let opened = current.origin
        current.advance()
        var values: [String] = []
        while true {
            try skipSeparators()
            let origin = current.origin
            let value =
                names
                ? try readName("a notation name for '\(attribute)'")
                : try readNameToken("a value for '\(attribute)'")
            if values.contains(value) {
                throw error("the value '\(value)' is listed twice for attribute '\(attribute)'", at: origin)
            }
            values.append(value)
            try skipSeparators()
            if current.peek() == UInt8(ascii: ")") {
                current.advance()
                return values
            }
            guard current.peek() == UInt8(ascii: "|") else {
                throw error("expected '|' or ')' in the values opened at \(opened), found \(foundText())")
            }
            current.advance()
        }
    }

    private func parseAttributeDefault(of attribute: String, kind: DTDAttribute.Kind) throws(DTDError)
        -> DTDAttribute.Default
    {
        if current.peek() == UInt8(ascii: "#") {
            current.advance()
            let keyword = try readName("REQUIRED, IMPLIED or FIXED after '#'")
            switch keyword {
            case "REQUIRED": return .required
            case "IMPLIED": return .implied
            case "FIXED":
                try requireSeparator("after #FIXED")
                return .fixed(try readAttributeValue(of: attribute, kind: kind))
            default:
                throw error("expected #REQUIRED, #IMPLIED or #FIXED for '\(attribute)', found '#\(keyword)'")
            }
        }
        return .value(try readAttributeValue(of: attribute, kind: kind))
    }

    /// A default value, normalized as a document's value would be: references replaced,
    /// whitespace characters made spaces, and for tokenized types spaces collapsed.
    private func readAttributeValue(of attribute: String, kind: DTDAttribute.Kind) throws(DTDError) -> String {
        let literal = try readQuoted("the default value of '\(attribute)'", limit: limits.maximumValueLength)
        var expanded: [UInt8] = []
        try appendNormalized(literal.bytes, origin: literal.origin, to: &expanded, depth: 0, attribute: attribute)
        var value = String(decoding: expanded, as: UTF8.self)
        if kind.isTokenized {
            value = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        if case .enumeration(let values) = kind, !values.contains(value) {
            throw error("the default '\(value)' of '\(attribute)' is not one of its values", at: literal.origin)
        }
        return value
    }

    private func appendNormalized(
        _ bytes: ArraySlice<UInt8>, origin: Origin, to output: inout [UInt8], depth: Int, attribute: String
    ) throws(DTDError) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                throw error(
                    "the default value of '\(attribute)' contains '<', which no attribute value may", at: origin)
            }
            guard byte == UInt8(ascii: "&") else {
                output.append(DTDCharacters.isWhitespace(byte) ? 0x20 : byte)
                index += 1
                continue
            }
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) else {
                throw error("the default value of '\(attribute)' has '&' without ';'", at: origin)
            }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if name.hasPrefix("#") {
                output.append(contentsOf: try characterReference(name, at: origin))
            } else if let predefined = Self.predefinedEntities[name] {
                output.append(predefined)
            } else if let entity = dtd.entities.first(where: { $0.name == name }) {
                guard case .text(let text) = entity.value else {
                    throw error(
                        "the default value of '\(attribute)' refers to '&\(name);', which is not internal text",
                        at: origin)
                }
                guard depth < limits.maximumEntityNesting else {
                    throw error(
                        "entity references in the default of '\(attribute)' nest more than \(limits.maximumEntityNesting) deep",
                        at: origin)
                }
                try countExpansion(text.utf8.count)
                try appendNormalized(
                    ArraySlice(text.utf8), origin: origin, to: &output, depth: depth + 1, attribute: attribute)
            } else {
                throw error(
                    "the default value of '\(attribute)' refers to the undeclared entity '&\(name);'", at: origin)
            }
            guard output.count <= limits.maximumValueLength else {
                throw error(
                    "the default value of '\(attribute)' grows past the limit of \(limits.maximumValueLength) bytes",
                    at: origin)
            }
        }
    }

    /// The UTF-8 of a character reference's name (`#38`, `#x26`).
    func characterReference(_ name: String, at origin: Origin) throws(DTDError) -> [UInt8] {
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
            throw error("'&\(name);' is not a character reference", at: origin)
        }
        return Array(String(Character(scalar)).utf8)
    }

    static let predefinedEntities: [String: UInt8] = [
        "lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"), "amp": UInt8(ascii: "&"), "apos": UInt8(ascii: "'"),
        "quot": UInt8(ascii: "\""),
    ]
}
