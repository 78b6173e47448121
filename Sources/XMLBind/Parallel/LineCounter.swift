/// Lines and columns of byte offsets, counted as expat counts them: a line ends at LF, CR
/// or CR LF; a column is a character (a UTF-8 sequence), 0-based; a UTF-8 byte order mark
/// is not a column.
///
/// Offsets are asked for in increasing order, and the count goes on from the last one, so
/// the whole document is read once. The loop over the bytes is a plain count that the
/// compiler vectorizes.
struct LineCounter {
    let bytes: UnsafeRawBufferPointer
    /// Where the first line starts (after a byte order mark).
    let start: Int
    private var offset: Int
    private var line = 1

    init(_ bytes: UnsafeRawBufferPointer, start: Int) {
        self.bytes = bytes
        self.start = start
        offset = start
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
        let slice = UnsafeRawBufferPointer(rebasing: bytes[from..<to])
        var feeds = 0
        var returns = 0
        for byte in slice {
            feeds &+= byte == 0x0A ? 1 : 0
            returns &+= byte == 0x0D ? 1 : 0
        }
        guard returns > 0 else { return feeds }
        // CR LF is one break: count the LFs that follow a CR (the byte before `from` too).
        var pairs = 0
        for index in from..<to where bytes[index] == 0x0A && index > 0 && bytes[index - 1] == 0x0D { pairs += 1 }
        return feeds + returns - pairs
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
