// Invariants (audited layer, see Unchecked.swift):
// - Writes the standard library's inline ("small") `String` form by hand: two words, the
//   bytes zero-padded, then a flags-and-count byte. `isAvailable` compares the result with
//   strings the standard library made itself before anything relies on it; when it
//   differs (or the platform is not 64-bit little-endian), every caller makes its strings
//   the standard way.
// - Only ASCII bytes (all < 0x80), at most `capacity` of them, are made this way.
// - `ownsNothing` reads the second word of a `String`/`String?` field of a live object.
// - SafeMode: `make` keeps its contract (ASCII, at most `capacity` bytes, else `nil`) but
//   makes the string with `String(decoding:as:)`; `ownsNothing` does not exist (nothing
//   writes fields there).

#if SafeMode
    /// Makes the `String` of up to 15 ASCII bytes (SafeMode: the standard way).
    enum ShortASCIIString {
        /// The longest value made.
        static let capacity = 15

        /// Whether ``make(_:)`` may be relied on: always, in SafeMode.
        static let isAvailable = true

        /// The bytes as a `String`, or `nil` when they are longer than ``capacity`` or not
        /// all ASCII.
        @inline(__always)
        static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            guard bytes.count <= capacity, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
#else
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
                // A value that owns storage must never look like one that owns none.
                let owned: String? = String(repeating: "owned", count: 8)
                let unowned: [String?] = [nil, "", "short", "a literal longer than fifteen bytes"]
                guard !withUnsafeBytes(of: owned, { ownsNothing($0.baseAddress) }),
                    unowned.allSatisfy({ value in withUnsafeBytes(of: value) { ownsNothing($0.baseAddress) } })
                else { return false }
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

        /// Whether the `String` or `String?` at `field` owns no storage: `nil`, or a value
        /// stored inline or in the program's constants (the top bit of its second word).
        /// Replacing such a value needs no release, which saves a runtime call per value
        /// stored into a fresh object. Callers check ``isAvailable`` once before relying on it.
        @inline(__always)
        static func ownsNothing(_ field: UnsafeRawPointer?) -> Bool {
            #if _endian(little) && _pointerBitWidth(_64)
                guard let field else { return false }
                let object = field.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                return object == 0 || object & (1 << 63) != 0
            #else
                return false
            #endif
        }

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
                // The bytes in order, zero-padded, read a word at a time without reading past
                // the last byte: overlapping loads, shifted into place.
                var words: (UInt64, UInt64) = (0, 0)
                let count = bytes.count
                if let start = bytes.baseAddress {
                    let raw = UnsafeRawPointer(start)
                    if count >= 8 {
                        words.0 = raw.loadUnaligned(as: UInt64.self)
                        if count > 8 {
                            let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                            words.1 = last >> UInt64(truncatingIfNeeded: (16 &- count) &* 8)
                        }
                    } else if count >= 4 {
                        let low = UInt64(raw.loadUnaligned(as: UInt32.self))
                        let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
                        words.0 = low | high << UInt64(truncatingIfNeeded: (count &- 4) &* 8)
                    } else {
                        for index in 0..<count {
                            words.0 |= UInt64(start[index]) << UInt64(truncatingIfNeeded: index &* 8)
                        }
                    }
                }
                guard (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 else { return nil }
                words.1 |= (asciiSmallFlags | UInt64(truncatingIfNeeded: count)) << 56
                // Moved out of the words' memory rather than bit-cast: a cast value is borrowed,
                // and owning it would cost a (no-op) retain call; an inline string owns nothing.
                // Unprotected: the words are read once, as one `String`, so no stack protector
                // guard is needed on each short value.
                return _withUnprotectedUnsafeMutablePointer(to: &words) { pointer in
                    pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
                }
            #else
                return nil
            #endif
        }
    }
#endif
