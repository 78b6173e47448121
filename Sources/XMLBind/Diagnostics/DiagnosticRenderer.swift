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
        out += Self.caretPrefix(for: line, column: caretColumn ?? origin.column) + paint("^", .caret)
        return out
    }

    /// The whitespace that puts a caret under `column` (1-based, counted in Unicode
    /// scalars as expat counts): tabs are copied so the caret lines up however a
    /// terminal shows them, wide (East Asian) characters take two spaces, combining
    /// marks none.
    static func caretPrefix(for line: String, column: Int) -> String {
        var prefix = ""
        var remaining = column - 1
        for scalar in line.unicodeScalars where remaining > 0 {
            if scalar == "\t" {
                prefix.append("\t")
            } else {
                prefix += String(repeating: " ", count: displayWidth(scalar))
            }
            remaining -= 1
        }
        if remaining > 0 {
            prefix += String(repeating: " ", count: remaining)
        }
        return prefix
    }

    /// How many terminal cells a scalar takes: 0, 1 or 2.
    static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let value = scalar.value
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
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
