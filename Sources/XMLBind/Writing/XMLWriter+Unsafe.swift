// Invariants:
// - `escape(_:from:to:into:inAttribute:)` reads the bytes of a view lent for one call (a
//   string's UTF-8 from `String.withUTF8`, or a field's string lent in place by
//   `FieldAccess.withUTF8(ofStringAt:isOptional:_:)`): eight at a time, each load wholly
//   within `start..<end` (the last few bytes as the last eight shifted down, or, when the
//   piece is shorter, as two overlapping loads of four or two bytes, or one byte), and
//   single bytes below the view's count. It writes into `target`, space the document
//   storage lends for the call (``DocumentStorage/appendInPlace(reserving:_:)``) with room
//   for `(end - start) * 6 + 8` bytes: each input byte gives at most six (`&quot;`), and a
//   reference is stored as one eight-byte word of which only its own length counts.
//   It keeps nothing. `attribute(start:_:into:)` writes a name before such a piece and a
//   quote after it, into room reserved for both as well (`start.count + ... + 1`).

/// The escaping loop's word loads and stores: runs of bytes that need no escaping are
/// copied eight at a time, straight into the document's storage.
extension XMLWriter {
    /// Writes ` name="`, `bytes` escaped for an attribute, and `"` into `target`, which has
    /// room for `start.count + escapedCapacity(bytes.count) + 1` bytes.
    ///
    /// - Returns: How many bytes were written, and the first character XML cannot hold, if
    ///   one was met (then the count is not to be kept).
    @inline(__always)
    static func attribute(
        start: UnsafeRawBufferPointer, _ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableRawPointer
    ) -> (written: Int, refused: InvalidCharacter?) {
        if let name = start.baseAddress { DocumentStorage.copy(name, to: target, count: start.count) }
        let value = escape(bytes, from: 0, to: bytes.count, into: target + start.count, inAttribute: true)
        let end = start.count &+ value.written
        (target + end).storeBytes(of: 0x22, as: UInt8.self)
        return (end &+ 1, value.refused)
    }

    /// How much room escaping `length` bytes may need.
    @inline(__always)
    static func escapedCapacity(_ length: Int) -> Int { length &* 6 &+ 8 }

    /// Writes `bytes[start..<end]` escaped into `target` (see ``escapedCapacity(_:)``).
    ///
    /// - Returns: How many bytes were written, and the first character XML cannot hold, if
    ///   one was met (the bytes before it are written).
    @inline(__always)
    static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into target: UnsafeMutableRawPointer,
        inAttribute: Bool
    ) -> (written: Int, refused: InvalidCharacter?) {
        guard let source = UnsafeRawPointer(bytes.baseAddress) else { return (0, nil) }
        var index = start
        var out = 0
        while index < end {
            if index &+ 8 <= end {
                let word = (source + index).loadUnaligned(as: UInt64.self)
                if isPlain(word) {
                    (target + out).storeBytes(of: word, as: UInt64.self)
                    index &+= 8
                    out &+= 8
                    continue
                }
            } else {
                // The last few bytes, in a word filled up with `A`s: stored whole, counted
                // as far as they go. Past eight bytes, the word is the last eight (loaded
                // again, below `end`) shifted down; else they are gathered one by one.
                let left = end &- index
                let fill = UInt64(0x4141_4141_4141_4141) &<< UInt64(left &* 8)
                var word: UInt64
                if end &- start >= 8 {
                    word = (source + (end &- 8)).loadUnaligned(as: UInt64.self) &>> UInt64((8 &- left) &* 8) | fill
                } else {
                    // Fewer than eight in all: two loads of half the size or less that
                    // overlap in the middle, each within `index..<end`.
                    let at = source + index
                    switch left {
                    case 4...:
                        let low = UInt64(at.loadUnaligned(as: UInt32.self))
                        let high = UInt64((source + (end &- 4)).loadUnaligned(as: UInt32.self))
                        word = fill | low | high &<< UInt64((left &- 4) &* 8)
                    case 2...:
                        let low = UInt64(at.loadUnaligned(as: UInt16.self))
                        let high = UInt64((source + (end &- 2)).loadUnaligned(as: UInt16.self))
                        word = fill | low | high &<< UInt64((left &- 2) &* 8)
                    default:
                        word = fill | UInt64(at.load(as: UInt8.self))
                    }
                }
                if isPlain(word) {
                    (target + out).storeBytes(of: word, as: UInt64.self)
                    return (out &+ left, nil)
                }
            }
            let byte = bytes[index]
            index &+= 1
            // A reference as its UTF-8 bytes in a little-endian word, and its length.
            let reference: (word: UInt64, length: Int)
            switch byte {
            case UInt8(ascii: "&"): reference = (0x3B70_6D61_26, 5)  // &amp;
            case UInt8(ascii: "<"): reference = (0x3B74_6C26, 4)  // &lt;
            case UInt8(ascii: ">"): reference = (0x3B74_6726, 4)  // &gt;
            case 0x0D: reference = (0x3B33_3123_26, 5)  // &#13;
            case UInt8(ascii: "\"") where inAttribute: reference = (0x3B74_6F75_7126, 6)  // &quot;
            case 0x0A where inAttribute: reference = (0x3B30_3123_26, 5)  // &#10;
            case 0x09 where inAttribute: reference = (0x3B39_2326, 4)  // &#9;
            case 0x09, 0x0A:
                reference = (UInt64(byte), 1)
            case 0..<0x20, 0xEF:
                // A control character, or the lead byte of U+F000...U+FFFF (of which XML
                // cannot hold U+FFFE and U+FFFF): XML's character rule decides. The string's
                // UTF-8 is valid, so a lead byte 0xEF has its two continuation bytes.
                var codePoint = UInt32(byte)
                if byte == 0xEF, index &+ 1 < bytes.count {
                    codePoint = 0xF000 | UInt32(bytes[index] & 0x3F) &<< 6 | UInt32(bytes[index &+ 1] & 0x3F)
                }
                guard XMLCharacterRule.allows(codePoint: codePoint) else {
                    return (out, InvalidCharacter(scalar: codePoint))
                }
                reference = (UInt64(byte), 1)
            default:
                reference = (UInt64(byte), 1)
            }
            (target + out).storeBytes(of: reference.word, as: UInt64.self)
            out &+= reference.length
        }
        return (out, nil)
    }
}
