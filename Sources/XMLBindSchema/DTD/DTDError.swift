import XMLBind

/// A DTD that cannot be read: malformed, beyond a limit, or referring to something that is
/// never fetched, located like a compiler's error.
///
/// `description` reads `fonts.dtd:12:5: error: expected '>' to end <!ELEMENT fontconfig>`,
/// followed by a note for each parameter entity the position is inside, from the innermost
/// out, so an error in an entity's text also says where the entity was used.
public struct DTDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String
    /// Where: the file (or `nil` for text without one), line and column.
    public var origin: Origin
    /// Further places that explain it (`in %expr; used here`), each a message and origin.
    public var notes: [Note]

    /// A place that explains an error.
    public struct Note: Sendable, Hashable {
        /// What the place is.
        public var message: String
        /// Where it is.
        public var origin: Origin

        /// Creates a note.
        ///
        /// - Parameters:
        ///   - message: What the place is.
        ///   - origin: Where it is.
        public init(message: String, origin: Origin) {
            self.message = message
            self.origin = origin
        }
    }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - origin: Where.
    ///   - notes: Further places that explain it.
    public init(_ message: String, at origin: Origin, notes: [Note] = []) {
        self.message = message
        self.origin = origin
        self.notes = notes
    }

    /// `file:line:column: error: message`, then one `file:line:column: note: …` line per note.
    public var description: String {
        var lines = ["\(origin): error: \(message)"]
        for note in notes { lines.append("\(note.origin): note: \(note.message)") }
        return lines.joined(separator: "\n")
    }
}
