/// The most recent bytes of an input that cannot be read again (a pipe, an
/// `AsyncSequence`), kept so that diagnostics about them can still show their line.
///
/// A streaming parse appends every piece of input here before expat reads it, and
/// trims the front once more than twice ``capacity`` bytes are held, so at least
/// ``capacity`` bytes before the parser's position are always kept, and memory stays
/// bounded however long the input is. The bytes dropped are counted on the way out (line
/// breaks as ``SourceLocator`` counts them), so the kept part knows the line and column
/// it starts at; a cut is made just after a line break whenever there is one nearby.
///
/// Positions before the kept part cannot be located any more, except those ``pinned``
/// before they were dropped (the start tags of elements still open, about which an error
/// may yet be reported when they end); other diagnostics there fall back to expat's own
/// line and column, without an excerpt. UTF-16 input (as the parse's ``DocumentEncoding``
/// decided) is counted in two-byte units, and cut only between units. The bytes are those
/// expat reads: for a transcoded document, its UTF-8.
struct RecentInput: Sendable {
    /// How many recent bytes are kept at least (256 KiB by default).
    let capacity: Int
    /// The kept bytes; the first one is at offset ``start`` of the input.
    private(set) var bytes: [UInt8] = []
    /// The input offset of the first kept byte.
    private(set) var start = 0
    /// The 1-based line and column (in characters) at ``start``.
    private(set) var line = 1
    private(set) var column = 1
    /// The input's first bytes, kept for the byte order mark and encoding checks.
    private(set) var head: [UInt8] = []
    /// Whether line and column are counted (always, now that UTF-16 input is counted in
    /// units too).
    let isCounted = true
    /// Bytes per code unit: 2 for UTF-16 input, else 1.
    private(set) var unitSize = 1
    /// For UTF-16 input: whether its units are big-endian.
    private(set) var isBigEndian = false
    /// How the bytes count: set from the parse's ``DocumentEncoding`` once it is decided,
    /// before any byte is dropped.
    var encoding: SourceLocator.Encoding = .utf8 {
        didSet {
            switch encoding {
            case .utf16BigEndian: (unitSize, isBigEndian) = (2, true)
            case .utf16LittleEndian: (unitSize, isBigEndian) = (2, false)
            default: (unitSize, isBigEndian) = (1, false)
            }
        }
    }
    /// Locations worked out before their bytes were dropped, by input offset.
    var pinned: [Int: SourceLocator.Location] = [:]

    static let defaultCapacity = 256 << 10

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// Where the kept part starts, or `nil` when positions cannot be located.
    var base: (offset: Int, line: Int, column: Int)? {
        isCounted ? (start, line, column) : nil
    }

    /// Adds the next piece of input.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        guard !chunk.isEmpty else { return }
        if head.count < 4 {
            head.append(contentsOf: chunk.prefix(4 - head.count))
        }
        bytes.append(contentsOf: chunk)
    }

    /// Whether ``trim()`` would drop bytes.
    var needsTrim: Bool { bytes.count > 2 * capacity }

    /// The offsets that the next ``trim()`` may drop: those before this one.
    var keptFrom: Int { start + bytes.count - capacity }

    /// Drops the oldest bytes once more than twice ``capacity`` are held, keeping at least
    /// ``capacity``; amortised, each byte is moved about once.
    mutating func trim() {
        guard needsTrim else { return }
        let size = unitSize
        var cut = (bytes.count - capacity) / size * size
        bytes.withUnsafeBufferPointer { kept in
            // Prefer to cut just after a line break (never between CR and LF), looking a
            // little way ahead; the last unit is not looked at, since its successor is unknown.
            let limit = min(kept.count / size * size - size, cut + capacity / 4)
            var index = cut
            while index < limit, !isBreak(unit(kept, at: index)) { index += size }
            if index < limit {
                cut = index + size
                if unit(kept, at: index) == 0x0D, unit(kept, at: cut) == 0x0A { cut += size }
            }
            count(UnsafeBufferPointer(rebasing: kept[..<cut]))
        }
        bytes.removeFirst(cut)
        start += cut
    }

    /// The code unit at `index` (a byte, or two bytes of UTF-16).
    private func unit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        guard unitSize == 2 else { return UInt16(bytes[index]) }
        return isBigEndian
            ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
    }

    private func isBreak(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D }

    /// Moves ``line`` and ``column`` over bytes about to be dropped (whole units), counting
    /// as ``SourceLocator`` counts.
    private mutating func count(_ dropped: UnsafeBufferPointer<UInt8>) {
        if unitSize == 2 {
            countUnits(dropped)
            return
        }
        var lines = 0
        var lastBreak = -1
        if dropped.contains(0x0D) {
            for index in dropped.indices where dropped[index] == 0x0A || dropped[index] == 0x0D {
                // A CR LF pair is one line break; cuts never fall between the two.
                if !(dropped[index] == 0x0A && index > 0 && dropped[index - 1] == 0x0D) { lines += 1 }
                lastBreak = index
            }
        } else {
            lines = dropped.count { $0 == 0x0A }
            lastBreak = dropped.lastIndex(of: 0x0A) ?? -1
        }
        line += lines
        let rest = UnsafeBufferPointer(rebasing: dropped[(lastBreak + 1)...])
        var characters: Int
        switch encoding {
        case .singleByte: characters = rest.count
        default: characters = rest.count { $0 & 0xC0 != 0x80 }
        }
        // A byte order mark is not a column of the first line.
        if start == 0, lastBreak < 0, encoding == .utf8, rest.starts(with: [0xEF, 0xBB, 0xBF]) { characters -= 1 }
        column = lastBreak >= 0 ? 1 + characters : column + characters
    }

    /// ``count(_:)`` for UTF-16: a column is a unit that is not a low surrogate.
    private mutating func countUnits(_ dropped: UnsafeBufferPointer<UInt8>) {
        var previous: UInt16 = 0
        var index = 0
        while index + 1 < dropped.count {
            let current = unit(dropped, at: index)
            if current == 0x0A {
                if previous != 0x0D { line += 1 }
                column = 1
            } else if current == 0x0D {
                line += 1
                column = 1
            } else if !(0xDC00...0xDFFF).contains(current), !(start == 0 && index == 0 && current == 0xFEFF) {
                column += 1
            }
            previous = current
            index += 2
        }
    }

    /// Whether the line holding `offset` has arrived far enough to be shown: up to its end,
    /// or `length` bytes past `offset` (the most of it an excerpt shows). A position
    /// already dropped has all it will ever get.
    func hasLine(at offset: Int, reaching length: Int) -> Bool {
        guard offset >= start else { return true }
        let from = offset - start
        guard bytes.count - from <= length else { return true }
        return bytes.withUnsafeBufferPointer { kept in
            var index = from - from % unitSize
            while index + unitSize <= kept.count {
                if isBreak(unit(kept, at: index)) { return true }
                index += unitSize
            }
            return false
        }
    }

    /// Calls `body` with the kept bytes from input offset `offset` on. An offset before the
    /// kept part gets only the input's first bytes, when it falls among them (for the byte
    /// order mark and encoding checks), and nothing otherwise.
    func withBytes(from offset: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        if offset >= start {
            guard offset - start < bytes.count else { return }
            bytes.withUnsafeBufferPointer { kept in
                _ = body(UnsafeBufferPointer(rebasing: kept[(offset - start)...]), offset)
            }
        } else if offset < head.count {
            head.withUnsafeBufferPointer { first in
                _ = body(UnsafeBufferPointer(rebasing: first[offset...]), offset)
            }
        }
    }
}
