// Invariants:
// - `plainWords(in:from:inAttribute:)` reads the bytes of a view lent for one call (a
//   string's UTF-8 from `String.withUTF8`), eight at a time, each load wholly below the
//   view's count; it keeps nothing and writes nothing.

/// The escaping loop's word loads: runs of bytes that need no escaping are skipped eight
/// at a time.
extension XMLWriter {
    /// The index from `index` on at which fewer than eight bytes are left or a word of eight
    /// holds a byte that needs a look (``isPlain(_:inAttribute:)``).
    @inline(__always)
    static func plainWords(in bytes: UnsafeBufferPointer<UInt8>, from index: Int, inAttribute: Bool) -> Int {
        guard let start = UnsafeRawPointer(bytes.baseAddress) else { return index }
        let count = bytes.count
        var index = index
        while index &+ 8 <= count, isPlain((start + index).loadUnaligned(as: UInt64.self), inAttribute: inAttribute) {
            index &+= 8
        }
        return index
    }
}
