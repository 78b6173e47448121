#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Streaming in parallel (issue 35): a stream from memory or from a file is read in
/// windows, cut between its repeated elements as its bytes arrive, its pieces are bound on
/// worker threads, and their objects are handed to the caller in document order, on the
/// caller's thread.
///
/// The session's own parser reads the document up to the first repeated element; then, for
/// each piece in turn, whitespace with the piece's line breaks (so that its lines and
/// columns stay the document's); then the rest of the document from the last cut on. At
/// most ``Parallelism/threadCount`` × ``Parallelism/piecesPerThread`` pieces are in flight:
/// the next piece is cut only once the oldest has been joined and its objects handed out.
/// A piece that is not exact is read again by the session's parser, with everything after
/// it, as a sequential stream reads it.
final class PieceStream<Element> {
    /// Reads more input onto the end of a window: the count read, 0 at the end of the
    /// input, or -1 with `errno` set.
    typealias Read = (inout [UInt8]) -> Int

    private let session: StreamSession<Element>
    private let binder: XMLBinder
    private let isString: Bool
    private let read: Read
    /// The input from document offset ``base`` on that is neither cut into pieces nor read
    /// by the session's parser yet.
    private var window: [UInt8] = []
    private var base = 0
    private var atEnd = false
    /// Where the next piece starts, in the document and in lines and columns.
    private var pieceStart = 0
    private var position = (line: 1, column: 0)
    /// Where to look for the next cut from: the window's end when none was found before it.
    private var searchFrom = 0
    /// The pieces cut but not joined yet, oldest first, each with where it ends.
    private var pending: [(job: PieceJob, end: (line: Int, column: Int))] = []
    private var added = 0
    private var joined = 0
    /// The whitespace the session's parser has read in place of the joined pieces.
    private var padded = 0
    /// What the trace says of the stream, once decided.
    private var decision: ParallelTrace.Decision?
    /// The threads, the repeated element and its depth, once pieces are cut.
    private var cutting: (threads: Int, element: String, depth: Int)?

    /// The stream was cut into the pieces added so far (up to a stop, an error, or what
    /// the closure threw).
    private var parallelDecision: ParallelTrace.Decision? {
        guard let cutting, added > 0 else { return nil }
        return .parallel(
            pieces: added, threads: min(cutting.threads, added), element: cutting.element, depth: cutting.depth)
    }

    private init(session: StreamSession<Element>, binder: XMLBinder, isString: Bool, read: @escaping Read) {
        self.session = session
        self.binder = binder
        self.isString = isString
        self.read = read
    }

    /// Streams `session`'s input in pieces when ``ParseOptions/parallelism`` asks for it and
    /// the options and mappings allow it.
    ///
    /// - Parameters:
    ///   - size: The input's size in bytes.
    ///   - isString: A `String`'s UTF-8, whatever its declaration says.
    ///   - read: Reads the input, a window at a time.
    /// - Returns: The warnings, as ``StreamSession/finish(_:)`` returns them; `nil` (with
    ///   the reason in the trace) when the stream is to be read sequentially, before any of
    ///   its input is read.
    static func run(
        _ session: StreamSession<Element>, binder: XMLBinder, size: Int, isString: Bool, read: @escaping Read,
        _ body: (Element) throws -> StreamAction
    ) throws -> [Diagnostic]? {
        guard binder.options.parallelism.isParallel else { return nil }
        if let reason = binder.sequentialReason(size: size, substitutions: nil) {
            binder.options.parallelTrace?.record(.sequential(reason), file: session.file)
            return nil
        }
        let stream = PieceStream(session: session, binder: binder, isString: isString, read: read)
        defer {
            if let decision = stream.decision ?? stream.parallelDecision {
                binder.options.parallelTrace?.record(decision, file: session.file)
            }
        }
        return try stream.run(body)
    }

    // MARK: The head

    private func run(_ body: (Element) throws -> StreamAction) throws -> [Diagnostic] {
        let parallelism = binder.options.parallelism
        fill(upTo: max(1 << 20, parallelism.streamPieceSize))
        let scanned = window.withUnsafeBytes {
            DocumentScanner($0).scanHead(
                splitDepth: parallelism.splitDepth, limit: $0.count, ignoresDeclaredEncoding: isString)
        }
        let split: DocumentScanner.Split
        switch scanned {
        case .sequential(let reason):
            decision = .sequential(reason)
            return try sequentially(from: 0, body)
        case .split(let found): split = found
        }
        let runStart = split.runStart
        guard try feed(window[0..<runStart], body) else {
            decision = .sequential(.stoppedBeforePieces)
            return session.warningsSoFar()
        }
        guard !session.isFinished else {
            decision = .sequential(.stoppedBeforePieces)
            return try sequentially(from: runStart, body)
        }
        let seed: BindingEngine.PieceSeed
        switch session.engine.pieceSeed() {
        case .sequential(let reason):
            decision = .sequential(reason)
            return try sequentially(from: runStart, body)
        case .ready(let found): seed = found
        }
        let atLevel = window.withUnsafeBytes {
            session.driver.endsAtContainerLevel(seed.depth, tail: UnsafeRawBufferPointer(rebasing: $0[0..<runStart]))
        }
        guard atLevel, seed.depth + 1 == split.depth else {
            decision = .sequential(.container("the scan and the parser disagree on its place"))
            return try sequentially(from: runStart, body)
        }
        pieceStart = runStart
        position = window.withUnsafeBytes {
            var lines = LineCounter($0, start: DocumentScanner($0).start)
            return lines.position(of: runStart)
        }
        return try cut(split, seed: seed, body)
    }

    // MARK: The pieces

    /// Cuts the rest of the input into pieces as it arrives, binds them on the pool, and
    /// hands out their objects in document order.
    private func cut(
        _ split: DocumentScanner.Split, seed: BindingEngine.PieceSeed, _ body: (Element) throws -> StreamAction
    ) throws -> [Diagnostic] {
        let parallelism = binder.options.parallelism
        let threads = max(1, parallelism.threadCount)
        let inFlight = max(1, threads * max(1, parallelism.piecesPerThread))
        let board = PieceBoard(window: inFlight, workers: threads)
        let (binder, file) = (self.binder, session.file)
        // Each worker has a thread of its own (it blocks on the board), even when the caller
        // runs on a thread of a pool.
        var started = 0
        for _ in 0..<threads {
            let worker = WorkerThread.start {
                while let (index, job) = board.take() {
                    // Every piece of a stream is added with its job.
                    if let job { board.post(binder.bindPiece(job, seed: seed, file: file), at: index) }
                }
                board.workerFinished()
            }
            if worker { started += 1 } else { board.workerFinished() }
        }
        // The caller only joins: without a single worker, no piece would ever be bound.
        guard started > 0 else {
            board.stop()
            decision = .sequential(.input("a stream whose worker threads the system did not start"))
            return try sequentially(from: pieceStart, body)
        }
        defer {
            board.stop()
            board.waitForWorkers()
        }
        cutting = (threads, String(decoding: split.elementName, as: UTF8.self), split.depth)
        let runStart = pieceStart
        let head = PiecePlan.head(of: split)
        let tail = PiecePlan.tail(of: split)
        // Inside a streamed object, pieces stream nothing: their objects go to it.
        let streams = session.sink.openFrame < 0
        let pieceSize = max(1, parallelism.streamPieceSize)
        searchFrom = pieceStart + pieceSize
        var step = JoinStep.next
        reading: while true {
            while let cut = nextCut(of: split.elementName, pieceSize: pieceSize) {
                while pending.count >= inFlight {
                    step = try joinOldest(board, body)
                    guard case .next = step else { break reading }
                }
                add(upTo: cut, head: head, tail: tail, sink: streams ? StreamSink { $0 is Element } : nil, to: board)
            }
            while !pending.isEmpty, board.isPosted(joined) {
                step = try joinOldest(board, body)
                guard case .next = step else { break reading }
            }
            if atEnd { break }
            if pieceStart - base >= pieceSize {
                window.removeSubrange(0..<(pieceStart - base))
                base = pieceStart
            }
            readMore()
            if session.readFailure != nil { return try session.finish(body) }
        }
        board.finishAdding()
        while case .next = step, !pending.isEmpty { step = try joinOldest(board, body) }
        switch step {
        case .stopped:
            return session.warningsSoFar()
        case .finished:
            return try session.finish(body)
        case .inexact(let reason):
            let offset = pending[0].job.range.lowerBound
            decision = joined == 0 ? .sequential(reason) : .resumedSequentially(atByte: offset, reason: reason)
            return try resume(at: offset, runStart: runStart, body)
        case .next:
            if added == 0 { decision = .sequential(.noRepeatedElement) }
            return try resume(at: pieceStart, runStart: runStart, body)
        }
    }

    /// The next cut in the window, at least `pieceSize` bytes after the last.
    private func nextCut(of name: [UInt8], pieceSize: Int) -> Int? {
        let target = max(searchFrom, pieceStart + pieceSize)
        let end = base + window.count
        guard target < end else { return nil }
        let found = window.withUnsafeBytes {
            DocumentScanner($0).nextCut(of: name, from: target - base, before: $0.count)
        }
        guard let found else {
            // A name cut off at the window's end is looked at again once more has arrived.
            searchFrom = max(target, end - name.count - 2)
            return nil
        }
        return base + found
    }

    /// Cuts the piece from ``pieceStart`` to `cut` and adds it to the board.
    private func add(upTo cut: Int, head: [UInt8], tail: [UInt8], sink: StreamSink?, to board: PieceBoard) {
        let range = pieceStart..<cut
        var text = head
        text.reserveCapacity(head.count + range.count + tail.count)
        text += window[(range.lowerBound - base)..<(range.upperBound - base)]
        text += tail
        let end = text.withUnsafeBytes {
            LineCounter.position(
                after: UnsafeRawBufferPointer(rebasing: $0[head.count..<(head.count + range.count)]), from: position)
        }
        let job = PieceJob(
            text: text, headCount: head.count, range: range, line: position.line, column: position.column, sink: sink)
        board.add(job)
        pending.append((job, end))
        added += 1
        pieceStart = cut
        position = end
        searchFrom = cut + max(1, binder.options.parallelism.streamPieceSize)
    }

    /// What joining a piece came to.
    private enum JoinStep {
        /// Joined; the stream goes on.
        case next
        /// The caller's closure returned ``StreamAction/stop``.
        case stopped
        /// The parse is over: a piece failed, or stopped at its first error.
        case finished
        /// The oldest piece is not exact; it is still the first pending.
        case inexact(ParallelTrace.SequentialReason)
    }

    /// Joins the oldest piece: its problems, objects and malformation become the session's,
    /// its line breaks are read by the session's parser, and its objects are handed out.
    private func joinOldest(_ board: PieceBoard, _ body: (Element) throws -> StreamAction) throws -> JoinStep {
        let (job, end) = pending[0]
        let piece = board.wait(for: joined)
        // Objects are handed out while the document has had no error (see StreamSink).
        let isClean = session.engine.errorCount == 0
        let taken = binder.take(piece, into: session.engine, driver: session.driver)
        if case .inexact(let why) = taken {
            board.stop()
            return .inexact(.inexactPiece(why))
        }
        pending.removeFirst()
        joined += 1
        if isClean, let sink = job.sink { session.sink.adopt(sink) }
        if case .finished = taken {
            session.isFinished = true
        } else {
            let padding = PiecePlan.padding(from: (job.line, job.column), to: end)
            padded += padding.count
            if case .stopped = padding.withUnsafeBytes({ session.driver.feed($0, isFinal: false) }) {
                session.isFinished = true
            }
        }
        guard try session.deliver(to: body) else { return .stopped }
        return session.isFinished ? .finished : .next
    }

    // MARK: Sequential reading

    /// Reads the rest of the input from `offset` with the session's parser: the pending
    /// pieces' bytes, then the window's, then what is still to be read.
    private func resume(at offset: Int, runStart: Int, _ body: (Element) throws -> StreamAction) throws
        -> [Diagnostic]
    {
        session.driver.shiftByteIndexes(from: runStart + padded, by: offset - runStart - padded)
        for (job, _) in pending {
            guard try feed(job.piece, body) else { return session.warningsSoFar() }
        }
        pending.removeAll()
        return try sequentially(from: pieceStart, body)
    }

    /// Reads the input from `offset` (in the window) to its end with the session's parser,
    /// handing out objects after each slice, as a sequential stream does.
    private func sequentially(from offset: Int, _ body: (Element) throws -> StreamAction) throws -> [Diagnostic] {
        var start = offset - base
        while true {
            guard try feed(window[start...], body) else { return session.warningsSoFar() }
            base += window.count
            window.removeAll(keepingCapacity: true)
            start = 0
            if atEnd || session.isFinished { break }
            readMore()
        }
        return try session.finish(body)
    }

    /// Feeds `bytes` to the session's parser in slices, handing out objects after each.
    ///
    /// - Returns: `false` when the caller's closure asked to stop.
    private func feed(_ bytes: ArraySlice<UInt8>, _ body: (Element) throws -> StreamAction) throws -> Bool {
        var start = bytes.startIndex
        while start < bytes.endIndex, !session.isFinished {
            let end = min(start + StreamSession<Element>.sliceSize, bytes.endIndex)
            bytes[start..<end].withUnsafeBytes { session.feed($0) }
            guard try session.deliver(to: body) else { return false }
            start = end
        }
        return true
    }

    // MARK: Input

    /// Reads until the window holds `count` bytes or the input has ended.
    private func fill(upTo count: Int) {
        while !atEnd, window.count < count { readMore() }
    }

    /// Reads once more onto the window's end.
    private func readMore() {
        guard !atEnd else { return }
        let count = read(&window)
        if count < 0 {
            session.readFailure = String(cString: strerror(errno))
            session.isFinished = true
        }
        if count <= 0 { atEnd = true }
    }
}

extension StreamSession {
    /// Streams this session's input in pieces, or returns `nil` to stream it sequentially;
    /// see ``PieceStream``.
    func runInPieces(
        binder: XMLBinder, size: Int, isString: Bool, read: @escaping PieceStream<Element>.Read,
        _ body: (Element) throws -> StreamAction
    ) throws -> [Diagnostic]? {
        try PieceStream.run(self, binder: binder, size: size, isString: isString, read: read, body)
    }
}
