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

/// Parallel binding of one document in memory (issue 35): the document around the pieces
/// is read by one parser on the caller's thread, the pieces by parsers of their own on
/// worker threads, and the pieces' objects and diagnostics are joined in document order.
///
/// The caller's parser reads the document up to the first repeated element, takes each
/// piece's objects and problems in turn (binding pieces itself while it waits), then reads
/// the rest of the document with its byte indexes, lines and columns moved past the pieces
/// (``ExpatDriver/skip(from:at:to:at:)``), so that they stay the document's. A piece that fails stops the parse with its error, as a sequential parse
/// would stop there; a piece that is not exact (see ``BindingEngine/markPieceInexact()``
/// and ``ExpatDriver/endsAtContainerLevel(_:tail:)``) is read again by the caller's parser,
/// with the rest of the document.
extension XMLBinder {
    /// Binds a document in memory or in a file in pieces, when it can be; `nil` to bind it
    /// sequentially (the trace says why).
    func bindInPieces(
        _ input: Input, file: String?, substitutions: SubstitutionRecord?, recorder: GraphRecorder? = nil
    ) throws(XMLBindError) -> ParseOutcome? {
        switch input {
        case .data(let data, let forceUTF8):
            return try bindInPieces(
                data, forceUTF8: forceUTF8, file: file, substitutions: substitutions, recorder: recorder)
        case .text(let string):
            guard options.parallelism.isParallel else { return nil }
            return try bindInPieces(
                Data(string.utf8), forceUTF8: true, file: file, substitutions: substitutions, recorder: recorder)
        case .file(let path):
            // Mapped, not read: the pages are read as the pieces need them.
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                options.parallelTrace?.record(.sequential(.input("a file that cannot be mapped")), file: file)
                return nil
            }
            return try bindInPieces(
                data, forceUTF8: false, file: file, substitutions: substitutions, recorder: recorder)
        case .descriptor(let descriptor):
            return try bindInPieces(
                descriptor: descriptor, file: file, substitutions: substitutions, recorder: recorder)
        case .chunks:
            // A sequence of pieces is read once, as it comes, and not known to end.
            options.parallelTrace?.record(.sequential(.input("a sequence of chunks")), file: file)
            return nil
        }
    }

    /// Binds the rest of a regular file open at `descriptor` in pieces: read whole from
    /// where it is, then bound as bytes in memory; `nil` to bind it sequentially, with the
    /// descriptor where it was.
    ///
    /// A pipe, a socket or a terminal binds sequentially: it can be read only once and may
    /// never end, and the sequential parse refuses it at ``ParseLimits/maximumDocumentSize``
    /// before it is all read. A regular file's size is known before it is read, and it can
    /// be read again from the same place when the document binds sequentially after all.
    private func bindInPieces(
        descriptor: Int32, file: String?, substitutions: SubstitutionRecord?, recorder: GraphRecorder?
    ) throws(XMLBindError) -> ParseOutcome? {
        var status = stat()
        let position = lseek(descriptor, 0, SEEK_CUR)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, position >= 0 else {
            options.parallelTrace?.record(
                .sequential(.input("a descriptor that is not a regular file (read once, as it comes)")), file: file)
            return nil
        }
        let size = max(0, Int(status.st_size) - Int(position))
        if let reason = sequentialReason(size: size, substitutions: substitutions) {
            options.parallelTrace?.record(.sequential(reason), file: file)
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        // One byte more than is left, so that the last read sees the end.
        while true {
            let got = FileChunks.read(descriptor, appendingTo: &bytes, upTo: size + 1 - min(size, bytes.count))
            if got == 0 { break }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                // The sequential parse reads it again and reports the error as it does.
                lseek(descriptor, position, SEEK_SET)
                options.parallelTrace?.record(.sequential(.input("a file that could not be read whole")), file: file)
                return nil
            }
        }
        let outcome = try bindInPieces(
            Data(bytes), forceUTF8: false, file: file, substitutions: substitutions, recorder: recorder)
        if outcome == nil { lseek(descriptor, position, SEEK_SET) }
        return outcome
    }

    /// Binds `data` in pieces when ``ParseOptions/parallelism`` asks for it and the
    /// document allows it; `nil` (with the reason in the trace) to bind it sequentially.
    func bindInPieces(
        _ data: Data, forceUTF8: Bool, file: String?, substitutions: SubstitutionRecord?,
        recorder: GraphRecorder? = nil
    ) throws(XMLBindError) -> ParseOutcome? {
        let parallelism = options.parallelism
        guard parallelism.isParallel else { return nil }
        if let reason = sequentialReason(size: data.count, substitutions: substitutions) {
            options.parallelTrace?.record(.sequential(reason), file: file)
            return nil
        }
        let planned = data.withUnsafeBytes { PiecePlan.make($0, parallelism: parallelism, isString: forceUTF8) }
        switch planned {
        case .sequential(let reason):
            options.parallelTrace?.record(.sequential(reason), file: file)
            return nil
        case .ready(let plan):
            return try bind(data, in: plan, forceUTF8: forceUTF8, file: file, recorder: recorder)
        }
    }

    /// Why the options or the mappings keep a document of `size` bytes from being cut.
    func sequentialReason(size: Int, substitutions: SubstitutionRecord?) -> ParallelTrace.SequentialReason? {
        let minimum = options.parallelism.minimumDocumentSize
        if size < minimum { return .belowMinimumSize(bytes: size, minimum: minimum) }
        #if SafeMode
            return .safeMode
        #else
            if options.substitution != nil || substitutions != nil { return .substitution }
            if let name = options.encoding, !DocumentScanner.isUTF8(name) { return .encoding(name) }
            if options.replacesInvalidBytes { return .encoding("UTF-8 with invalid bytes replaced") }
            if let maximum = options.limits.maximumDocumentSize, size > maximum { return .documentSizeLimit }
            if !registry.pendingPrefixes.isEmpty || !registry.pendingPropertyPrefixes.isEmpty
                || registry.choosesByType
            {
                return .documentPrefixes
            }
            if case .callback = options.effectiveUnknownContent { return .callbackPolicy }
            for binding in registry.bindings {
                if case .callback = binding.unknownContentPolicy { return .callbackPolicy }
                if binding.readerFactory != nil { return .elementReader }
            }
            return nil
        #endif
    }

    /// Binds `data` as `plan` cuts it. A recorder records what the document's engine binds;
    /// the pieces' engines record nothing, and their objects are recorded from the graph
    /// with their parent.
    private func bind(
        _ data: Data, in plan: PiecePlan, forceUTF8: Bool, file: String?, recorder: GraphRecorder?
    ) throws(XMLBindError) -> ParseOutcome {
        let (engine, driver) = try start(file: file, forceUTF8: forceUTF8, substitutions: nil, recorder: recorder)
        let runStart = plan.cuts[0]
        var result = feed(data, 0..<runStart, to: driver, isFinal: false)
        guard case .accepted = result else {
            options.parallelTrace?.record(.sequential(.stoppedBeforePieces), file: file)
            return try conclude(engine: engine, driver: driver, result: result, source: .bytes(data), file: file)
        }
        let seed: BindingEngine.PieceSeed
        switch engine.pieceSeed() {
        case .sequential(let reason):
            options.parallelTrace?.record(.sequential(reason), file: file)
            result = feed(data, runStart..<data.count, to: driver, isFinal: true)
            return try conclude(engine: engine, driver: driver, result: result, source: .bytes(data), file: file)
        case .ready(let found): seed = found
        }
        let atLevel = data.withUnsafeBytes {
            driver.endsAtContainerLevel(seed.depth, tail: UnsafeRawBufferPointer(rebasing: $0[0..<runStart]))
        }
        guard atLevel, seed.depth + 1 == plan.split.depth else {
            options.parallelTrace?.record(
                .sequential(.container("the scan and the parser disagree on its place")), file: file)
            result = feed(data, runStart..<data.count, to: driver, isFinal: true)
            return try conclude(engine: engine, driver: driver, result: result, source: .bytes(data), file: file)
        }
        let threads = min(options.parallelism.threadCount, plan.pieceCount)
        // The caller's thread is one of the threads: it binds pieces too (see `join`), so
        // `threads - 1` workers are started, and `.threads(1)` starts none.
        let board = PieceBoard(count: plan.pieceCount, window: plan.pieceCount, workers: threads - 1)
        let bindNext: @Sendable () -> Bool = { [self] in
            guard let (index, _) = board.take() else { return false }
            board.post(bindPiece(job(index, of: data, in: plan, sink: nil), seed: seed, file: file), at: index)
            return true
        }
        // Each worker has a thread of its own (it blocks on the board), even when the caller
        // runs on a thread of a pool. One the system does not make leaves its share to the
        // caller, which binds pieces while it waits.
        for _ in 1..<max(1, threads) {
            let started = WorkerThread.start {
                while bindNext() {}
                board.workerFinished()
            }
            if !started { board.workerFinished() }
        }
        defer { board.waitForWorkers() }
        let joined = join(plan, board: board, into: engine, driver: driver, bindingWhileWaiting: bindNext)
        if joined.finished {
            board.stop()
        } else {
            let resumeAt = plan.cuts[joined.pieces]
            driver.skip(
                from: runStart, at: plan.positions.position(of: 0, in: data), to: resumeAt,
                at: plan.positions.position(of: joined.pieces, in: data))
            result = feed(data, resumeAt..<data.count, to: driver, isFinal: true)
        }
        let element = String(decoding: plan.split.elementName, as: UTF8.self)
        if let reason = joined.reason {
            let decision: ParallelTrace.Decision =
                joined.pieces == 0
                ? .sequential(reason) : .resumedSequentially(atByte: plan.cuts[joined.pieces], reason: reason)
            options.parallelTrace?.record(decision, file: file)
        } else {
            options.parallelTrace?.record(
                .parallel(pieces: plan.pieceCount, threads: threads, element: element, depth: plan.split.depth),
                file: file)
        }
        return try conclude(engine: engine, driver: driver, result: result, source: .bytes(data), file: file)
    }

    /// Takes the bound pieces in document order into the document's engine.
    ///
    /// While the next piece to join is not bound yet, the caller binds the next piece no
    /// worker has taken (`bindingWhileWaiting`), rather than wait idle: on two cores, two
    /// threads bind, not two workers beside a caller that sleeps.
    ///
    /// - Returns: How many pieces were taken; whether the parse is over (a piece failed, or
    ///   stopped at its first error); why the rest binds sequentially, if it does.
    private func join(
        _ plan: PiecePlan, board: PieceBoard, into engine: BindingEngine, driver: ExpatDriver,
        bindingWhileWaiting bindNext: () -> Bool
    ) -> (pieces: Int, finished: Bool, reason: ParallelTrace.SequentialReason?) {
        for index in 0..<plan.pieceCount {
            while !board.isPosted(index), bindNext() {}
            switch take(board.wait(for: index), into: engine, driver: driver) {
            case .taken: continue
            case .finished: return (index + 1, true, nil)
            case .inexact(let why):
                board.stop()
                return (index, false, .inexactPiece(why))
            }
        }
        return (plan.pieceCount, false, nil)
    }

    /// What taking a bound piece into the document's engine came to.
    enum PieceTake {
        /// Its objects and problems are the document's; the next piece follows.
        case taken
        /// Taken, and the parse is over: the piece failed, or stopped at its first error.
        case finished
        /// Not taken: the piece is not exact (why), and the document's parser reads it again.
        case inexact(String)
    }

    /// Takes a bound piece's problems and collected children into the document's engine
    /// and its malformation into the document's parser, in document order; or says why it
    /// cannot be.
    func take(_ piece: BoundPiece, into engine: BindingEngine, driver: ExpatDriver) -> PieceTake {
        if piece.engine.pieceIsInexact { return .inexact("an element in it needs its parent's object") }
        if piece.driver == nil { return .inexact("no parser could be made for it") }
        if !piece.isClean, !piece.engine.shouldStop { return .inexact("it did not end at its container's level") }
        let problems = piece.engine
        engine.adoptPieceProblems(problems.diagnostics, errors: problems.errorCount, omitted: problems.omittedCount)
        let (children, slots) = piece.engine.takePieceChildren()
        engine.adoptPieceChildren(children, slots: slots)
        if let failure = piece.driver?.failure {
            driver.record(failure)
            return .finished
        }
        if piece.engine.shouldStop {
            engine.shouldStop = true
            return .finished
        }
        return .taken
    }

    /// Piece `index` of `data` as `plan` cuts it, copied inside its container's tags (on
    /// the worker that binds it).
    private func job(_ index: Int, of data: Data, in plan: PiecePlan, sink: StreamSink?) -> PieceJob {
        let range = plan.cuts[index]..<plan.cuts[index + 1]
        var text = plan.head
        text.reserveCapacity(plan.head.count + range.count + plan.tail.count)
        data.withUnsafeBytes { text.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[range])) }
        text.append(contentsOf: plan.tail)
        let (line, column) = plan.positions.position(of: index, in: data)
        return PieceJob(text: text, headCount: plan.head.count, range: range, line: line, column: column, sink: sink)
    }

    /// Binds a piece on the calling (worker) thread.
    func bindPiece(_ job: PieceJob, seed: BindingEngine.PieceSeed, file: String?) -> BoundPiece {
        let engine = BindingEngine(registry: registry, options: options, file: file)
        if let sink = job.sink { engine.stream = sink }
        guard
            let driver = ExpatDriver(
                engine: engine, encoding: options.encodingRequest(isString: true), limits: options.limits)
        else { return BoundPiece(engine: engine, driver: nil, isClean: false) }
        let range = job.range
        engine.startPiece(seed)
        driver.preparePiece(
            depth: seed.depth - 1, byteShift: range.lowerBound - job.headCount,
            lines: PieceLines(firstLine: 2, line: job.line, column: job.column))
        // One final call over the piece inside its container's tags: expat then counts lines
        // only where asked, not over every byte of a piece that is not the last (see
        // `feed(_:to:)` in XMLBinder+Run.swift). The copy costs less than that count.
        _ = job.text.withUnsafeBytes { driver.feed($0, isFinal: true) }
        // The container's end tag closes it; an error there, at or after the piece's end,
        // means the piece did not end at its container's level.
        // So does a token the end left open (a cut inside a comment or a CDATA section),
        // which expat reports at the token's start, and an error after the container closed.
        let failedInside =
            driver.failure.map {
                $0.byteOffset < range.upperBound && driver.depth >= seed.depth && !$0.message.hasPrefix("unclosed")
                    && !$0.message.hasPrefix("partial character")
            } ?? false
        let isClean = failedInside || (driver.failure == nil && driver.depth == seed.depth - 1)
        return BoundPiece(engine: engine, driver: driver, isClean: isClean)
    }

    /// Hands `range` of `data` to `driver`.
    private func feed(_ data: Data, _ range: Range<Int>, to driver: ExpatDriver, isFinal: Bool)
        -> ExpatDriver.FeedResult
    {
        data.withUnsafeBytes { driver.feed(UnsafeRawBufferPointer(rebasing: $0[range]), isFinal: isFinal) }
    }
}
