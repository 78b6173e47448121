/// An error an ``ElementReader`` throws to refuse the content it reads, with the place to
/// point at.
///
/// The parse reports it as an ``XMLBindError/Code/elementReaderFailed`` error with this
/// message, at ``byteOffset`` when given, else at the start tag of the element whose event
/// threw:
///
/// ```swift
/// func end(_ element: ReaderElement, text: ReaderText) throws {
///     guard !text.isWhitespace else {
///         throw ElementReaderError("<\(element.name)> must not be empty", atByteOffset: element.byteOffset)
///     }
/// }
/// ```
public struct ElementReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as the diagnostic says it.
    public var message: String
    /// Where in the document the problem is (a byte offset such as
    /// ``ReaderElement/byteOffset``), or `nil` for the start tag of the element whose event threw.
    public var byteOffset: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What is wrong, for a person to act on.
    ///   - atByteOffset: The byte offset to point at, or `nil` for the element being read.
    public init(_ message: String, atByteOffset: Int? = nil) {
        self.message = message
        self.byteOffset = atByteOffset
    }

    /// The message.
    public var description: String { message }
}
