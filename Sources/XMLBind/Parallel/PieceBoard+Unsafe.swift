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

/// Where worker threads take the next piece to bind and post it bound, and where the
/// joining thread waits for each piece in document order.
///
/// Workers take pieces in order, and never more than ``window`` ahead of the joiner, so a
/// stream holds a bounded number of pieces' objects; once the joiner stops (an error, an
/// inexact piece), no new piece is taken.
final class PieceBoard: @unchecked Sendable {
    private let condition = ThreadCondition()
    private var pieces: [BoundPiece?]
    private var next = 0
    private var joined = 0
    private var stopped = false
    private let window: Int
    private var runningWorkers: Int

    init(count: Int, window: Int, workers: Int) {
        pieces = Array(repeating: nil, count: count)
        self.window = max(1, window)
        runningWorkers = workers
    }

    /// The next piece to bind, or `nil` when there is none (or the joiner stopped).
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, next < pieces.count, next >= joined + window { condition.wait() }
        guard !stopped, next < pieces.count else { return nil }
        next += 1
        return next - 1
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
            if let piece = pieces[index] {
                pieces[index] = nil
                joined = index + 1
                condition.broadcast()
                return piece
            }
            condition.wait()
        }
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
