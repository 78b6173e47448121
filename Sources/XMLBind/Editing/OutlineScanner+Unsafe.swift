#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `offset(of:in:from:)` reads the view `bytes` lent to `OutlineScanner.scan(_:)` (the
//   outline's array of the document), only inside it: from `start`, at most to its end.
// - The pointer `memchr` returns lies in that range, so its distance from the base is an
//   offset into the view. Nothing is written and nothing is kept.
// - SafeMode reads the bytes one at a time through the view instead.

extension OutlineScanner {
    /// The offset of the first `byte` at or after `start` in `bytes`, or `bytes.count`
    /// when there is none: found by the C library's `memchr`, which reads many bytes at a
    /// time, as the scan goes through text and attribute values in search of their end.
    static func offset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        #if SafeMode
            var index = start
            while index < bytes.count, bytes[index] != byte { index += 1 }
            return index
        #else
            guard let base = bytes.baseAddress,
                let found = memchr(base + start, Int32(byte), bytes.count - start)
            else { return bytes.count }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        #endif
    }
}
