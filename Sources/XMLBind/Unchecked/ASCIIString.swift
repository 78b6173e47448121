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

        /// A maker of `String`s held by a hot caller (SafeMode: nothing to hold).
        struct Maker {
            /// The maker of this process, once learned.
            static var current: Maker { Maker() }

            /// The bytes (UTF-8) as a `String`.
            @inline(__always)
            func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String { ASCIIString.make(bytes) }
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
            Maker.current.make(bytes)
        }

        /// A maker of `String`s held by a hot caller, so that the native form
        /// (``NativeASCIIString``) is read from the caller's memory rather than from a lazily
        /// initialized global (a `swift_once` call a value).
        struct Maker {
            /// How long ASCII values are made: natively (``NativeASCIIString``) when the form
            /// was learned, else by the standard library's unchecked initializer.
            let native: NativeASCIIString.Form?

            /// The maker of this process: the native form once learned.
            static var current: Maker { Maker(native: NativeASCIIString.form) }

            /// The bytes (UTF-8) as a `String`.
            @inline(__always)
            func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
                guard isASCII(bytes) else { return String(decoding: bytes, as: UTF8.self) }
                let count = bytes.count
                if count >= NativeASCIIString.shortest, count <= NativeASCIIString.longest, let native,
                    let made = NativeASCIIString.make(bytes, form: native)
                {
                    return made
                }
                return uncheckedFromUTF8(bytes, isASCII: true)
            }
        }

        /// Whether every byte is below 0x80: the high bits of the bytes, sixteen at a time,
        /// the last sixteen overlapping so that nothing past the end is read.
        ///
        /// The bytes are or-ed into one vector register over the whole run and tested once
        /// at the end (long text, most of what comes here, costs about ten instructions per
        /// 64 bytes); shorter runs use overlapping words.
        @inline(__always)
        static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let start = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(start)
            let count = bytes.count
            let high: UInt64 = 0x8080_8080_8080_8080
            guard count >= 16 else {
                if count >= 8 {
                    let first = raw.loadUnaligned(as: UInt64.self)
                    let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    return (first | last) & high == 0
                }
                if count >= 4 {
                    let first = raw.loadUnaligned(as: UInt32.self)
                    let last = raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                    return (first | last) & UInt32(truncatingIfNeeded: high) == 0
                }
                var bits: UInt8 = 0
                for index in 0..<count { bits |= start[index] }
                return bits & 0x80 == 0
            }
            var bits = raw.loadUnaligned(fromByteOffset: count &- 16, as: SIMD2<UInt64>.self)
            var offset = 0
            while offset &+ 64 <= count {
                bits |=
                    (raw.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
                        | raw.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD2<UInt64>.self))
                    | (raw.loadUnaligned(fromByteOffset: offset &+ 32, as: SIMD2<UInt64>.self)
                        | raw.loadUnaligned(fromByteOffset: offset &+ 48, as: SIMD2<UInt64>.self))
                offset &+= 64
            }
            while offset &+ 16 < count {
                bits |= raw.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
                offset &+= 16
            }
            return (bits[0] | bits[1]) & high == 0
        }
    }

    /// The standard library's `String._uncheckedFromUTF8(_:isASCII:)`: a `String` of bytes
    /// known to be valid UTF-8 (see the invariants above).
    @_silgen_name("$sSS18_uncheckedFromUTF8_7isASCIISSSRys5UInt8VG_SbtFZ")
    private func uncheckedFromUTF8(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String
#endif
