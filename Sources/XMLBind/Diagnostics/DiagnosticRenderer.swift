/// Formats an ``XMLBindError`` as a compiler does.
enum DiagnosticRenderer {
    /// Renders the heading line, then, when the source line is known, the line with its
    /// number and a caret under the origin's column.
    static func render(_ error: XMLBindError) -> String {
        var out = ""
        if let origin = error.origin {
            // Line 0 stands for the file as a whole (an I/O error, say).
            out += origin.line > 0 ? "\(origin): " : "\(origin.file ?? "<input>"): "
        }
        out += "error: \(error.message)"
        guard let origin = error.origin, origin.line > 0, let line = error.sourceLine else { return out }
        let number = String(origin.line)
        let width = max(5, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number
        out += "\n\(gutter) | \(line)"
        out += "\n\(String(repeating: " ", count: width)) | \(caretPrefix(for: line, column: error.caretColumn ?? origin.column))^"
        return out
    }

    /// The whitespace that puts a caret under `column` (1-based, in characters): tabs
    /// in the source are copied so the caret lines up however the terminal shows tabs.
    static func caretPrefix(for line: String, column: Int) -> String {
        var prefix = ""
        var remaining = column - 1
        for scalar in line.unicodeScalars where remaining > 0 {
            prefix.append(scalar == "\t" ? "\t" : " ")
            remaining -= 1
        }
        if remaining > 0 {
            prefix += String(repeating: " ", count: remaining)
        }
        return prefix
    }
}
