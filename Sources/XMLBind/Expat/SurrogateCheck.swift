/// Finds unpaired surrogates in UTF-16 input, which expat 2.5.0 does not reject: it
/// merges a lone high surrogate with whatever unit follows into a bogus character.
///
/// The input's form is decided from its first two bytes as expat decides it (a byte
/// order mark, or `<` as a 16-bit unit); input in any other encoding passes untouched
/// after those two bytes, so the check costs nothing for UTF-8. It sees the input in
/// pieces, as they are fed, and keeps what a piece boundary splits.
struct SurrogateCheck {
    private enum Form {
        case undecided, other, bigEndian, littleEndian
    }

    private var form: Form
    private var head: [UInt8] = []
    /// Bytes seen so far.
    private var offset = 0
    /// The first byte of a unit that a piece boundary split.
    private var halfUnit: UInt8?
    /// The byte offset of a high surrogate still waiting for its low surrogate.
    private var pendingHigh: Int?

    /// - Parameter isUTF8: The input is known to be UTF-8 (parsed from a `String`).
    init(isUTF8: Bool) {
        form = isUTF8 ? .other : .undecided
    }

    /// Whether the input is UTF-16, once known.
    var isUTF16: Bool { form == .bigEndian || form == .littleEndian }
    /// Whether the input is big-endian UTF-16.
    var isBigEndian: Bool { form == .bigEndian }

    /// Checks the next piece of input.
    ///
    /// - Returns: The byte offset in the whole input of the first unpaired surrogate, or `nil`.
    mutating func check(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        if form == .undecided {
            while head.count < 2, index < bytes.count {
                head.append(bytes[index])
                index += 1
            }
            guard head.count == 2 else { return nil }
            switch (head[0], head[1]) {
            case (0xFE, 0xFF), (0x00, 0x3C): form = .bigEndian
            case (0xFF, 0xFE), (0x3C, 0x00): form = .littleEndian
            default: form = .other
            }
            guard isUTF16 else { return nil }
            // The first two bytes are a byte order mark or `<`: one unit, no surrogate.
            offset = 2
        }
        guard isUTF16 else {
            offset += bytes.count - index
            return nil
        }
        return scan(bytes[index...])
    }

    /// Checks the end of input: a high surrogate still waiting is unpaired.
    func finish() -> Int? {
        pendingHigh
    }

    private mutating func scan<C: Collection<UInt8>>(_ bytes: C) -> Int? {
        let bigEndian = form == .bigEndian
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
}
