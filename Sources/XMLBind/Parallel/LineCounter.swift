/// Lines and columns of byte offsets, counted as expat counts them: a line ends at LF, CR
/// or CR LF; a column is a character (a UTF-8 sequence), 0-based; a UTF-8 byte order mark
/// is not a column.
///
/// Offsets are asked for in increasing order, and the count goes on from the last one, so
/// the whole document is read once. For a document in pieces that count is on the way of
/// every piece (``PiecePositions``), so it is done eight bytes at a time (see
/// ``matches(_:in:)``): byte by byte it took 8 instructions a byte, as much as binding a
/// tenth of the document on the one thread.
struct LineCounter {
    let bytes: UnsafeRawBufferPointer
    /// Where the first line starts (after a byte order mark).
    let start: Int
    /// The offset last asked for, and its line: where the count goes on.
    private(set) var offset: Int
    private(set) var line: Int

    init(_ bytes: UnsafeRawBufferPointer, start: Int) {
        self.init(bytes, start: start, resumingAt: start, line: 1)
    }

    /// A counter that goes on from `offset`, on `line`, where another counter over the same
    /// bytes stopped (``offset`` and ``line``).
    init(_ bytes: UnsafeRawBufferPointer, start: Int, resumingAt offset: Int, line: Int) {
        self.bytes = bytes
        self.start = start
        self.offset = offset
        self.line = line
    }

    /// The 1-based line and 0-based column of `target`, at or after the last offset asked for.
    mutating func position(of target: Int) -> (line: Int, column: Int) {
        line += lineBreaks(from: offset, to: target)
        offset = target
        var lineStart = target
        while lineStart > start, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        var column = 0
        for index in lineStart..<target where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// The line breaks in `from..<to`.
    private func lineBreaks(from: Int, to: Int) -> Int {
        guard to > from else { return 0 }
        var feeds = 0
        var returns = 0
        var index = from
        while index &+ 8 <= to {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            feeds &+= Self.matches(0x0A, in: word)
            returns &+= Self.matches(0x0D, in: word)
            index &+= 8
        }
        while index < to {
            feeds &+= bytes[index] == 0x0A ? 1 : 0
            returns &+= bytes[index] == 0x0D ? 1 : 0
            index &+= 1
        }
        guard returns > 0 else { return feeds }
        // CR LF is one break: count the LFs that follow a CR (the byte before `from` too).
        var pairs = 0
        for index in from..<to where bytes[index] == 0x0A && index > 0 && bytes[index - 1] == 0x0D { pairs += 1 }
        return feeds + returns - pairs
    }

    /// How many of the eight bytes of `word` are `byte`.
    ///
    /// `x` has a zero byte where `word` has `byte`. Adding 0x7F to each byte's low seven bits
    /// sets its high bit when any of them is set, and never carries into the next byte; or'd
    /// with `x`, a byte's high bit is clear exactly when the byte is zero.
    @inline(__always)
    static func matches(_ byte: UInt8, in word: UInt64) -> Int {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let nonZero = ((x & low7) &+ low7) | x
        return (~nonZero & ~low7).nonzeroBitCount
    }

    /// The line and column after `bytes`, read from `position` on (a stream's piece, whose
    /// first byte is a `<`, so that no CR LF pair is split at its start).
    static func position(after bytes: UnsafeRawBufferPointer, from position: (line: Int, column: Int)) -> (
        line: Int, column: Int
    ) {
        var counter = LineCounter(bytes, start: 0)
        let (line, column) = counter.position(of: bytes.count)
        return line == 1 ? (position.line, position.column + column) : (position.line + line - 1, column)
    }
}
