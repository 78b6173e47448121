#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One parse, from input to outcome: feeding expat, then turning what the engine and
/// expat found into diagnostics.
extension XMLBinder {
    /// Where a document comes from.
    enum Input {
        /// Bytes in memory; `forceUTF8` for `String` input, whose bytes are UTF-8 whatever
        /// its declaration says.
        case data(Data, forceUTF8: Bool)
        /// A string, whose UTF-8 is handed to expat as it is stored: no `Data` is built
        /// for it (a small program that binds one string loads none of `Data`'s code).
        case text(String)
        /// A file, read into expat's own buffer (whole up to `ParseOptions.wholeFileLimit`).
        case file(String)
        /// A file descriptor read once, from its current position to its end (a pipe, a
        /// socket, standard input): what expat reads is kept for diagnostics.
        case descriptor(Int32)
        /// Pieces handed to expat one by one.
        case chunks(AnySequence<Data>)
    }

    /// What a finished parse produced.
    struct ParseOutcome {
        var root: Any?
        var rootBinding: ElementBinding?
        var rootByteIndex: Int
        var warnings: [Diagnostic]
        var locator: SourceLocator
        var file: String?
        /// A parse for editing: what it recorded of the graph it bound.
        var recorder: GraphRecorder?
    }

    /// Runs one parse; throws when it found any error. `substitutions` receives the
    /// original text of substituted values.
    func bind(
        _ input: Input, file: String?, substitutions: SubstitutionRecord? = nil, recorder: GraphRecorder? = nil
    ) throws(XMLBindError) -> ParseOutcome {
        if options.parallelism.isParallel,
            let outcome = try bindInPieces(input, file: file, substitutions: substitutions, recorder: recorder)
        {
            return outcome
        }
        var forceUTF8 = false
        switch input {
        case .data(_, let force): forceUTF8 = force
        case .text: forceUTF8 = true
        case .file, .descriptor, .chunks: break
        }
        let (engine, driver) = try start(
            file: file, forceUTF8: forceUTF8, substitutions: substitutions, recorder: recorder)
        var source = SourceText.unavailable
        let result: ExpatDriver.FeedResult
        switch input {
        case .data(let data, _):
            source = .bytes(data)
            result = feed(data, to: driver)
        case .text(let string):
            source = .text(string)
            var string = string
            result = string.withUTF8 { driver.feed(UnsafeRawBufferPointer($0), isFinal: true) }
        case .file(let path):
            source = .file(path)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                throw XMLBindError(
                    code: .io, message: "cannot open '\(path)': \(reason)",
                    origin: Origin(file: file ?? path, line: 0, column: 0))
            }
            defer { close(descriptor) }
            result = driver.feed(
                fileDescriptor: descriptor, chunkSize: options.chunkSize, wholeUpTo: options.wholeFileLimit)
        case .descriptor(let descriptor):
            // Read once, from wherever it is: keep what expat read, for the diagnostics.
            var read = Data()
            driver.inputObserver = { read.append(contentsOf: $0) }
            result = driver.feed(fileDescriptor: descriptor, chunkSize: options.chunkSize, wholeUpTo: 0)
            driver.inputObserver = nil
            source = .bytes(read)
        case .chunks(let chunks):
            var whole = Data()
            var outcome = ExpatDriver.FeedResult.accepted
            for chunk in chunks {
                whole.append(chunk)
                outcome = chunk.withUnsafeBytes { driver.feed($0, isFinal: false) }
                guard case .accepted = outcome else { break }
            }
            if case .accepted = outcome {
                outcome = driver.feed(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
            }
            source = .bytes(whole)
            result = outcome
        }
        return try conclude(engine: engine, driver: driver, result: result, source: source, file: file)
    }

    /// Runs one parse of an `AsyncSequence` input, piece by piece as it arrives, keeping
    /// the bytes for diagnostics as ``bind(_:file:substitutions:)`` does for chunks.
    func bind(
        reader: inout some AsyncChunkReader, file: String?, substitutions: SubstitutionRecord?,
        isolation: isolated (any Actor)?
    ) async throws -> ParseOutcome {
        if options.parallelism.isParallel {
            options.parallelTrace?.record(
                .sequential(.input("an AsyncSequence (bound as its bytes arrive, on the caller's task)")), file: file)
        }
        let (engine, driver) = try start(file: file, forceUTF8: false, substitutions: substitutions)
        var whole = Data()
        var result = ExpatDriver.FeedResult.accepted
        while true {
            try Task.checkCancellation()
            let more = try await reader.read(isolation: isolation) { bytes in
                whole.append(contentsOf: bytes)
                result = driver.feed(bytes, isFinal: false)
            }
            guard case .accepted = result else { break }
            if !more {
                result = driver.feed(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
                break
            }
        }
        return try conclude(engine: engine, driver: driver, result: result, source: .bytes(whole), file: file)
    }

    /// Makes the engine and the expat driver of one parse.
    func start(
        file: String?, forceUTF8: Bool, substitutions: SubstitutionRecord?, recorder: GraphRecorder? = nil
    ) throws(XMLBindError) -> (BindingEngine, ExpatDriver) {
        let engine = BindingEngine(registry: registry, options: options, file: file)
        engine.substitutionRecord = substitutions
        if let recorder {
            engine.recorder = recorder
            engine.watchesEnds = true
        }
        guard
            let driver = ExpatDriver(
                engine: engine, encoding: options.encodingRequest(isString: forceUTF8), limits: options.limits)
        else {
            throw XMLBindError(code: .io, message: "cannot create an XML parser: out of memory")
        }
        // A transcoded document cannot be read again as expat read it: keep its UTF-8.
        driver.keepsDecodedText = true
        return (engine, driver)
    }

    /// Turns what the engine and expat found into the outcome, or throws its errors.
    func conclude(
        engine: BindingEngine, driver: ExpatDriver, result: ExpatDriver.FeedResult, source: SourceText, file: String?
    ) throws(XMLBindError) -> ParseOutcome {
        var source = source
        if case .readFailed(let reason) = result {
            throw XMLBindError(
                code: .io, message: "cannot read '\(file ?? "<input>")': \(reason)",
                origin: Origin(file: file, line: 0, column: 0))
        }
        if driver.encoding?.isTranscoded == true { source = .bytes(driver.decodedText) }
        var locator = SourceLocator(source: source, encoding: driver.sourceEncoding)
        locator.readsTranscodedText = driver.encoding?.isTranscoded == true
        var pending = engine.diagnostics
        if let failure = driver.failure {
            pending.append(WellFormednessAdvice.explain(failure, locator: locator, limits: options.limits))
        }
        let hasErrors = engine.errorCount > 0 || driver.failure != nil
        let diagnostics = PendingDiagnostic.resolve(pending, file: file, locator: locator)
        if hasErrors {
            throw XMLBindError(diagnostics: diagnostics, omittedCount: engine.omittedCount)
        }
        // The recorder moves out of the engine, so that its arrays stay uniquely held.
        let recorder = engine.recorder
        engine.recorder = nil
        return ParseOutcome(
            root: engine.root, rootBinding: engine.rootBinding, rootByteIndex: engine.rootByteIndex,
            warnings: diagnostics, locator: locator, file: file, recorder: recorder)
    }

    /// Hands bytes in memory to expat whole, in one final `XML_Parse`: expat then counts
    /// lines and columns only where someone asks (an origin, a diagnostic), instead of
    /// recounting them over every piece that is not the last. Nothing is handed out
    /// before the end, so nothing is gained by pieces; expat copies the bytes into its own
    /// buffer, as it would piece by piece.
    private func feed(_ data: Data, to driver: ExpatDriver) -> ExpatDriver.FeedResult {
        data.withUnsafeBytes { driver.feed($0, isFinal: true) }
    }

    /// The root object as a `T`, or an ``XMLBindError/Code/unexpectedRoot`` error.
    ///
    /// A nil `warnings` costs nothing: the warnings are handed over only to a log.
    func typedRoot<T>(_ outcome: ParseOutcome, as type: T.Type, warnings: WarningLog?) throws(XMLBindError) -> T {
        // Unwrapped first: a nil root would otherwise pass as an `Any` holding nil.
        if let root = outcome.root, let typed = root as? T {
            warnings?.add(outcome.warnings)
            return typed
        }
        if outcome.root == nil, T.self is any ExpressibleByNilLiteral.Type, let none = outcome.root as? T {
            warnings?.add(outcome.warnings)
            return none
        }
        let message: String
        if let binding = outcome.rootBinding {
            message = "the root element <\(binding.elementName)> binds to \(binding.typeName), not \(T.self)"
        } else {
            message = "the document's root element is not registered, so no \(T.self) was bound"
        }
        let problem = PendingDiagnostic(
            code: .unexpectedRoot, message: message, byteOffset: max(outcome.rootByteIndex, 0))
        let resolved = PendingDiagnostic.resolve([problem], file: outcome.file, locator: outcome.locator)
        warnings?.add(outcome.warnings)
        throw XMLBindError(diagnostics: outcome.warnings + resolved)
    }
}
