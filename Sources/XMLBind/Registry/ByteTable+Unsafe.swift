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

// Invariants:
// - Every pointer here is the base of a view lent for one call (`UnsafeBufferPointer`), read
//   only below its count and never kept or written through.
// - `hash` loads two eight-byte words only when the key holds at least eight bytes: the
//   first at the start, the last ending at the key's end.
// - `bytes(_:at:equal:)` compares `key.count` bytes from `offset`, which the caller found in
//   a slot whose length equals `key.count`: the stored key lies within `stored`.

/// The word loads and byte comparisons of a lookup, on the bytes lent to it.
extension ByteTable {
    /// The hash of a key: its length mixed with its first and last eight bytes (two loads
    /// however long it is), or with every byte of a key shorter than eight.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: hash) }
        if count >= 8 {
            let head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            let tail = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
            hash = (hash ^ head) &* 0xFF51_AFD7_ED55_8CCD
            hash = (hash ^ (hash >> 29) ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        } else {
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash)
    }

    /// Whether the `key.count` bytes of `stored` from `offset` are `key`'s (one `memcmp`).
    @inline(__always)
    static func bytes(
        _ stored: UnsafeBufferPointer<UInt8>, at offset: Int, equal key: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        assert(offset >= 0 && offset + key.count <= stored.count)
        guard key.count > 0, let storedBase = stored.baseAddress, let keyBase = key.baseAddress else { return true }
        return memcmp(storedBase + offset, keyBase, key.count) == 0
    }
}
