/// The escaping a replacement needs where a fix-it puts it.
enum XMLEscaping {
    /// `&`, `<` and `>` as references, for character data.
    static func text(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// ``text(_:)``, and the quote that delimits the value, for an attribute value.
    static func attribute(_ value: String, quote: UInt8) -> String {
        var out = ""
        for character in text(value) {
            if character == "\"", quote == UInt8(ascii: "\"") {
                out += "&quot;"
            } else if character == "'", quote == UInt8(ascii: "'") {
                out += "&apos;"
            } else {
                out.append(character)
            }
        }
        return out
    }
}
