import Foundation
import XMLBind

/// Reads DTD text into a ``DTD``: one pass over a stack of sources (the file, and the
/// replacement text of each parameter entity being expanded), declarations parsed as they
/// come, held to `ParseLimits`.
///
/// Parameter entities are expanded as XML says: inside an entity value, their text is
/// included as it is; between and inside declarations, with a space on each side (so a
/// reference never glues two tokens together). The first declaration of an entity or an
/// attribute wins.
final class DTDParser {
    /// A declared parameter entity.
    enum ParameterEntity {
        /// Replacement text already expanded at its declaration; `depth` counts the levels
        /// of entities it was made from (1 for none).
        case text([UInt8], origin: Origin, depth: Int)
        /// Text in another file, read when referenced.
        case external(systemID: String, baseDirectory: URL?, origin: Origin)
    }

    let limits: ParseLimits
    var sources: [DTDSource]
    var dtd = DTD()
    var parameterEntities: [String: ParameterEntity] = [:]
    var entityDeclarationCount = 0
    /// Bytes read from files, and bytes produced by expanding entities, for the
    /// amplification limit.
    var inputBytes: Int
    var expandedBytes = 0
    /// Where each open `<![INCLUDE[` section began.
    var openSections: [Origin] = []
    /// The last comment before the next declaration, for documentation.
    var pendingComment: String?

    init(root: DTDSource, limits: ParseLimits) {
        self.sources = [root]
        self.limits = limits
        self.inputBytes = root.bytes.count
    }

    // MARK: The top level

    /// Reads declarations until the outermost text ends, or, for a document's internal
    /// subset, until the `]` that closes it.
    func parseDeclarations(closedBy terminator: UInt8? = nil) throws(DTDError) {
        while true {
            skipWhitespace()
            if current.isAtEnd {
                if sources.count > 1 {
                    sources.removeLast()
                    continue
                }
                if terminator != nil { throw error("the internal subset is not closed by ']'") }
                break
            }
            if current.hasPrefix("<!--") {
                try skipComment()
            } else if current.hasPrefix("<?") {
                pendingComment = nil
                try skipProcessingInstruction()
            } else if current.hasPrefix("<![") {
                pendingComment = nil
                try openConditionalSection()
            } else if current.hasPrefix("]]>") {
                guard openSections.popLast() != nil else { throw error("']]>' closes no conditional section") }
                current.advance(by: 3)
            } else if current.peek() == UInt8(ascii: "%") {
                try expandParameterEntity(padded: false)
            } else if current.hasPrefix("<!ELEMENT") {
                try parseElementDeclaration()
            } else if current.hasPrefix("<!ATTLIST") {
                pendingComment = nil
                try parseAttributeListDeclaration()
            } else if current.hasPrefix("<!ENTITY") {
                pendingComment = nil
                try parseEntityDeclaration()
            } else if current.hasPrefix("<!NOTATION") {
                pendingComment = nil
                try parseNotationDeclaration()
            } else if let terminator, sources.count == 1, current.peek() == terminator {
                current.advance()
                break
            } else {
                throw error("expected a declaration (<!ELEMENT, <!ATTLIST, <!ENTITY, <!NOTATION), found \(foundText())")
            }
        }
        if let open = openSections.last {
            throw error("a conditional section is not closed by ']]>'", at: open)
        }
    }

    // MARK: Position and errors

    /// The text being read (the innermost source).
    var current: DTDSource {
        get { sources[sources.count - 1] }
        _modify { yield &sources[sources.count - 1] }
    }

    /// A located error at `origin` (the current position by default), with a note for each
    /// parameter entity the position is inside.
    func error(_ message: String, at origin: Origin? = nil) -> DTDError {
        var notes: [DTDError.Note] = []
        for source in sources.reversed() {
            guard let name = source.entityName, let reference = source.referenceOrigin else { continue }
            notes.append(DTDError.Note(message: "in parameter entity %\(name); used here", origin: reference))
        }
        return DTDError(message, at: origin ?? current.origin, notes: notes)
    }

    /// What stands at the position, for messages: `'x'` or `the end of the text`.
    func foundText() -> String {
        guard let byte = current.peek() else {
            return current.entityName.map { "the end of parameter entity %\($0);" } ?? "the end of the DTD"
        }
        var end = current.position
        while end < current.bytes.count, end - current.position < 12, !DTDCharacters.isWhitespace(current.bytes[end]) {
            end += 1
        }
        let word = String(decoding: current.bytes[current.position..<max(end, current.position + 1)], as: UTF8.self)
        return byte < 0x20 ? "a control character" : "'\(word)'"
    }

    // MARK: Whitespace, names and literals

    /// Skips whitespace in the current text only.
    func skipWhitespace() {
        while let byte = current.peek(), DTDCharacters.isWhitespace(byte) { current.advance() }
    }

    /// Skips whitespace inside a declaration: parameter entity references are expanded (with
    /// a space each side) and the end of an entity's text counts as whitespace.
    ///
    /// - Returns: Whether anything was skipped.
    @discardableResult
    func skipSeparators() throws(DTDError) -> Bool {
        var skipped = false
        while true {
            if let byte = current.peek(), DTDCharacters.isWhitespace(byte) {
                current.advance()
            } else if current.isAtEnd, sources.count > 1 {
                sources.removeLast()
            } else if current.peek() == UInt8(ascii: "%"), let next = current.peek(1), DTDCharacters.isNameStart(next) {
                try expandParameterEntity(padded: true)
            } else {
                return skipped
            }
            skipped = true
        }
    }

    /// Skips separators that must be there (XML's `S`).
    func requireSeparator(_ context: @autoclosure () -> String) throws(DTDError) {
        guard try skipSeparators() else { throw error("expected whitespace \(context()), found \(foundText())") }
    }

    /// Reads a name (XML's `Name`) from the current text.
    func readName(_ what: @autoclosure () -> String) throws(DTDError) -> String {
        guard let first = current.peek(), DTDCharacters.isNameStart(first) else {
            throw error("expected \(what()), found \(foundText())")
        }
        return try readNameCharacters(what())
    }

    /// Reads a name token (XML's `Nmtoken`): name characters, any first.
    func readNameToken(_ what: @autoclosure () -> String) throws(DTDError) -> String {
        guard let first = current.peek(), DTDCharacters.isNameCharacter(first) else {
            throw error("expected \(what()), found \(foundText())")
        }
        return try readNameCharacters(what())
    }

    private func readNameCharacters(_ what: String) throws(DTDError) -> String {
        let start = current.position
        let origin = current.origin
        while let byte = current.peek(), DTDCharacters.isNameCharacter(byte) { current.advance() }
        let length = current.position - start
        guard length <= limits.maximumNameLength else {
            throw error(
                "\(what) is \(length) bytes long, more than the limit of \(limits.maximumNameLength)", at: origin)
        }
        return String(decoding: current.bytes[start..<current.position], as: UTF8.self)
    }

    /// Reads a quoted literal's bytes from the current text (it may not cross an entity's
    /// end), without its quotes.
    func readQuoted(_ what: @autoclosure () -> String, limit: Int) throws(DTDError) -> (
        bytes: ArraySlice<UInt8>, origin: Origin
    ) {
        guard let quote = current.peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("expected \(what()) in quotes, found \(foundText())")
        }
        let opening = current.origin
        current.advance()
        let start = current.position
        let origin = current.origin
        while let byte = current.peek(), byte != quote { current.advance() }
        guard !current.isAtEnd else { throw error("\(what()) is not closed by its quote", at: opening) }
        let bytes = current.bytes[start..<current.position]
        current.advance()
        guard bytes.count <= limit else {
            throw error("\(what()) is \(bytes.count) bytes long, more than the limit of \(limit)", at: opening)
        }
        return (bytes, origin)
    }

    /// Consumes `>` ending a declaration.
    func expectDeclarationEnd(_ declaration: @autoclosure () -> String) throws(DTDError) {
        try skipSeparators()
        guard current.peek() == UInt8(ascii: ">") else {
            throw error("expected '>' to end \(declaration()), found \(foundText())")
        }
        current.advance()
    }

    /// Consumes a keyword of a declaration (`<!ELEMENT`) and the whitespace after it.
    func expectKeyword(_ keyword: StaticString, count: Int) throws(DTDError) {
        current.advance(by: count)
        try requireSeparator("after \(keyword)")
    }
}
