#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Invariants (concurrency promises the compiler cannot check):
// - A `BoundPiece` (an engine and a driver, neither `Sendable`) is made by one worker thread,
//   which uses it and then posts it on the board; from then on only the joining thread uses
//   it. The hand-over goes through the board's lock, which orders the worker's writes before
//   the joiner's reads. So each piece's state is used by one thread at a time, as an
//   engine's invariants require (BindingEngine+Unsafe.swift).
// - A `PieceJob` is made by the cutting thread and handed to one worker through the board's
//   lock; its bytes never change, and its sink (not `Sendable`) is used by that worker's
//   engine alone until the bound piece is posted, then by the joining thread alone.
// - Every stored property of `PieceBoard` is read and written only under `condition`.

/// One piece, bound: its parser and engine (kept alive until the joining thread has taken
/// what it needs), and how it ended.
final class BoundPiece: @unchecked Sendable {
    let engine: BindingEngine
    /// `nil` when expat could not make a parser.
    let driver: ExpatDriver?
    /// Whether it ended where it began, at its container's level (see
    /// ``ExpatDriver/endsAtContainerLevel(_:tail:)``).
    let isClean: Bool

    init(engine: BindingEngine, driver: ExpatDriver?, isClean: Bool) {
        self.engine = engine
        self.driver = driver
        self.isClean = isClean
    }
}

/// A piece to bind: its bytes inside its container's synthetic tags, and where it is in the
/// document. Made by the thread that cuts the document and handed to one worker through
/// the board; a stream's piece carries the sink of its engine (made where the streamed
/// type is known), which the worker's engine fills and the joining thread empties.
final class PieceJob: @unchecked Sendable {
    /// The container's synthetic start tag, the piece, and the container's end tag.
    let text: [UInt8]
    /// How many bytes of ``text`` come before the piece.
    let headCount: Int
    /// The piece's bytes in the document.
    let range: Range<Int>
    /// The line and 0-based column where the piece starts in the document.
    let line: Int
    let column: Int
    /// Where the piece's engine queues the objects it streams; `nil` when not streaming.
    let sink: StreamSink?

    init(text: [UInt8], headCount: Int, range: Range<Int>, line: Int, column: Int, sink: StreamSink?) {
        self.text = text
        self.headCount = headCount
        self.range = range
        self.line = line
        self.column = column
        self.sink = sink
    }

    /// The piece's own bytes, without the container's tags.
    var piece: ArraySlice<UInt8> { text[headCount..<(headCount + range.count)] }
}

/// Where worker threads take the next piece to bind and post it bound, and where the
/// joining thread waits for each piece in document order.
///
/// Workers take pieces in order, and never more than ``window`` ahead of the joiner, so a
/// stream holds a bounded number of pieces' objects; once the joiner stops (an error, an
/// inexact piece), no new piece is taken. A document in memory has all its pieces from
/// the start; a stream adds them as it cuts them (``add(_:)``), then says it has no more
/// (``finishAdding()``).
final class PieceBoard: @unchecked Sendable {
    private let condition = ThreadCondition()
    private var pieces: [Int: BoundPiece] = [:]
    private var jobs: [Int: PieceJob] = [:]
    private var count: Int
    private var isComplete: Bool
    private var next = 0
    private var joined = 0
    private var stopped = false
    private let window: Int
    private var runningWorkers: Int

    /// A board of `count` pieces known from the start.
    init(count: Int, window: Int, workers: Int) {
        self.count = count
        isComplete = true
        self.window = max(1, window)
        runningWorkers = workers
    }

    /// A board whose pieces are added as they are cut.
    init(window: Int, workers: Int) {
        count = 0
        isComplete = false
        self.window = max(1, window)
        runningWorkers = workers
    }

    /// The next piece to bind and its job (if it was added with one), or `nil` when there
    /// is none (or the joiner stopped).
    func take() -> (index: Int, job: PieceJob?)? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, next >= count ? !isComplete : next >= joined + window { condition.wait() }
        guard !stopped, next < count else { return nil }
        next += 1
        return (next - 1, jobs.removeValue(forKey: next - 1))
    }

    /// Adds the next piece to bind.
    func add(_ job: PieceJob) {
        condition.lock()
        jobs[count] = job
        count += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Notes that no more pieces will be added: workers stop when they have taken the last.
    func finishAdding() {
        condition.lock()
        isComplete = true
        condition.broadcast()
        condition.unlock()
    }

    /// Posts a bound piece.
    func post(_ piece: BoundPiece, at index: Int) {
        condition.lock()
        pieces[index] = piece
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for piece `index` and takes it off the board.
    func wait(for index: Int) -> BoundPiece {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let piece = pieces.removeValue(forKey: index) {
                joined = index + 1
                condition.broadcast()
                return piece
            }
            condition.wait()
        }
    }

    /// Whether piece `index` has been posted (so that ``wait(for:)`` would not wait).
    func isPosted(_ index: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return pieces[index] != nil
    }

    /// Notes that a worker has taken its last piece.
    func workerFinished() {
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every worker has finished, so that a parse leaves no thread working.
    func waitForWorkers() {
        condition.lock()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    /// Hands out no more pieces.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
