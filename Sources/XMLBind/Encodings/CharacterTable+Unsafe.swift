#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Invariants (memory the table allocates and frees itself; see Engine/UncheckedLayer.swift):
// - ``CharacterTable/Tables``: `pairs` and `triples` hold 65,536 initialized entries each,
//   and `singles` 256, from `init` to `free()`, which the owning table's `deinit` calls once.
//   They are indexed only through `pair`, `triple` and `single`, whose `UInt8` arguments make
//   every index one byte (at most 255) or two (at most 65,535). Nothing writes them after
//   `init`, so they are `@unchecked Sendable`: every table shares them, read-only, across
//   threads.
// - The output has room for `utf8Scale` bytes per input byte plus 8
//   (`transcodingCapacity(for:)`); every character writes at most `utf8Scale` bytes per
//   input byte it consumes, so the write position never passes `consumed * utf8Scale`, and
//   every store (8 bytes for a run of ASCII, 4 for a character) ends within the 8 bytes of
//   slack.
// - Input is read only below its count, and a multi-byte character only when all its bytes
//   are there; the table indexes are one byte (`single`) or two (`pair`, `triple`).
// - Nothing is kept: the input is a view lent for the call, the output a `Data` of
//   `transcodingCapacity(for:)` bytes that `transcode(_:)` makes, lends to the loop for the
//   call and trims to what was written.

/// Converting a document in a table encoding to UTF-8, for expat to read as UTF-8.
extension CharacterTable {
    /// A table's lookup tables, in memory of their own: read without bounds checks, every
    /// index being one or two bytes.
    struct Tables: @unchecked Sendable {
        /// The characters of two-byte sequences, by `first << 8 | second`; 0 for invalid.
        private let pairs: UnsafeMutablePointer<UInt16>
        /// The characters of the three-byte sequences of the one three-byte lead, by
        /// `second << 8 | third`.
        private let triples: UnsafeMutablePointer<UInt16>
        /// The UTF-8 of each single-byte character, by byte: the length in the low byte, the
        /// bytes above it (0 for a byte that is no character on its own).
        private let singles: UnsafeMutablePointer<UInt32>

        /// Copies the tables (65,536, 65,536 and 256 entries) into memory of their own.
        init(pairs: [UInt16], triples: [UInt16], singles: [UInt32]) {
            precondition(pairs.count == 1 << 16 && triples.count == 1 << 16 && singles.count == 256)
            self.pairs = .allocate(capacity: 1 << 16)
            self.pairs.initialize(from: pairs, count: 1 << 16)
            self.triples = .allocate(capacity: 1 << 16)
            self.triples.initialize(from: triples, count: 1 << 16)
            self.singles = .allocate(capacity: 256)
            self.singles.initialize(from: singles, count: 256)
        }

        /// Frees the tables; called once, by the owning table's `deinit`.
        func free() {
            pairs.deallocate()
            triples.deallocate()
            singles.deallocate()
        }

        /// The character of the two-byte sequence `first second`, or 0.
        @inline(__always)
        func pair(_ first: UInt8, _ second: UInt8) -> UInt16 { pairs[Int(first) << 8 | Int(second)] }

        /// The character of the three-byte sequence `lead second third`, or 0.
        @inline(__always)
        func triple(_ second: UInt8, _ third: UInt8) -> UInt16 { triples[Int(second) << 8 | Int(third)] }

        /// The packed UTF-8 of `byte` as a character by itself, or 0.
        @inline(__always)
        func single(_ byte: UInt8) -> UInt32 { singles[Int(byte)] }
    }

    /// How ``transcode(_:)`` ended.
    enum TranscodeStop: Equatable {
        /// Every byte was converted.
        case complete
        /// The input ends inside a character (its first bytes are not consumed).
        case incomplete
        /// The bytes at the consumed offset, this many, are no character of the encoding.
        case invalid(length: Int)
    }

    /// How many bytes of output ``transcode(_:)`` may write for `count` bytes of input.
    private func transcodingCapacity(for count: Int) -> Int {
        count * utf8Scale + 8
    }

    /// Converts `input` to UTF-8 up to its end, the first invalid sequence, or a character
    /// the input ends inside.
    ///
    /// - Parameter input: Bytes in this encoding, lent for the call.
    /// - Returns: The UTF-8, the input bytes consumed, and why it stopped.
    func transcode(_ input: UnsafeRawBufferPointer) -> (utf8: Data, consumed: Int, stop: TranscodeStop) {
        var utf8 = Data(count: transcodingCapacity(for: input.count))
        var consumed = 0
        var written = 0
        var stop = TranscodeStop.complete
        utf8.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            (consumed, written, stop) = transcode(input, into: base)
        }
        utf8.count = written
        return (utf8, consumed, stop)
    }

    /// Converts `input` into `output`, as ``transcode(_:)`` says.
    ///
    /// Runs of ASCII go eight bytes at a time when the encoding keeps ASCII as it is (the
    /// markup and most of the text of real documents); other characters are one lookup.
    ///
    /// - Parameters:
    ///   - input: Bytes in this encoding.
    ///   - output: Room for ``transcodingCapacity(for:)`` bytes of `input.count`.
    /// - Returns: The input bytes consumed, the UTF-8 bytes written, and why it stopped.
    private func transcode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer)
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
            let single = tables.single(lead)
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
            let second = source.load(fromByteOffset: index + 1, as: UInt8.self)
            let third = length > 2 ? source.load(fromByteOffset: index + 2, as: UInt8.self) : 0
            let value = character(lead, second, third)
            guard value > 0 else { return (index, written, .invalid(length: length)) }
            let utf8 = Self.packedUTF8(UInt32(value))
            output.storeBytes(of: (utf8 >> 8).littleEndian, toByteOffset: written, as: UInt32.self)
            written += Int(utf8 & 0xFF)
            index += length
        }
        return (count, written, .complete)
    }
}
