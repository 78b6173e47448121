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
            caretColumn: diagnostic.caretColumn, fixIt: diagnostic.fixIts.first.map { ($0, diagnostic.byteOffset) })
        for note in diagnostic.notes {
            out +=
                "\n"
                + block(
                    label: "note", tone: .note, message: note.message, origin: note.origin,
                    sourceLine: note.sourceLine, caretColumn: note.caretColumn)
        }
        return out
    }

    /// `place: label: message`, then the excerpt when the line is known, with the fix-it
    /// under the caret when its edit is on the line (else as a `fix-it:` line).
    private func block(
        label: String, tone: Tone, message: String, origin: Origin?, sourceLine: String?, caretColumn: Int?,
        fixIt: (fixIt: FixIt, byteOffset: Int?)? = nil
    ) -> String {
        var out = ""
        if let origin {
            // Line 0 stands for the file as a whole (an I/O error, say).
            out += paint(origin.line > 0 ? "\(origin): " : "\(origin.file ?? "<input>"): ", .place)
        }
        out += paint("\(label): ", tone) + paint(VisibleText.visible(message, keepingLineFeeds: true), .message)
        guard let origin, origin.line > 0, let source = sourceLine else {
            return out + (fixIt.map { "\n" + paint("fix-it: ", .note) + VisibleText.visible($0.fixIt.message) } ?? "")
        }
        // Shown with its control characters made visible, scalar for scalar, so that the
        // columns below still line up; the fix-it is placed on the line as it is.
        let line = VisibleText.visible(source)
        let number = String(origin.line)
        let width = max(5, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number
        let blank = String(repeating: " ", count: width)
        let column = caretColumn ?? origin.column
        out += "\n\(gutter) | \(line)"
        out += "\n\(blank) | "
        out += DisplayWidth.caretPrefix(for: line, column: column) + paint("^", .caret)
        guard let fixIt else { return out }
        guard let byteOffset = fixIt.byteOffset,
            let inline = FixItPlacement(fixIt.fixIt, line: source, caretColumn: column, caretOffset: byteOffset)
        else {
            return out + "\n" + paint("fix-it: ", .note) + VisibleText.visible(fixIt.fixIt.message)
        }
        // The replaced characters underlined, after the caret (the caret's own cell stays `^`).
        if inline.column == column {
            out += paint(inline.underline(in: line, from: 1), .caret)
        } else if inline.column > column {
            let caretPrefix = DisplayWidth.caretPrefix(for: line, column: column)
            let gap = DisplayWidth.caretPrefix(for: line, column: inline.column).dropFirst(caretPrefix.count + 1)
            out += gap + paint(inline.underline(in: line, from: 0), .caret)
        }
        if !inline.replacement.isEmpty {
            out += "\n\(blank) | " + DisplayWidth.caretPrefix(for: line, column: inline.column)
            out += paint(VisibleText.visible(inline.replacement), .caret)
        } else if inline.column < column {
            out += "\n\(blank) | " + DisplayWidth.caretPrefix(for: line, column: inline.column)
            out += paint(inline.underline(in: line, from: 0), .caret)
        }
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
