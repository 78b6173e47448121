#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One streaming parse: feeds expat piece by piece, hands the streamed objects out between
/// pieces, and turns what was found into diagnostics.
///
/// Every streaming entry point (closures and ``StreamedObjects``) runs on one of these.
/// User code never runs inside an expat callback: the engine queues completed objects in
/// its ``StreamSink`` and the session hands them out after each piece, so a queue holds at
/// most one piece's objects. For an input that cannot be read again, the session keeps a
/// ``RecentInput`` window and resolves new diagnostics after every piece, while their
/// lines are still in it; otherwise it resolves them all at the end, as a whole-document
/// parse does.
final class StreamSession<Element> {
    /// The most bytes handed to expat at once from memory or from an `AsyncSequence`
    /// chunk, so that objects are handed out (and the caller can stop) every 64 KiB.
    static var sliceSize: Int { 64 << 10 }

    let engine: BindingEngine
    let driver: ExpatDriver
    let sink: StreamSink
    /// Turns the queued objects into `Element`s without a dynamic cast per object.
    private let caster = StreamCaster<Element>()
    let file: String?
    /// The input, when it can be read again for diagnostics; `nil` when ``recent`` is kept.
    private let source: SourceText?
    private var recent: RecentInput
    /// Diagnostics resolved so far, each with the offset its caret points at.
    private var resolved: [(key: Int, diagnostic: Diagnostic)] = []
    private var resolvedCount = 0
    /// Diagnostics found in a line that has not arrived whole yet (a window of recent input
    /// only), resolved once it has, so that the excerpt is not cut where a piece ended.
    private var held: [PendingDiagnostic] = []
    private var expatErrorResolved = false
    var readFailure: String?
    /// Whether expat takes no more input: the input ended, reading failed, or parsing stopped.
    var isFinished = false

    /// Starts a streaming parse.
    ///
    /// - Parameters:
    ///   - binder: The mappings and options.
    ///   - file: The file name for origins and diagnostics.
    ///   - source: The input, when it can be read again; `nil` keeps a window of recent input.
    ///   - forceUTF8: Treat the input as UTF-8 (for `String` input).
    ///   - recentCapacity: How many recent bytes the window keeps at least.
    ///   - input: What the input is, for the parallel trace when it cannot be read in
    ///     pieces; `nil` when the stream may be bound in pieces (see
    ///     ``runInPieces(binder:size:isString:read:_:)``), which records its own decision.
    init(
        binder: XMLBinder, file: String?, source: SourceText?, forceUTF8: Bool,
        recentCapacity: Int = RecentInput.defaultCapacity,
        input: String? =
            "an AsyncSequence (a piece is joined by waiting on a lock, which would block the caller's task)"
    ) throws(XMLBindError) {
        if binder.options.parallelism.isParallel, let input {
            // Input that arrives piece by piece, or from a handle, is read by one parser.
            binder.options.parallelTrace?.record(.sequential(.input(input)), file: file)
        }
        let engine = BindingEngine(registry: binder.registry, options: binder.options, file: file)
        let sink = StreamSink { $0 is Element }
        engine.stream = sink
        guard
            let driver = ExpatDriver(
                engine: engine, encoding: binder.options.encodingRequest(isString: forceUTF8),
                limits: binder.options.limits)
        else {
            throw XMLBindError(code: .io, message: "cannot create an XML parser: out of memory")
        }
        self.engine = engine
        self.driver = driver
        self.sink = sink
        self.file = file
        self.source = source
        self.recent = RecentInput(capacity: recentCapacity)
        driver.inputObserver = { [unowned self] bytes in
            guard usesRecent else { return }
            recent.encoding = self.driver.sourceEncoding
            recent.append(bytes)
        }
    }

    /// Whether diagnostics read the window of recent input: when the input cannot be read
    /// again, or when expat reads it transcoded to UTF-8.
    private var usesRecent: Bool { source == nil || driver.encoding?.isTranscoded == true }

    /// Where diagnostics read their lines.
    private var diagnosticSource: SourceText {
        guard let source, !usesRecent else { return .recent(recent) }
        return source
    }

    // MARK: Input

    /// Parses the next piece of input.
    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !isFinished else { return }
        if case .stopped = driver.feed(bytes, isFinal: false) { isFinished = true }
        pieceDone()
    }

    /// Reads and parses the next piece of a file descriptor, through expat's own buffer.
    func feed(fileDescriptor: Int32, chunkSize: Int) {
        guard !isFinished else { return }
        let (result, atEnd) = driver.feedOnce(fileDescriptor: fileDescriptor, chunkSize: chunkSize)
        if case .readFailed(let reason) = result { readFailure = reason }
        if atEnd { isFinished = true }
        pieceDone()
    }

    /// Tells expat the input has ended.
    func endInput() {
        guard !isFinished else { return }
        _ = driver.feed(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
        isFinished = true
        pieceDone()
    }

    private func pieceDone() {
        guard usesRecent else { return }
        // Before a trim, everything: the lines held back for may be about to go.
        resolvePending(force: recent.needsTrim)
        guard recent.needsTrim else { return }
        // An element still open may yet get a diagnostic at its start tag (a missing
        // required value, a failed check): locate the start tags about to be dropped first.
        let open = Set(engine.frames.map(\.byteIndex))
        let leaving = open.filter { $0 < recent.keptFrom && recent.pinned[$0] == nil }
        if !leaving.isEmpty {
            let locator = SourceLocator(source: .recent(recent), encoding: driver.sourceEncoding)
            recent.pinned.merge(locator.locate(Array(leaving))) { old, _ in old }
        }
        recent.pinned = recent.pinned.filter { open.contains($0.key) }
        recent.trim()
    }

    // MARK: Objects

    /// The next streamed object, if one is waiting.
    func nextObject() -> Element? {
        while let queued = sink.popFirst() {
            if let value = StreamSink.takeValue(queued) {
                if let typed = value as? Element { return typed }
            } else if let typed = caster.cast(taking: queued) {
                return typed
            }
        }
        return nil
    }

    /// Hands every waiting object to `body`.
    ///
    /// - Returns: `false` when `body` asked to stop (the rest of the queue is dropped).
    func deliver(to body: (Element) throws -> StreamAction) rethrows -> Bool {
        while let queued = sink.popFirst() {
            let action: StreamAction?
            if let value = StreamSink.takeValue(queued) {
                action = try (value as? Element).map(body)
            } else {
                action = try caster.hand(taking: queued, to: body)
            }
            if action == .stop {
                sink.removeAll()
                return false
            }
        }
        return true
    }

    /// Feeds a file descriptor to its end, handing objects to `body` after every piece.
    ///
    /// - Returns: The warnings, as ``finish(_:)`` returns them.
    func run(fileDescriptor: Int32, chunkSize: Int, _ body: (Element) throws -> StreamAction) throws -> [Diagnostic] {
        while !isFinished {
            feed(fileDescriptor: fileDescriptor, chunkSize: chunkSize)
            guard try deliver(to: body) else { return warningsSoFar() }
        }
        return try finish(body)
    }

    /// Feeds bytes in memory in slices, handing objects to `body` after every slice.
    ///
    /// - Returns: The warnings, as ``finish(_:)`` returns them.
    func run(_ bytes: UnsafeRawBufferPointer, _ body: (Element) throws -> StreamAction) throws -> [Diagnostic] {
        var offset = 0
        while offset < bytes.count, !isFinished {
            let end = min(offset + Self.sliceSize, bytes.count)
            feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            guard try deliver(to: body) else { return warningsSoFar() }
            offset = end
        }
        return try finish(body)
    }

    /// Ends the input, hands out the last objects, and returns the warnings or throws.
    func finish(_ body: (Element) throws -> StreamAction) throws -> [Diagnostic] {
        endInput()
        guard try deliver(to: body) else { return warningsSoFar() }
        return try outcome()
    }

    // MARK: Diagnostics

    /// Once the input is finished: the warnings, or an ``XMLBindError`` with every
    /// diagnostic when there was an error.
    func outcome() throws(XMLBindError) -> [Diagnostic] {
        if let readFailure {
            throw XMLBindError(
                code: .io, message: "cannot read '\(file ?? "<input>")': \(readFailure)",
                origin: Origin(file: file, line: 0, column: 0))
        }
        let diagnostics = diagnosticsSoFar()
        if engine.errorCount > 0 || driver.failure != nil {
            throw XMLBindError(diagnostics: diagnostics, omittedCount: engine.omittedCount)
        }
        return diagnostics
    }

    /// The warnings found so far, in document order: what a caller that stopped early gets.
    /// Errors found in input read past the last object handed out are not reported then.
    func warningsSoFar() -> [Diagnostic] {
        diagnosticsSoFar().filter { $0.severity == .warning }
    }

    /// Every diagnostic found so far, in document order.
    private func diagnosticsSoFar() -> [Diagnostic] {
        resolvePending(force: true)
        return resolved.enumerated()
            .sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            .map(\.element.diagnostic)
    }

    /// Resolves the diagnostics found since the last call (reading the source once for all).
    ///
    /// - Parameter force: Resolve those whose line has not arrived whole too; otherwise
    ///   they wait (with a window of recent input only, while input is still to come).
    private func resolvePending(force: Bool = false) {
        var pending = held + engine.diagnostics[resolvedCount...]
        held.removeAll()
        resolvedCount = engine.diagnostics.count
        var locator = SourceLocator(source: diagnosticSource, encoding: driver.sourceEncoding)
        locator.readsTranscodedText = driver.encoding?.isTranscoded == true
        if !expatErrorResolved, let expatError = driver.failure {
            pending.append(WellFormednessAdvice.explain(expatError, locator: locator, limits: driver.limits))
            expatErrorResolved = true
        }
        guard !pending.isEmpty else { return }
        // `resolve` returns them in the order of their caret offsets (stable); keep those
        // offsets, so that batches resolved at different times merge in document order.
        var keys = pending.map { locator.offset(of: $0.byteOffset, focus: $0.focus) }
        if usesRecent, !force, !isFinished {
            let complete = keys.map { recent.hasLine(at: $0, reaching: SourceLocator.maximumLineBytes) }
            held = zip(pending, complete).filter { !$0.1 }.map(\.0)
            pending = zip(pending, complete).filter { $0.1 }.map(\.0)
            keys = zip(keys, complete).filter { $0.1 }.map(\.0)
            guard !pending.isEmpty else { return }
        }
        let order = pending.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        let diagnostics = PendingDiagnostic.resolve(pending, file: file, locator: locator)
        for (index, diagnostic) in zip(order, diagnostics) {
            resolved.append((keys[index], diagnostic))
        }
    }
}
