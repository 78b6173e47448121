/// Values written into a document being edited in place: escaped for where they go, and
/// refused when XML 1.0 cannot hold one of their characters.
enum ValueEscaping {
    /// An attribute value for quotes `quote`: `&`, `<` and the quote escaped, and tab, line
    /// feed and carriage return as character references, which attribute-value
    /// normalisation would otherwise turn into spaces.
    static func attribute(_ value: String, quote: UInt8, what: String) throws(XMLBindError) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            try check(scalar, what: what)
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case "\"" where quote == UInt8(ascii: "\""): result += "&quot;"
            case "'" where quote == UInt8(ascii: "'"): result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Element text: `&`, `<` and `>` escaped, carriage return as a character reference
    /// (a parser turns a literal one into a line feed); as a CDATA section when `cdata` and
    /// the text allows one (no `]]>`, no carriage return).
    static func text(_ value: String, cdata: Bool, what: String) throws(XMLBindError) -> String {
        for scalar in value.unicodeScalars { try check(scalar, what: what) }
        if cdata, !value.isEmpty, !value.contains("]]>"), !value.unicodeScalars.contains("\r") {
            return "<![CDATA[" + value + "]]>"
        }
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Refuses a character XML 1.0 cannot hold (`Char` of the XML 1.0 specification).
    private static func check(_ scalar: Unicode.Scalar, what: String) throws(XMLBindError) {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return
        default:
            let codePoint = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            throw XMLBindError(
                code: .invalidCharacter,
                message: "cannot write \(what): the character \(codePoint) is not allowed in XML 1.0")
        }
    }
}
