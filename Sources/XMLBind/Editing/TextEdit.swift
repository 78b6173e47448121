#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One change to a document's bytes: the bytes in `range` are replaced by `replacement`.
///
/// Text edits are what every way of changing a document in place comes down to: a fix-it
/// on a ``Diagnostic``, a value rewritten by editing in place. Ranges are byte offsets into
/// the document as it was read (UTF-8 for the documents the binder reads as UTF-8), so an
/// edit never depends on how lines and columns are counted.
public struct TextEdit: Sendable, Hashable, CustomStringConvertible {
    /// The bytes replaced: offsets into the original document, end exclusive. An empty
    /// range inserts `replacement` before the byte at `range.lowerBound`.
    public var range: Range<Int>
    /// The text put in their place, written as UTF-8.
    public var replacement: String

    /// Creates an edit.
    ///
    /// - Parameters:
    ///   - range: The byte range replaced (empty to insert).
    ///   - replacement: The text put in its place.
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Creates an edit that inserts `text` before the byte at `offset`.
    public static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(range: offset..<offset, replacement: text)
    }

    /// Creates an edit that removes the bytes in `range`.
    public static func remove(_ range: Range<Int>) -> TextEdit {
        TextEdit(range: range, replacement: "")
    }

    /// `[lower, upper) → "replacement"`, for logs and test failures.
    public var description: String {
        "[\(range.lowerBound), \(range.upperBound)) → \(String(reflecting: replacement))"
    }

    /// Applies `edits` to `document` at once and returns the changed bytes.
    ///
    /// Every range refers to the original document, so the order of `edits` does not
    /// matter, except that insertions at the same offset are written in the order given.
    /// Two edits whose ranges overlap (an insertion inside a replaced range included) cannot
    /// both be honoured, so they are refused rather than guessed.
    ///
    /// - Parameters:
    ///   - edits: The edits, in any order.
    ///   - document: The original bytes.
    /// - Returns: The document with every edit applied.
    /// - Throws: ``TextEditError`` when a range lies outside the document or two edits overlap.
    public static func apply(_ edits: [TextEdit], to document: Data) throws(TextEditError) -> Data {
        let ordered = try ordered(edits, documentSize: document.count)
        var result = Data()
        result.reserveCapacity(document.count + ordered.reduce(0) { $0 + $1.replacement.utf8.count })
        write(ordered, over: document) { piece in result.append(contentsOf: piece) }
        return result
    }
}

/// Why a set of ``TextEdit``s could not be applied.
public enum TextEditError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An edit's range reaches outside the document.
    case outOfBounds(TextEdit, documentSize: Int)
    /// Two edits change the same bytes.
    case overlapping(TextEdit, TextEdit)

    /// A sentence saying which edit and why.
    public var description: String {
        switch self {
        case .outOfBounds(let edit, let size):
            "the edit \(edit) reaches outside the document of \(size) bytes"
        case .overlapping(let first, let second):
            "the edits \(first) and \(second) change the same bytes"
        }
    }
}
