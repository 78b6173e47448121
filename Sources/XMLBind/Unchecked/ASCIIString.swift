// Invariants (audited layer, see Unchecked.swift):
// - Calls the standard library's `String._uncheckedFromUTF8(_:isASCII:)` (internal but
//   `@usableFromInline`, so part of its ABI; bound here by its mangled name) only with bytes
//   this file has read and found all ASCII (every byte < 0x80): such bytes are valid UTF-8,
//   and `isASCII: true`, the flag the result then carries, is true of them. Anything else
//   goes to `String(decoding:as:)`.
// - Reads only the bytes of the buffer it is given.
// - SafeMode: `make` is `String(decoding:as:)`.

#if SafeMode
    /// Makes the `String` of text bytes (SafeMode: the standard way).
    enum ASCIIString {
        /// The bytes (UTF-8) as a `String`.
        @inline(__always)
        static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self)
        }
    }
#else
    /// Makes the `String` of text bytes, skipping the standard library's UTF-8 check when
    /// they are all ASCII.
    ///
    /// `String(decoding:as:)` checks the bytes in a function of its own, which scans them for
    /// ASCII first (a word at a time) and then makes the storage: about 35 instructions a
    /// value on top of that scan and the storage. ASCII bytes need no validation, so the scan
    /// is made here, inline, and the storage made directly. Values that are not all ASCII go
    /// the standard way, which validates them.
    enum ASCIIString {
        /// The bytes (UTF-8) as a `String`.
        @inline(__always)
        static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            guard isASCII(bytes) else { return String(decoding: bytes, as: UTF8.self) }
            return uncheckedFromUTF8(bytes, isASCII: true)
        }

        /// Whether every byte is below 0x80: the high bits of the bytes, a word at a
        /// time, the last word overlapping so that nothing past the end is read.
        @inline(__always)
        static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let start = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(start)
            let count = bytes.count
            guard count >= 8 else {
                var high: UInt8 = 0
                for index in 0..<count { high |= start[index] }
                return high & 0x80 == 0
            }
            var bits = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            var offset = 0
            // Four words a round while they fit: long text is most of what comes here.
            while offset &+ 32 <= count {
                bits |=
                    raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
                offset &+= 32
            }
            while offset &+ 8 < count {
                bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            return bits & 0x8080_8080_8080_8080 == 0
        }
    }

    /// The standard library's `String._uncheckedFromUTF8(_:isASCII:)`: a `String` of bytes
    /// known to be valid UTF-8 (see the invariants above).
    @_silgen_name("$sSS18_uncheckedFromUTF8_7isASCIISSSRys5UInt8VG_SbtFZ")
    private func uncheckedFromUTF8(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String
#endif
