/// Converts a document in an encoding expat cannot read by itself (a stateful one such as
/// ISO-2022-JP, one whose first byte does not give a character's length such as GB18030,
/// EBCDIC, UTF-32) to UTF-8, piece by piece, for expat to read.
///
/// A character split between two pieces waits for the next one, and iconv keeps its shift
/// state across pieces, so streaming stays streaming. Bytes that are not valid stop the
/// conversion where they are (the parse reports them, located) or, when the caller asked,
/// become U+FFFD one byte at a time.
final class StreamTranscoder {
    private let converter: Iconv
    private let replacesInvalidBytes: Bool
    /// The end of the last piece: the start of a character that continues in the next one.
    private var carry: [UInt8] = []

    /// - Returns: `nil` when iconv cannot open the encoding.
    init?(iconvName: String, replacesInvalidBytes: Bool) {
        guard let converter = Iconv(from: iconvName, to: "UTF-8") else { return nil }
        self.converter = converter
        self.replacesInvalidBytes = replacesInvalidBytes
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Converts the next piece.
    ///
    /// - Parameters:
    ///   - bytes: The next bytes of the document.
    ///   - isFinal: Whether these are the last bytes (a character they leave open is invalid).
    /// - Returns: The UTF-8 of every complete character, and the bytes that stopped the
    ///   conversion, if any (nothing after them is converted).
    func decode(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> (utf8: [UInt8], invalid: [UInt8]?) {
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
                return (output, nil)
            case .incomplete, .invalid:
                // iconv does not say how long the invalid sequence is: name its first byte.
                guard replacesInvalidBytes else { return (output, Array(input[offset...].prefix(1))) }
                output.append(contentsOf: Self.replacement)
                offset += 1
            }
        }
        if isFinal { converter.finish(into: &output) }
        return (output, nil)
    }
}
