/// Turns byte offsets into origins and source lines, counting as expat counts.
///
/// Lines end at LF, CR or CR LF. Columns count characters: in UTF-8 every byte that is
/// not a continuation byte, in UTF-16 every unit that is not a low surrogate, in a
/// single-byte encoding every byte.
struct SourceLocator {
    enum Encoding: Equatable {
        case utf8, utf16BigEndian, utf16LittleEndian
        /// ISO-8859-1: every byte is the character of its value.
        case singleByte
    }

    struct Location {
        var line: Int
        var column: Int
        var lineText: String
        /// The caret's column in `lineText` when that is a window of a very long line.
        var caretColumn: Int?
    }

    /// Lines longer than this many bytes are shown as a window around the column.
    static let maximumLineBytes = 240

    let source: SourceText
    let encoding: Encoding
    /// Whether `source` holds the UTF-8 a parse made of a document in another encoding: its
    /// offsets are then not the document's own, so diagnostics get no byte offset or fix-it.
    var readsTranscodedText = false

    /// A locator for a source whose bytes are in `encoding`: the one the parse decided
    /// (``DocumentEncoding/sourceEncoding``), so that diagnostics count as expat counted.
    init(source: SourceText, encoding: Encoding) {
        self.source = source
        self.encoding = encoding
    }

    var unitSize: Int { encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? 2 : 1 }

    /// The line, column and line text of a byte offset, or `nil` when the source cannot be read.
    func locate(_ offset: Int) -> Location? {
        locate([offset])[offset]
    }

    /// The locations of many byte offsets, found in one pass over the source.
    func locate(_ offsets: [Int]) -> [Int: Location] {
        // Counting starts at the source's base: the document's start, or for a streamed
        // input that cannot be read again, the start of its recent part.
        guard let base = source.base else { return [:] }
        var targets = Array(Set(offsets.filter { $0 >= base.offset })).sorted()[...]
        var result: [Int: Location] = [:]
        if case .recent(let recent) = source {
            // Before the recent part: only what was pinned before it was dropped.
            for offset in offsets where offset < base.offset {
                result[offset] = recent.pinned[offset]
            }
        }
        guard !targets.isEmpty else { return result }
        var found: [Int: (line: Int, column: Int, lineStart: Int)] = [:]
        walk(from: base) { position, line, column, lineStart in
            while let next = targets.first, next <= position {
                found[next] = (line, column, lineStart)
                targets.removeFirst()
            }
            return !targets.isEmpty
        }
        for (offset, place) in found {
            var window = lineText(from: place.lineStart, caretOffset: offset)
            if place.lineStart == base.offset, base.column > 1, window.caretColumn == nil {
                // The line began before the recent input that is kept: show what is left of it.
                window = ("…" + window.text, place.column - base.column + 2)
            }
            result[offset] = Location(
                line: place.line, column: place.column, lineText: window.text, caretColumn: window.caretColumn)
        }
        return result
    }

    /// The byte offsets where characters at the given lines and columns (counted as expat
    /// counts, from 1) start, found in one pass: for a position known only by line and
    /// column (a descendant's origin), so that its diagnostic gets its source line and its
    /// place in document order. A position the source does not have is left out.
    func offsets(ofLinesAndColumns positions: [LineColumn]) -> [LineColumn: Int] {
        guard let base = source.base else { return [:] }
        var targets = Array(Set(positions)).sorted()[...]
        var found: [LineColumn: Int] = [:]
        walk(from: base) { position, line, column, _ in
            let here = LineColumn(line: line, column: column)
            while let next = targets.first, next <= here {
                if next == here, found[next] == nil { found[next] = position }
                if next < here { targets.removeFirst() } else { break }
            }
            return !targets.isEmpty
        }
        return found
    }

    /// A line and a column, ordered as in the document.
    struct LineColumn: Hashable, Comparable {
        var line: Int
        var column: Int

        static func < (left: LineColumn, right: LineColumn) -> Bool {
            (left.line, left.column) < (right.line, right.column)
        }
    }

    /// Walks the source from `base`, counting lines and columns as expat does: `visit` gets
    /// each byte's offset with the line, column and line start before that byte, and once
    /// more the offset just past the end; it returns `false` to stop.
    private func walk(
        from base: (offset: Int, line: Int, column: Int),
        _ visit: (_ position: Int, _ line: Int, _ column: Int, _ lineStart: Int) -> Bool
    ) {
        var line = base.line
        var column = base.column
        var lineStart = base.offset
        var afterCR = false
        var pending: UInt8? = nil  // first byte of a UTF-16 unit split across chunks
        var position = base.offset
        var stopped = false
        source.forEachChunk(from: base.offset) { chunk, _ in
            for byte in chunk {
                guard visit(position, line, column, lineStart) else {
                    stopped = true
                    return false
                }
                let unit: UInt16
                if unitSize == 2 {
                    guard let first = pending else {
                        pending = byte
                        position += 1
                        continue
                    }
                    pending = nil
                    unit =
                        encoding == .utf16BigEndian
                        ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first)
                } else {
                    unit = UInt16(byte)
                }
                position += 1
                let unitStart = position - unitSize
                if unit == 0x0A {
                    if !afterCR { line += 1 }
                    column = 1
                    lineStart = position
                    afterCR = false
                } else if unit == 0x0D {
                    line += 1
                    column = 1
                    lineStart = position
                    afterCR = true
                } else {
                    afterCR = false
                    if counts(unit, at: unitStart) { column += 1 }
                }
            }
            return true
        }
        // An offset at the very end of the input (expat's "no element found").
        if !stopped { _ = visit(position, line, column, lineStart) }
    }

    /// Whether a code unit starts a character (expat's column counting).
    private func counts(_ unit: UInt16, at offset: Int) -> Bool {
        switch encoding {
        case .utf8:
            // A byte order mark at the very start is not part of the first line.
            if offset < 3, unit == 0xEF || unit == 0xBB || unit == 0xBF, startsWithBOM { return false }
            return unit & 0xC0 != 0x80
        case .utf16BigEndian, .utf16LittleEndian:
            if offset == 0, unit == 0xFEFF { return false }
            return !(0xDC00...0xDFFF).contains(unit)
        case .singleByte:
            return true
        }
    }

    private var startsWithBOM: Bool {
        source.bytes(at: 0, count: 3) == [0xEF, 0xBB, 0xBF]
    }

    /// The text of the line starting at `start`, cut to a window around `caretOffset`
    /// when the line is long.
    private func lineText(from start: Int, caretOffset: Int) -> (text: String, caretColumn: Int?) {
        let limit = Self.maximumLineBytes
        let windowStart = caretOffset - start > limit / 2 ? caretOffset - limit / 2 : start
        var alignedStart = windowStart
        if encoding == .utf8 {
            // Do not begin the window in the middle of a character.
            let lead = source.bytes(at: windowStart, count: 4)
            var skip = 0
            while skip < lead.count, lead[skip] & 0xC0 == 0x80 { skip += 1 }
            alignedStart += skip
        } else if unitSize == 2, (windowStart - start) % 2 != 0 {
            alignedStart += 1
        }
        var bytes: [UInt8] = []
        var cut = false
        source.forEachChunk(from: alignedStart) { chunk, _ in
            for byte in chunk {
                if unitSize == 1, byte == 0x0A || byte == 0x0D { return false }
                if bytes.count >= limit {
                    cut = true
                    return false
                }
                bytes.append(byte)
            }
            return true
        }
        var text = decode(bytes)
        if unitSize == 2, let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            text = String(text[..<end])
            cut = false
        }
        if cut { text += "…" }
        guard alignedStart > start else { return (text, nil) }
        let caretColumn =
            decode(Array(source.bytes(at: alignedStart, count: max(0, caretOffset - alignedStart))))
            .unicodeScalars.count + 2
        return ("…" + text, caretColumn)
    }

    private func decode(_ bytes: [UInt8]) -> String {
        switch encoding {
        case .utf8:
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            return String(decoding: body, as: UTF8.self)
        case .singleByte:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .utf16BigEndian, .utf16LittleEndian:
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 0
            while index + 1 < bytes.count {
                let unit =
                    encoding == .utf16BigEndian
                    ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
                    : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
                if !(index == 0 && unit == 0xFEFF) { units.append(unit) }
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
    }
}
