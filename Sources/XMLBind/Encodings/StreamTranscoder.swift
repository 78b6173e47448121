#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Converts a document in an encoding other than the four expat reads itself to UTF-8,
/// piece by piece, for expat to read.
///
/// Two converters: a ``CharacterTable`` for the encodings whose first byte gives a
/// character's length (single-byte ones, Shift_JIS, EUC-JP, EUC-KR, Big5, GBK…), and iconv
/// for the rest (a stateful one such as ISO-2022-JP, GB18030, EBCDIC, UTF-32), and for any
/// encoding when invalid bytes are to be replaced.
///
/// A character split between two pieces waits for the next one, and iconv keeps its shift
/// state across pieces, so streaming stays streaming. Bytes that are not valid stop the
/// conversion where they are (the parse reports them, located) or, when the caller asked,
/// become U+FFFD one byte at a time.
final class StreamTranscoder {
    /// What one piece became.
    struct Decoded {
        /// The UTF-8 of every complete character up to the end or the first invalid bytes
        /// (`Data`, so that a parse keeps a whole document's UTF-8 for its diagnostics
        /// without copying it).
        var utf8: Data
        /// The bytes that stopped the conversion, if any (nothing after them is converted).
        var invalid: [UInt8]?
        /// With ``invalid``, the rest of its line as UTF-8, from a U+FFFD for the invalid
        /// bytes on (what a table can still read of it), for the diagnostic's excerpt only.
        var restOfLine: [UInt8] = []
    }

    private enum Converter {
        case iconv(Iconv)
        case table(CharacterTable)
    }

    private let converter: Converter
    private let replacesInvalidBytes: Bool
    /// The end of the last piece: the start of a character that continues in the next one.
    private var carry: [UInt8] = []

    /// A converter through iconv.
    ///
    /// - Returns: `nil` when iconv cannot open the encoding.
    init?(iconvName: String, replacesInvalidBytes: Bool) {
        guard let converter = Iconv(from: iconvName, to: "UTF-8") else { return nil }
        self.converter = .iconv(converter)
        self.replacesInvalidBytes = replacesInvalidBytes
    }

    /// A converter through an encoding's table; invalid bytes stop it.
    init(table: CharacterTable) {
        self.converter = .table(table)
        self.replacesInvalidBytes = false
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Converts the next piece.
    ///
    /// - Parameters:
    ///   - bytes: The next bytes of the document.
    ///   - isFinal: Whether these are the last bytes (a character they leave open is invalid).
    /// - Returns: The UTF-8 of every complete character, and the bytes that stopped the
    ///   conversion, if any.
    func decode(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> Decoded {
        switch converter {
        case .iconv(let iconv): decode(bytes, isFinal: isFinal, with: iconv)
        case .table(let table): decode(bytes, isFinal: isFinal, with: table)
        }
    }

    // MARK: Through a table

    private func decode(_ bytes: UnsafeRawBufferPointer, isFinal: Bool, with table: CharacterTable) -> Decoded {
        var rest = bytes
        var head: [UInt8] = []
        if !carry.isEmpty {
            // Complete the character the last piece ended inside, then go on in place.
            let missing = table.length(lead: carry[0]) - carry.count
            let taken = min(missing, rest.count)
            carry.append(contentsOf: rest.prefix(taken))
            rest = UnsafeRawBufferPointer(rebasing: rest[taken...])
            var sequence: [UInt8] = []
            swap(&sequence, &carry)
            if taken < missing, !isFinal {
                carry = sequence
                return Decoded(utf8: Data())
            }
            let decoded = sequence.withUnsafeBytes { convert($0, isFinal: true, with: table) }
            guard decoded.invalid == nil else {
                return Decoded(
                    utf8: Data(), invalid: decoded.invalid, restOfLine: decoded.restOfLine + line(rest, table))
            }
            head = Array(decoded.utf8)
        }
        var decoded = convert(rest, isFinal: isFinal, with: table)
        if !head.isEmpty { decoded.utf8.replaceSubrange(0..<0, with: head) }
        return decoded
    }

    /// Converts `bytes` with the table; a character they end inside is carried, or at the
    /// end of the input invalid.
    private func convert(_ bytes: UnsafeRawBufferPointer, isFinal: Bool, with table: CharacterTable) -> Decoded {
        let (utf8, consumed, stop) = table.transcode(bytes)
        let left = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
        switch stop {
        case .complete:
            return Decoded(utf8: utf8)
        case .incomplete where !isFinal:
            carry = Array(left)
            return Decoded(utf8: utf8)
        case .incomplete:
            return Decoded(utf8: utf8, invalid: Array(left), restOfLine: Self.replacement)
        case .invalid(let length):
            let after = UnsafeRawBufferPointer(rebasing: left[length...])
            return Decoded(
                utf8: utf8, invalid: Array(left.prefix(length)), restOfLine: Self.replacement + line(after, table))
        }
    }

    /// The UTF-8 of what a table reads of the line that `bytes` start in (up to 240 bytes).
    private func line(_ bytes: UnsafeRawBufferPointer, _ table: CharacterTable) -> [UInt8] {
        let end = bytes.prefix(240).firstIndex { $0 == 0x0A || $0 == 0x0D } ?? min(bytes.count, 240)
        return Array(table.decode(Array(bytes[..<end])).utf8)
    }

    // MARK: Through iconv

    private func decode(_ bytes: UnsafeRawBufferPointer, isFinal: Bool, with converter: Iconv) -> Decoded {
        var input = carry
        input.append(contentsOf: bytes)
        carry = []
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2)
        var offset = 0
        while offset < input.count {
            let (consumed, stop) = input.withUnsafeBytes {
                converter.convert(UnsafeRawBufferPointer(rebasing: $0[offset...]), into: &output)
            }
            offset += consumed
            switch stop {
            case .complete:
                continue
            case .incomplete where !isFinal:
                carry = Array(input[offset...])
                return Decoded(utf8: Data(output))
            case .incomplete, .invalid:
                // iconv does not say how long the invalid sequence is: name its first byte.
                guard replacesInvalidBytes else {
                    return Decoded(utf8: Data(output), invalid: Array(input[offset...].prefix(1)))
                }
                output.append(contentsOf: Self.replacement)
                offset += 1
            }
        }
        if isFinal { converter.finish(into: &output) }
        return Decoded(utf8: Data(output))
    }
}
