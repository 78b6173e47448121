import Foundation

extension XMLBinder {
    /// Binds a document and returns its root object as the requested type.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding expat reads (UTF-8, UTF-16 with
    ///     a byte order mark, ISO-8859-1, US-ASCII) as its XML declaration says.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics, such as `beans.xml`.
    /// - Returns: The root element's object, with everything below it bound.
    /// - Throws: ``XMLBindError`` for the first problem found; no partial object is returned.
    public func parse<T>(_ data: Data, as type: T.Type, file: String? = nil) throws(XMLBindError) -> T {
        try typedRoot(parseData(data, file: file, forceUTF8: false), as: type, file: file, source: .bytes(data))
    }

    /// Binds a document given as a string and returns its root object as the requested type.
    ///
    /// The string's text is parsed as it is; an `encoding` in its XML declaration is ignored.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` for the first problem found.
    public func parse<T>(_ string: String, as type: T.Type, file: String? = nil) throws(XMLBindError) -> T {
        let data = Data(string.utf8)
        return try typedRoot(parseData(data, file: file, forceUTF8: true), as: type, file: file, source: .bytes(data))
    }

    /// Binds a file, reading it through expat in chunks (never whole), and returns its
    /// root object as the requested type.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - type: The type the root element must bind to.
    /// - Returns: The root element's object; origins name the file's path.
    /// - Throws: ``XMLBindError`` for the first problem found, with code
    ///   ``XMLBindError/Code/io`` when the file cannot be read.
    public func parse<T>(contentsOf url: URL, as type: T.Type) throws(XMLBindError) -> T {
        let path = url.path
        return try typedRoot(parseFile(path), as: type, file: path, source: .file(path))
    }

    /// Binds a document and returns its root object, whatever its type.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - file: A file name for origins and diagnostics.
    /// - Returns: The root element's object, or `nil` when the root element is not
    ///   registered and was skipped (``ParseMode/lenient`` mode).
    /// - Throws: ``XMLBindError`` for the first problem found.
    public func parse(_ data: Data, file: String? = nil) throws(XMLBindError) -> Any? {
        try parseData(data, file: file, forceUTF8: false).root
    }

    /// Binds a document given as a string and returns its root object, whatever its type.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - file: A file name for origins and diagnostics.
    /// - Returns: The root element's object, or `nil` when the root element was skipped.
    /// - Throws: ``XMLBindError`` for the first problem found.
    public func parse(_ string: String, file: String? = nil) throws(XMLBindError) -> Any? {
        try parseData(Data(string.utf8), file: file, forceUTF8: true).root
    }

    /// Binds a file, reading it in chunks, and returns its root object, whatever its type.
    ///
    /// - Parameter url: A `file:` URL.
    /// - Returns: The root element's object, or `nil` when the root element was skipped.
    /// - Throws: ``XMLBindError`` for the first problem found.
    public func parse(contentsOf url: URL) throws(XMLBindError) -> Any? {
        try parseFile(url.path).root
    }

    // MARK: Internals

    /// Parses a document handed over in pieces; tests and the fuzzer use it to split text anywhere.
    package func parse(chunks: some Sequence<Data>, file: String? = nil) throws(XMLBindError) -> Any? {
        var whole = Data()
        let outcome = try run(file: file, forceUTF8: false, source: { .bytes(whole) }) { driver in
            for chunk in chunks {
                whole.append(chunk)
                let result = chunk.withUnsafeBytes { driver.feed($0, isFinal: false) }
                guard case .accepted = result else { return result }
            }
            return driver.feed(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
        }
        return outcome.root
    }

    private func parseData(_ data: Data, file: String?, forceUTF8: Bool) throws(XMLBindError) -> ParseOutcome {
        try run(file: file, forceUTF8: forceUTF8, source: { .bytes(data) }) { driver in
            let chunk = max(options.chunkSize, 64 << 10)
            var offset = 0
            return data.withUnsafeBytes { bytes in
                // Hand expat bounded chunks, so a long token is never re-scanned from
                // the start of an enormous buffer.
                repeat {
                    let end = min(offset + chunk, bytes.count)
                    let result = driver.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]),
                                             isFinal: end == bytes.count)
                    guard case .accepted = result else { return result }
                    offset = end
                } while offset < bytes.count
                return .accepted
            }
        }
    }

    private func parseFile(_ path: String) throws(XMLBindError) -> ParseOutcome {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw XMLBindError(
                code: .io, message: "cannot open '\(path)': \(reason)", origin: Origin(file: path, line: 0, column: 0))
        }
        defer { close(descriptor) }
        return try run(file: path, forceUTF8: false, source: { .file(path) }) { driver in
            driver.feed(fileDescriptor: descriptor, chunkSize: max(options.chunkSize, 64 << 10))
        }
    }

    /// What a finished parse produced.
    struct ParseOutcome {
        var root: Any?
        var rootBinding: ElementBinding?
        var rootByteIndex: Int
        var declaredEncoding: String?
    }

    /// Runs one parse: `feed` hands the input to the driver; `source` says where the
    /// bytes can be read again if a diagnostic needs its line.
    private func run(
        file: String?, forceUTF8: Bool, source: () -> SourceText,
        feed: (ExpatDriver) -> ExpatDriver.FeedResult
    ) throws(XMLBindError) -> ParseOutcome {
        let engine = BindingEngine(registry: registry, mode: options.mode, file: file)
        guard let driver = ExpatDriver(engine: engine, forceUTF8: forceUTF8, limits: options.limits) else {
            throw XMLBindError(code: .io, message: "cannot create an XML parser: out of memory")
        }
        let result = feed(driver)
                if case .readFailed(let reason) = result {
            throw XMLBindError(
                code: .io, message: "cannot read '\(file ?? "<input>")': \(reason)",
                origin: Origin(file: file, line: 0, column: 0))
        }
        if let problem = engine.failure ?? driver.failure {
            throw problem.resolved(
                file: file, locator: SourceLocator(source: source(), declaredEncoding: driver.declaredEncoding))
        }
        return ParseOutcome(
            root: engine.root, rootBinding: engine.rootBinding, rootByteIndex: engine.rootByteIndex,
            declaredEncoding: driver.declaredEncoding)
    }

    /// Checks that the root object is a `T`.
    private func typedRoot<T>(_ outcome: ParseOutcome, as type: T.Type, file: String?, source: SourceText)
        throws(XMLBindError) -> T
    {
        if let root = outcome.root as? T { return root }
        let locator = SourceLocator(source: source, declaredEncoding: outcome.declaredEncoding)
        let message: String
        if let binding = outcome.rootBinding {
            message = "the root element <\(binding.elementName)> binds to \(binding.typeName), not \(T.self)"
        } else {
            message = "the document's root element is not registered, so no \(T.self) was bound"
        }
        throw PendingDiagnostic(code: .unexpectedRoot, message: message, byteOffset: max(outcome.rootByteIndex, 0))
            .resolved(file: file, locator: locator)
    }
}
