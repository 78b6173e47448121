/// Makes the `String` of up to 15 ASCII bytes directly in the standard library's inline
/// form, without its general path.
///
/// A `String` of at most 15 UTF-8 bytes keeps them inside its own two words (a "small
/// string"): the bytes in order, zero-padded, and a last byte of flags and count. Ids,
/// numbers, flags and short names, most of a configuration file's values, are such
/// strings. `String(decoding:as:)` validates them and goes through a generic path: about
/// 140 instructions each, more than the rest of binding the attribute. For ASCII bytes,
/// which need no validation, the inline form is two words to fill.
///
/// The form is the standard library's own, part of its frozen ABI on Apple platforms and
/// the same on Linux. ``isAvailable`` checks it against strings the standard library made
/// before anything relies on it; if it ever differed, callers make every value the usual
/// way.
enum ShortASCIIString {
    /// The longest value stored inline.
    static let capacity = 15

    /// The top byte of an inline ASCII string's second word, without its count:
    /// immortal, small, ASCII.
    private static let asciiSmallFlags: UInt64 = 0xE0

    /// Whether this process's `String` has the inline form ``make(_:)`` writes, checked
    /// once against strings the standard library made itself.
    static let isAvailable: Bool = {
        #if _endian(little) && _pointerBitWidth(_64)
            let samples = ["", "a", "id", "true", "bean0", "12345678", "singleton", "0123456789abcde"]
            return samples.allSatisfy { sample in
                let bytes = Array(sample.utf8)
                guard let made = bytes.withUnsafeBufferPointer(build) else { return false }
                return made == sample && made.utf8.count == bytes.count
                    && unsafeBitCast(made, to: (UInt64, UInt64).self)
                        == unsafeBitCast(sample, to: (UInt64, UInt64).self)
            }
        #else
            return false
        #endif
    }()

    /// The bytes as a `String`, or `nil` when they are longer than ``capacity`` or not
    /// all ASCII. Callers check ``isAvailable`` once before relying on it.
    @inline(__always)
    static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count <= capacity else { return nil }
        return build(bytes)
    }

    @inline(__always)
    private static func build(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        #if _endian(little) && _pointerBitWidth(_64)
            var words: (UInt64, UInt64) = (0, 0)
            if let start = bytes.baseAddress {
                withUnsafeMutableBytes(of: &words) { raw in
                    raw.baseAddress?.copyMemory(from: start, byteCount: bytes.count)
                }
            }
            guard (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 else { return nil }
            words.1 |= (asciiSmallFlags | UInt64(truncatingIfNeeded: bytes.count)) << 56
            return unsafeBitCast(words, to: String.self)
        #else
            return nil
        #endif
    }
}
