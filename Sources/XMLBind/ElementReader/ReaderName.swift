#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The local name of an element an ``ElementReader`` reads (`value` for `<rpc:value>`), as a
/// view of the parser's bytes.
///
/// Valid only during the reader call it came with. Comparing it with a literal or a `String`
/// compares UTF-8 bytes and makes no `String`:
///
/// ```swift
/// if element.name == "member" { … }
/// switch element.name { case "i4", "int": … default: … }
/// ```
///
/// Comparisons are inlined and test the length first, so a name of another length costs one
/// comparison of integers. A reader telling many names apart can switch on ``count`` and
/// ``firstByte`` first and leave one comparison of bytes to decide.
public struct ReaderName: Equatable, CustomStringConvertible {
    /// The name's UTF-8 bytes, lent by the parser.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    @usableFromInline init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The name as a `String`.
    public var string: String {
        ReaderText.makeString(bytes)
    }

    /// The name's length in UTF-8 bytes.
    @inlinable public var count: Int { bytes.count }

    /// The name's first UTF-8 byte (`UInt8(ascii: "s")` for `struct`), or 0 for an empty name.
    @inlinable public var firstByte: UInt8 {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        return start.pointee
    }

    /// The name's UTF-8 byte at `index`, or 0 past its end.
    ///
    /// - Parameter index: A position from 0.
    /// - Returns: The byte there, or 0 when `index` is not below ``count``.
    @inlinable public func byte(at index: Int) -> UInt8 {
        guard index >= 0, index < bytes.count, let start = bytes.baseAddress else { return 0 }
        return start[index]
    }

    /// The name, as ``string``.
    public var description: String { string }

    /// Whether two names have the same bytes.
    @inlinable public static func == (lhs: ReaderName, rhs: ReaderName) -> Bool {
        equal(lhs.bytes, rhs.bytes)
    }

    /// Whether the name is `literal`, compared as UTF-8 bytes.
    @inlinable @inline(__always)
    public static func == (name: ReaderName, literal: StaticString) -> Bool {
        // A literal of one Unicode scalar stores the scalar, not UTF-8 bytes.
        guard literal.hasPointerRepresentation else { return name.string == literal.description }
        // Inlined with a literal, the count is a constant: the length test comes first, and
        // `memcmp` of a constant size becomes a load or two and a compare.
        return literal.withUTF8Buffer { equal(name.bytes, $0) }
    }

    /// Whether the name is `text`, compared as UTF-8 bytes (no `String` is made).
    @inlinable @inline(__always)
    public static func == (name: ReaderName, text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ equal(name.bytes, $0) }) {
            return answer
        }
        return name.bytes.elementsEqual(text.utf8)
    }

    /// Matches a name against a literal in a `switch` (`case "struct":`).
    @inlinable @inline(__always)
    public static func ~= (pattern: StaticString, name: ReaderName) -> Bool {
        name == pattern
    }

    @inlinable @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = other.count
        guard bytes.count == count else { return false }
        guard count > 0, let start = bytes.baseAddress, let otherStart = other.baseAddress else { return true }
        return memcmp(start, otherStart, count) == 0
    }
}
