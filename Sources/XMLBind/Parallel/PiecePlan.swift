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
    /// The line and 0-based column of each cut, counted as the pieces are handed out.
    let positions: PiecePositions
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
        let length = split.runEnd - split.runStart
        // At least `piecesPerThread` pieces a thread, and none much over `maximumPieceSize`.
        let wanted = max(
            parallelism.threadCount * max(1, parallelism.piecesPerThread), length / Self.maximumPieceSize)
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
        return .ready(
            PiecePlan(
                split: split, cuts: cuts, positions: PiecePositions(cuts: cuts, start: scanner.start),
                head: head(of: split), tail: tail(of: split)))
    }

    /// The largest piece a document is cut into, about: 1 MiB. Each piece is copied inside
    /// its container's tags before its parser reads it (see `bindPiece`), and a copy this
    /// small is read back from the core's caches, in memory that the copies before it
    /// freed; pieces of 12.5 MB (100 MB on two threads, four pieces each) were copied to
    /// fresh pages and read back from memory, which cost 4 to 5 % more processor time in
    /// all (and 45 % more page faults) than pieces of 1 to 2 MiB. More pieces also balance
    /// the threads' work better at the end of the document.
    static let maximumPieceSize = 1 << 20

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
