/// A problem found during a parse, before its position is turned into line and column.
///
/// The hot path only records byte offsets (cheap); lines, columns and source text are
/// worked out afterwards by ``SourceLocator``, and only for problems actually reported.
struct PendingDiagnostic: Sendable {
    /// What the caret should point at.
    enum Focus: Sendable {
        /// The byte offset itself: an element's `<`, or expat's error position.
        case offset
        /// The name of this attribute, in the start tag at the offset.
        case attributeName(String)
        /// The value of this attribute, in the start tag at the offset.
        case attributeValue(String)
    }

    var code: XMLBindError.Code
    var message: String
    /// The byte offset in the input, or -1 when unknown.
    var byteOffset: Int
    var focus: Focus = .offset
    /// expat's own line and 0-based column, used when the source cannot be read again.
    var fallback: (line: Int, column: Int)?

    /// The finished error, with origin and source line.
    func resolved(file: String?, locator: SourceLocator) -> XMLBindError {
        var offset = byteOffset
        switch focus {
        case .offset:
            break
        case .attributeName(let name):
            offset = locator.attributeOffsets(tagStart: byteOffset, qualifiedName: name)?.name ?? byteOffset
        case .attributeValue(let name):
            offset = locator.attributeOffsets(tagStart: byteOffset, qualifiedName: name)?.value ?? byteOffset
        }
        if let location = locator.locate(offset) {
            var error = XMLBindError(
                code: code, message: message,
                origin: Origin(file: file, line: location.line, column: location.column),
                sourceLine: location.lineText)
            error.caretColumn = location.caretColumn
            return error
        }
        let origin = fallback.map { Origin(file: file, line: $0.line, column: $0.column + 1) }
        return XMLBindError(code: code, message: message, origin: origin ?? Origin(file: file, line: 0, column: 0))
    }
}
