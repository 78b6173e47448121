/// A fix-it as the code that finds a problem knows it (names, the value's place), turned into
/// byte edits only on the error path, when the diagnostic is resolved and the source is read
/// again (see `SourceLocator+FixIts.swift`).
enum PendingFix: Sendable {
    /// Already worked out, by code that read the source itself (``WellFormednessAdvice``).
    case ready(FixIt)
    /// Rename the attribute written `name` in the start tag at the diagnostic's offset.
    case renameAttribute(String, to: String)
    /// Rename the element whose start tag is at the diagnostic's offset: the local part of
    /// its name, in its start tag and in its end tag.
    case renameElement(to: String)
    /// Replace the value the diagnostic's focus points at (an attribute's value, or an
    /// element's text) by `text`, escaped as its place needs.
    case replaceValue(with: String)
    /// Remove the element at the diagnostic's offset (with its line, when the line holds
    /// nothing else) when its text is the same, byte for byte, as the first value: the
    /// text of the element at `offset`, or the value of `attribute` in the start tag there.
    case removeRepeatedElement(sameAs: Int, attribute: String?)
}
