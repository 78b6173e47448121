// Invariants (own memory, beside the table's own tables; see Engine/UncheckedLayer.swift):
// - The output has room for `utf8Scale` bytes per input byte plus 8
//   (`transcodingCapacity(for:)`); every character writes at most `utf8Scale` bytes per
//   input byte it consumes, so the write position never passes `consumed * utf8Scale`, and
//   every store (8 bytes for a run of ASCII, 4 for a character) ends within the 8 bytes of
//   slack.
// - Input is read only below its count, and a multi-byte character only when all its bytes
//   are there; the table indexes are one byte (`singles`) or two (`convert`).
// - Nothing is kept: the input is a view lent for the call, the output the caller's buffer.

/// Converting a document in a table encoding to UTF-8, for expat to read as UTF-8.
extension CharacterTable {
    /// How ``transcode(_:into:)`` ended.
    enum TranscodeStop: Equatable {
        /// Every byte was converted.
        case complete
        /// The input ends inside a character (its first bytes are not consumed).
        case incomplete
        /// The bytes at the consumed offset, this many, are no character of the encoding.
        case invalid(length: Int)
    }

    /// How many bytes of output ``transcode(_:into:)`` may write for `count` bytes of input.
    func transcodingCapacity(for count: Int) -> Int {
        count * utf8Scale + 8
    }

    /// Converts `input` to UTF-8 up to its end, the first invalid sequence, or a character
    /// the input ends inside.
    ///
    /// Runs of ASCII go eight bytes at a time when the encoding keeps ASCII as it is (the
    /// markup and most of the text of real documents); other characters are one lookup.
    ///
    /// - Parameters:
    ///   - input: Bytes in this encoding.
    ///   - output: Room for ``transcodingCapacity(for:)`` bytes of `input.count`.
    /// - Returns: The input bytes consumed, the UTF-8 bytes written, and why it stopped.
    func transcode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer)
        -> (consumed: Int, written: Int, stop: TranscodeStop)
    {
        guard let source = input.baseAddress else { return (0, 0, .complete) }
        let count = input.count
        let asciiMask: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        var written = 0
        while index < count {
            if keepsASCII {
                while index + 8 <= count {
                    let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    guard word & asciiMask == 0 else { break }
                    output.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                    index += 8
                    written += 8
                }
                guard index < count else { break }
            }
            let lead = source.load(fromByteOffset: index, as: UInt8.self)
            let single = singles[Int(lead)]
            if single != 0 {
                output.storeBytes(of: (single >> 8).littleEndian, toByteOffset: written, as: UInt32.self)
                written += Int(single & 0xFF)
                index += 1
                continue
            }
            let length = self.length(lead: lead)
            guard length > 1 else { return (index, written, .invalid(length: 1)) }
            // A character cut at the end of the input waits for the rest.
            guard index + length <= count else { return (index, written, .incomplete) }
            let value = convert((source + index).assumingMemoryBound(to: UInt8.self))
            guard value > 0 else { return (index, written, .invalid(length: length)) }
            let utf8 = Self.packedUTF8(UInt32(value))
            output.storeBytes(of: (utf8 >> 8).littleEndian, toByteOffset: written, as: UInt32.self)
            written += Int(utf8 & 0xFF)
            index += length
        }
        return (count, written, .complete)
    }
}
