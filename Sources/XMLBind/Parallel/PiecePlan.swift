#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How one document is cut into pieces: the scanner's split, the cuts, and where each cut
/// is in lines and columns.
struct PiecePlan: Sendable {
    let split: DocumentScanner.Split
    /// The offsets where pieces start, then the offset where the last one ends
    /// (``DocumentScanner/Split/runEnd``): `cuts.count - 1` pieces.
    let cuts: [Int]
    /// The line and 0-based column of each cut.
    let positions: [(line: Int, column: Int)]
    /// The synthetic start tag each piece is read inside: the container's name and the
    /// namespace declarations in scope there, then a line break.
    let head: [UInt8]
    /// The container's end tag, after each piece.
    let tail: [UInt8]

    var pieceCount: Int { cuts.count - 1 }

    /// Plans the pieces of a document, or says why it binds sequentially.
    static func make(_ bytes: UnsafeRawBufferPointer, parallelism: Parallelism, isString: Bool) -> Planned<PiecePlan> {
        let scanner = DocumentScanner(bytes)
        let limit = max(1 << 20, bytes.count / 8)
        let split: DocumentScanner.Split
        switch scanner.scanHead(splitDepth: parallelism.splitDepth, limit: limit, ignoresDeclaredEncoding: isString) {
        case .sequential(let reason): return .sequential(reason)
        case .split(let found): split = found
        }
        guard split.runEnd > split.runStart else { return .sequential(.noRepeatedElement) }
        let wanted = max(1, parallelism.threadCount * max(1, parallelism.piecesPerThread))
        let length = split.runEnd - split.runStart
        let count = max(1, min(wanted, length / max(1, parallelism.minimumPieceSize)))
        var cuts = [split.runStart]
        for index in 1..<max(count, 1) {
            let target = split.runStart + length / count * index
            guard target > (cuts.last ?? 0),
                let cut = scanner.nextCut(of: split.elementName, from: target, before: split.runEnd)
            else { continue }
            if cut > (cuts.last ?? 0) { cuts.append(cut) }
        }
        cuts.append(split.runEnd)
        var lines = LineCounter(bytes, start: scanner.start)
        let positions = cuts.map { lines.position(of: $0) }
        return .ready(
            PiecePlan(split: split, cuts: cuts, positions: positions, head: head(of: split), tail: tail(of: split)))
    }

    /// What each piece of `split` is read after: the document's prolog when it has a
    /// DOCTYPE, then the container's start tag with the namespace declarations in scope, on
    /// the piece's line 1 (the piece starts on line 2).
    static func head(of split: DocumentScanner.Split) -> [UInt8] {
        split.prolog + [UInt8(ascii: "<")] + split.containerName + split.declarations + Array(">\n".utf8)
    }

    /// The container's end tag, read after each piece of `split`.
    static func tail(of split: DocumentScanner.Split) -> [UInt8] {
        Array("</".utf8) + split.containerName + [UInt8(ascii: ">")]
    }

    /// Whitespace that takes a parser from line and column `start` to `end`.
    static func padding(from start: (line: Int, column: Int), to end: (line: Int, column: Int)) -> [UInt8] {
        if end.line == start.line { return Array(repeating: 0x20, count: max(0, end.column - start.column)) }
        return Array(repeating: 0x0A, count: end.line - start.line) + Array(repeating: 0x20, count: end.column)
    }
}

/// A step of planning a parallel parse: its result, or why the document binds sequentially.
enum Planned<Value> {
    case ready(Value)
    case sequential(ParallelTrace.SequentialReason)
}
