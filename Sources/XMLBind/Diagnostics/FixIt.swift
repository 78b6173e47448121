/// A correction a tool can apply to a document by itself: what it does, as a sentence, and
/// the byte edits that do it.
///
/// A ``Diagnostic`` carries fix-its only where one correction is obvious: a name one edit
/// away from the only close candidate (`clas` → `class`, an enum value `HTTPS` → `https`), a
/// bare `&` (→ `&amp;`) or `<` (→ `&lt;`), an element left open that the next line's end tag
/// shows should be closed, an end tag whose name is misspelt, an attribute written twice with
/// the same value, an element that repeats a single value with the same text. The edits' ranges are byte offsets into the document as it was read (see
/// ``TextEdit``); apply them with ``TextEdit/apply(_:to:)``, then parse again: one fix can
/// reveal the next problem, and two fix-its of one parse may touch the same bytes (apply
/// one, parse again).
///
/// Fix-its are only worked out on the error path, and only for documents whose own bytes
/// are UTF-8 (or ASCII): for a document the parse transcoded to UTF-8 first, the offsets
/// would not point into its bytes. Input streamed from a pipe or an `AsyncSequence` keeps
/// only its recent part; a fix-it that needs bytes no longer at hand (an unknown element's
/// end tag far below, say) is left out.
public struct FixIt: Sendable, Hashable, CustomStringConvertible {
    /// What applying the fix-it does, such as `replace 'clas' with 'class'`.
    public var message: String
    /// The edits, against the original document's bytes; applied together.
    public var edits: [TextEdit]

    /// Creates a fix-it.
    ///
    /// - Parameters:
    ///   - message: What applying it does.
    ///   - edits: The byte edits that do it, all against the same original document.
    public init(_ message: String, edits: [TextEdit]) {
        self.message = message
        self.edits = edits
    }

    /// `fix-it: message`, then each edit.
    public var description: String {
        "fix-it: \(message) " + edits.map(\.description).joined(separator: ", ")
    }
}
