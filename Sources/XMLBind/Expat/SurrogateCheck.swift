// Invariants (the expat room, see Engine/UncheckedLayer.swift): reads only the input views
// it is fed, within their bounds, before they reach expat; it keeps a copy of at most the
// few bytes a piece boundary splits.

/// Finds unpaired surrogates in UTF-16 input, which expat 2.5.0 does not reject: it
/// merges a lone high surrogate with whatever unit follows into a bogus character.
///
/// Whether the input is UTF-16, and of which byte order, is the parse's
/// ``DocumentEncoding``: decided once, as expat is told it, so the check and expat never
/// disagree. Input in any other encoding passes untouched, so the check costs nothing for
/// UTF-8. It sees the input in pieces, as they are fed, and keeps what a piece boundary splits.
struct SurrogateCheck {
    /// `nil` when the input is not UTF-16.
    private let bigEndian: Bool?
    /// Bytes seen so far.
    private var offset = 0
    /// The first byte of a unit that a piece boundary split.
    private var halfUnit: UInt8?
    /// The byte offset of a high surrogate still waiting for its low surrogate.
    private var pendingHigh: Int?

    /// - Parameter bigEndian: The byte order of UTF-16 input, or `nil` for any other encoding.
    init(bigEndian: Bool?) {
        self.bigEndian = bigEndian
    }

    /// Checks the next piece of input.
    ///
    /// - Returns: The byte offset in the whole input of the first unpaired surrogate, or `nil`.
    mutating func check(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let bigEndian else { return nil }
        for byte in bytes {
            defer { offset += 1 }
            guard let first = halfUnit else {
                halfUnit = byte
                continue
            }
            halfUnit = nil
            let unit = bigEndian ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first)
            let unitOffset = offset - 1
            switch unit {
            case 0xD800...0xDBFF:
                if let high = pendingHigh { return high }
                pendingHigh = unitOffset
            case 0xDC00...0xDFFF:
                guard pendingHigh != nil else { return unitOffset }
                pendingHigh = nil
            default:
                if let high = pendingHigh { return high }
            }
        }
        return nil
    }

    /// Checks the end of input: a high surrogate still waiting is unpaired.
    func finish() -> Int? {
        pendingHigh
    }
}
