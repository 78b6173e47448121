/// Formats diagnostics as a compiler does, plain or with ANSI colors.
struct DiagnosticRenderer {
    let style: DiagnosticStyle

    func render(_ error: XMLBindError) -> String {
        var parts = error.diagnostics.map(render)
        if error.omittedCount > 0 {
            let noun = error.omittedCount == 1 ? "diagnostic" : "diagnostics"
            parts.append(
                paint("note: ", .note)
                    + "\(error.omittedCount) more \(noun) not shown (raise ParseOptions.maximumDiagnostics to see them)"
            )
        }
        return parts.joined(separator: "\n")
    }

    func render(_ diagnostic: Diagnostic) -> String {
        var out = block(
            label: diagnostic.severity.rawValue, tone: diagnostic.severity == .error ? .error : .warning,
            message: diagnostic.message, origin: diagnostic.origin, sourceLine: diagnostic.sourceLine,
            caretColumn: diagnostic.caretColumn)
        for note in diagnostic.notes {
            out +=
                "\n"
                + block(
                    label: "note", tone: .note, message: note.message, origin: note.origin,
                    sourceLine: note.sourceLine, caretColumn: note.caretColumn)
        }
        return out
    }

    /// `place: label: message`, then the excerpt when the line is known.
    private func block(
        label: String, tone: Tone, message: String, origin: Origin?, sourceLine: String?, caretColumn: Int?
    ) -> String {
        var out = ""
        if let origin {
            // Line 0 stands for the file as a whole (an I/O error, say).
            out += paint(origin.line > 0 ? "\(origin): " : "\(origin.file ?? "<input>"): ", .place)
        }
        out += paint("\(label): ", tone) + paint(message, .message)
        guard let origin, origin.line > 0, let line = sourceLine else { return out }
        let number = String(origin.line)
        let width = max(5, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number
        out += "\n\(gutter) | \(line)"
        out += "\n\(String(repeating: " ", count: width)) | "
        out += DisplayWidth.caretPrefix(for: line, column: caretColumn ?? origin.column) + paint("^", .caret)
        return out
    }

    // MARK: Colors

    private enum Tone {
        case place, error, warning, note, message, caret
    }

    private func paint(_ text: String, _ tone: Tone) -> String {
        guard style == .colored else { return text }
        let code: String
        switch tone {
        case .place, .message: code = "1"
        case .error: code = "1;31"
        case .warning: code = "1;35"
        case .note: code = "1;36"
        case .caret: code = "1;32"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
