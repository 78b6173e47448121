internal import CExpat

// The invariants of ExpatDriver.swift hold here: this folder is the only importer of CExpat;
// the driver is expat's user data, passed unretained, and outlives every callback.

/// Where a piece's lines are in the document: expat counts the piece's lines from
/// ``firstLine`` (its synthetic start tag is on the lines before), and the piece's first
/// line starts ``column`` characters into the document's line ``line``.
struct PieceLines: Sendable {
    var firstLine: Int
    var line: Int
    var column: Int

    @inline(__always)
    func inDocument(line expatLine: Int, column expatColumn: Int) -> (line: Int, column: Int) {
        expatLine == firstLine
            ? (line, column &+ expatColumn) : (line &+ expatLine &- firstLine, expatColumn)
    }
}

/// Parallel binding: a parser that binds one piece of a document, or the document around
/// the pieces.
///
/// A piece is read inside a synthetic start tag of its container, which declares the
/// namespaces in scope there; that tag counts for the depth limit, as the container does,
/// but does not reach the engine (whose first frame stands for the container already).
/// Byte indexes, lines and columns are moved to the document's, so that every origin and
/// diagnostic is the one a sequential parse gives.
extension ExpatDriver {
    /// Makes this parser read a piece: `depth` open elements above the synthetic start
    /// tag; expat's byte index `i` is the document's `i + byteShift`; lines as `lines` says.
    func preparePiece(depth: Int, byteShift: Int, lines: PieceLines) {
        self.depth = depth
        self.shiftFrom = 0
        self.byteShift = byteShift
        self.pieceLines = lines
        XML_SetElementHandler(parser, Self.containerStart, Self.endElement)
    }

    /// Moves the byte indexes of events from `from` on by `shift` (the document around the
    /// pieces: bytes the pieces took are left out).
    func shiftByteIndexes(from: Int, by shift: Int) {
        shiftFrom = from
        byteShift = shift
    }

    /// Makes the document's parser, stopped at byte `start` (line and column `startPosition`),
    /// read on from byte `resume` (at `resumePosition`) as if it had read the bytes between:
    /// byte indexes from `start` on move by the bytes skipped, and lines and columns by the
    /// lines skipped. Whitespace with the skipped line breaks would do the same, at the cost
    /// of a character-data callback per line break (about 180 instructions each, on the one
    /// thread, after the pieces).
    func skip(
        from start: Int, at startPosition: (line: Int, column: Int), to resume: Int,
        at resumePosition: (
            line: Int, column: Int
        )
    ) {
        shiftByteIndexes(from: start, by: resume - start)
        pieceLines = PieceLines(
            firstLine: startPosition.line, line: resumePosition.line,
            column: resumePosition.column - startPosition.column)
    }

    /// Whether the piece ended where it began: at its container's level, nothing pending
    /// but whitespace (`tail` is the piece's last bytes).
    func endsAtContainerLevel(_ containerDepth: Int, tail: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, depth == containerDepth else { return false }
        notePartialToken()
        guard partialToken <= tail.count else { return false }
        return tail.suffix(partialToken).allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    /// The piece's synthetic container tag: admitted by the guards, kept from the engine;
    /// then the usual handlers take over.
    static let containerStart: XML_StartElementHandler = { userData, name, attributes in
        guard let name, let driver = driver(userData) else { return }
        guard !driver.hasFailed, driver.admitElement(name: name, attributes: attributes) else { return }
        XML_SetElementHandler(driver.parser, startElement, endElement)
    }
}
