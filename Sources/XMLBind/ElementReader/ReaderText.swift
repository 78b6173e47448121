#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The text gathered directly inside an element an ``ElementReader`` reads: every piece expat
/// delivered between its start and end tags, joined, without the text of its children.
///
/// A view of the binder's text buffer, valid only during the ``ElementReader/end(_:text:)``
/// call it came with. Entities and character references are decoded and CDATA sections
/// included, as for any element text; `${NAME}` substitution (``ParseOptions/substitution``)
/// does not apply to text a reader reads.
public struct ReaderText {
    /// The text's UTF-8 bytes, lent by the engine.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether there is no text at all.
    @inlinable public var isEmpty: Bool { bytes.isEmpty }

    /// The text's length in UTF-8 bytes.
    @inlinable public var count: Int { bytes.count }

    /// The text as a `String`. Short ASCII text (up to 15 bytes) is made without allocating.
    public var string: String {
        Self.makeString(bytes)
    }

    /// Whether the text is XML whitespace only (space, tab, line feed, carriage return), or empty.
    public var isWhitespace: Bool {
        for byte in bytes where !XMLWhitespace.isWhitespace(byte) { return false }
        return true
    }

    /// Runs `body` with the text's UTF-8 bytes, valid only during `body`.
    ///
    /// - Parameter body: Reads the bytes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(bytes)
    }

    /// The text converted to a value by a ``Conversion``: with its byte parser when it has
    /// one (the built-in conversions, ``Conversion/init(parsingBytes:format:)``; no `String`
    /// is made), else from the text as a `String`.
    ///
    /// ```swift
    /// let count = try text.converted(with: Int.xmlConversion)
    /// ```
    ///
    /// - Parameter conversion: The conversion to parse with.
    /// - Returns: The value the text stands for.
    /// - Throws: The conversion's own error. A ``ConversionError`` thrown out of the reader
    ///   is reported the way the binder reports a failed conversion of element text, with the
    ///   text and the type.
    public func converted<Value>(with conversion: Conversion<Value>) throws -> Value {
        do {
            return try conversion.decode(bytes)
        } catch var error as ConversionError {
            error.attempt = ConversionError.Attempt(
                text: String(decoding: bytes, as: UTF8.self), typeName: TypeName.forMessages(Value.self))
            throw error
        }
    }

    /// The bytes as a `String`, made by the standard library's public initializers
    /// (``StringCache/make(_:)``: up to 15 bytes inline, without allocating).
    @inline(__always)
    static func makeString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        StringCache.make(bytes)
    }
}
