/// Text from the input written into Swift source: string literals and doc comments.
///
/// Everything outside printable ASCII is written as an escape (`\u{…}`) in literals and
/// dropped from comments with the line breaks turned into new `///` lines, so no name or
/// documentation can end a literal, start code, open a directive (`#if`) or hide text
/// with invisible or bidirectional characters.
enum SwiftLiteral {
    /// A Swift string literal, `"…"`, that evaluates to exactly `text`.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result + "\""
    }

    /// `///` lines for a documentation text, indented; empty when there is no text.
    ///
    /// Each line of the text (split at every kind of line break) becomes one comment line;
    /// control characters and bidirectional overrides are dropped; leading and trailing
    /// blank lines and the common indentation of schema documentation are removed.
    static func documentation(_ text: String?, indent: String, marker: String = "///") -> String {
        guard let text else { return "" }
        var lines: [String] = []
        var line = ""
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                lines.append(line)
                line = ""
            } else if scalar == "\t" {
                line += "    "
            } else if !isHidden(scalar) {
                line.unicodeScalars.append(scalar)
            }
        }
        lines.append(line)
        lines = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let margin = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { indent + ($0.isEmpty ? marker : marker + " " + $0.dropFirst(margin)) + "\n" }.joined()
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// Control characters, bidirectional controls and other invisible format characters.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.properties.generalCategory == .format
    }
}
