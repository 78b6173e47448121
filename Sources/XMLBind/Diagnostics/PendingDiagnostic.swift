/// A problem found during a parse, before its position is turned into line and column.
///
/// The hot path only records byte offsets (cheap); lines, columns and source text are
/// worked out afterwards by ``SourceLocator``, and only for problems actually reported.
struct PendingDiagnostic: Sendable {
    /// What the caret should point at, relative to ``byteOffset``.
    enum Focus: Sendable {
        /// The byte offset itself: an element's `<`, or expat's error position.
        case offset
        /// The name of this attribute, in the start tag at the offset.
        case attributeName(String)
        /// The value of this attribute, in the start tag at the offset; with `marker`, the
        /// `occurrence`-th (0-based) appearance of that text inside the value.
        case attributeValue(String, marker: String? = nil, occurrence: Int = 0)
        /// The `occurrence`-th appearance of `marker` at or after the offset.
        case search(String, occurrence: Int)
        /// The text of the element whose start tag is at the offset: its first character
        /// that is not whitespace (inside a CDATA section too); the element's `<` when its
        /// content starts with other markup.
        case elementText
    }

    /// A note to attach, with its own place.
    struct Note: Sendable {
        var message: String
        var byteOffset: Int
        var focus: Focus = .offset
    }

    var severity: Diagnostic.Severity = .error
    var code: XMLBindError.Code
    var message: String
    /// The byte offset in the input, or -1 when unknown.
    var byteOffset: Int
    var focus: Focus = .offset
    /// expat's own line and 0-based column, used when the source cannot be read again.
    var fallback: (line: Int, column: Int)?
    /// Whether the place is known only by `fallback` (a validator's report at a
    /// descendant's origin) and is to be found in the source by it.
    var placedByLineAndColumn = false
    var notes: [Note] = []
    /// For expat's well-formedness errors, which one, so ``WellFormednessAdvice`` can
    /// rewrite the message once the parse has stopped.
    var malformation: Malformation?
    /// The one obvious correction, when there is one; made into byte edits by ``resolve``.
    var fix: PendingFix?

    init(
        severity: Diagnostic.Severity = .error, code: XMLBindError.Code, message: String, byteOffset: Int,
        focus: Focus = .offset, fallback: (line: Int, column: Int)? = nil, notes: [Note] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.byteOffset = byteOffset
        self.focus = focus
        self.fallback = fallback
        self.notes = notes
    }

    /// Resolves many diagnostics at once, reading the source a single time for all
    /// their positions, and returns them in document order (by the position the caret
    /// points at; equal positions keep the order they were found in).
    static func resolve(_ pending: [PendingDiagnostic], file: String?, locator: SourceLocator) -> [Diagnostic] {
        // Most parses have nothing to locate: no sorting, sets or dictionaries for them.
        guard !pending.isEmpty else { return [] }
        // A place known only by line and column (a validator's report at a descendant's
        // origin) is found in the source, for its line text and its place in the order.
        let placed = pending.compactMap { item in
            item.placedByLineAndColumn
                ? item.fallback.map { SourceLocator.LineColumn(line: $0.line, column: $0.column + 1) } : nil
        }
        let placedOffsets = placed.isEmpty ? [:] : locator.offsets(ofLinesAndColumns: placed)
        let offsets = pending.map { item in
            if item.placedByLineAndColumn, let fallback = item.fallback,
                let offset = placedOffsets[SourceLocator.LineColumn(line: fallback.line, column: fallback.column + 1)]
            {
                return offset
            }
            return locator.offset(of: item.byteOffset, focus: item.focus)
        }
        let noteOffsets = pending.map { diagnostic in
            diagnostic.notes.map { locator.offset(of: $0.byteOffset, focus: $0.focus) }
        }
        let locations = locator.locate(offsets + noteOffsets.flatMap { $0 })
        let order = pending.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
        return order.map { index in
            let item = pending[index]
            var diagnostic = Diagnostic(severity: item.severity, code: item.code, message: item.message)
            if let location = locations[offsets[index]] {
                diagnostic.origin = Origin(file: file, line: location.line, column: location.column)
                diagnostic.sourceLine = location.lineText
                diagnostic.caretColumn = location.caretColumn
                if locator.knowsDocumentOffsets { diagnostic.byteOffset = offsets[index] }
                if let fix = item.fix, let fixIt = locator.fixIt(fix, at: item.byteOffset, focus: item.focus) {
                    diagnostic.fixIts = [fixIt]
                }
            } else {
                diagnostic.origin =
                    item.fallback.map { Origin(file: file, line: $0.line, column: $0.column + 1) }
                    ?? Origin(file: file, line: 0, column: 0)
            }
            diagnostic.notes = zip(item.notes, noteOffsets[index]).map { note, offset in
                var resolved = Diagnostic.Note(note.message)
                if let location = locations[offset] {
                    resolved.origin = Origin(file: file, line: location.line, column: location.column)
                    resolved.sourceLine = location.lineText
                    resolved.caretColumn = location.caretColumn
                    if locator.knowsDocumentOffsets { resolved.byteOffset = offset }
                }
                return resolved
            }
            return diagnostic
        }
    }
}
