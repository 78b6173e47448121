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

/// Byte-level helpers for XML whitespace (space, tab, carriage return, line feed).
enum XMLWhitespace {
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The bytes with leading and trailing XML whitespace removed.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Whether the bytes are exactly the literal's UTF-8 (without a generic comparison).
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        guard count > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base, literal.utf8Start, count) == 0
    }

    /// The string with leading and trailing XML whitespace removed.
    static func trimmed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { String(decoding: trimmed($0), as: UTF8.self) }
    }

    /// The whitespace-separated tokens of the bytes.
    static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
        var result: [UnsafeBufferPointer<UInt8>] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isWhitespace(bytes[index]) { index += 1 }
            if index > start {
                result.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
        }
        return result
    }
}
