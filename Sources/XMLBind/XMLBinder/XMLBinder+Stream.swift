import Foundation

/// Streaming with a closure: each completed object of one type is handed over, then
/// forgotten, so a document of any size binds in flat memory.
///
/// The rules, shared by every form (see the Streaming article):
/// - The **outermost** element of each registered mapping whose object is a `T` is
///   streamed: it binds with everything inside it (an inner `T` stays in its parent), is
///   handed to the closure when its end tag is read, and is not attached to its parent.
///   Every other element binds as usual. `T` may be a protocol, to stream several types.
/// - Objects are handed out while the document has had **no error**: an object with an
///   error inside, and every object after the first error, are withheld. The parse goes
///   on to find every problem (unless ``ParseOptions/stopsAtFirstError``), then throws one
///   ``XMLBindError`` with all of them; objects already handed out stay handed out.
/// - The closure returns ``StreamAction/stop`` to end the parse early, without error.
extension XMLBinder {
    /// Streams every object of a type from a document in memory.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding iconv knows (see <doc:Encodings>).
    ///   - type: The type to stream: the outermost elements whose objects are a `type`.
    ///   - file: A file name for origins and diagnostics.
    ///   - body: Receives each object, in document order of end tags; returns
    ///     ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Returns: The warnings the parse found (those found so far, when `body` stopped it).
    /// - Throws: ``XMLBindError`` with every problem found, after the whole document is
    ///   read; or what `body` throws, at once.
    @discardableResult
    public func stream<T>(_ data: Data, each type: T.Type, file: String? = nil, _ body: (T) throws -> StreamAction)
        throws -> [Diagnostic]
    {
        let session = try StreamSession<T>(binder: self, file: file, source: .bytes(data), forceUTF8: false)
        return try data.withUnsafeBytes { try session.run($0, body) }
    }

    /// Streams every object of a type from a document given as a string.
    ///
    /// The string's text is parsed as it is; an `encoding` in its XML declaration is ignored.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type to stream.
    ///   - file: A file name for origins and diagnostics.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Returns: The warnings the parse found.
    /// - Throws: ``XMLBindError`` with every problem found, or what `body` throws.
    @discardableResult
    public func stream<T>(_ string: String, each type: T.Type, file: String? = nil, _ body: (T) throws -> StreamAction)
        throws -> [Diagnostic]
    {
        let data = Data(string.utf8)
        let session = try StreamSession<T>(binder: self, file: file, source: .bytes(data), forceUTF8: true)
        return try data.withUnsafeBytes { try session.run($0, body) }
    }

    /// Streams every object of a type from a file, read in chunks straight into expat's
    /// buffer (``ParseOptions/chunkSize`` at a time), never whole.
    ///
    /// Diagnostics read their source lines back from the file, so every one has its excerpt.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - type: The type to stream.
    ///   - file: The name origins and diagnostics show; `nil` (the default) shows the file's path.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Returns: The warnings the parse found.
    /// - Throws: ``XMLBindError`` with every problem found (code ``XMLBindError/Code/io``
    ///   when the file cannot be read), or what `body` throws.
    @discardableResult
    public func stream<T>(
        contentsOf url: URL, each type: T.Type, file: String? = nil, _ body: (T) throws -> StreamAction
    ) throws -> [Diagnostic] {
        let path = url.path
        let shown = file ?? path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw XMLBindError(
                code: .io, message: "cannot open '\(path)': \(reason)", origin: Origin(file: shown, line: 0, column: 0))
        }
        defer { close(descriptor) }
        let session = try StreamSession<T>(binder: self, file: shown, source: .file(path), forceUTF8: false)
        return try session.run(fileDescriptor: descriptor, chunkSize: options.chunkSize, body)
    }

    /// Streams every object of a type from a file handle (a pipe, a socket, standard
    /// input), read from its current position to its end in chunks of up to
    /// ``ParseOptions/chunkSize`` bytes.
    ///
    /// The input cannot be read twice, so the stream keeps its most recent 256 KiB or more
    /// for diagnostics: a problem whose place has left that window is reported with its
    /// line and column but without the source line. The handle is not closed.
    ///
    /// - Parameters:
    ///   - handle: Where to read from.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Returns: The warnings the parse found.
    /// - Throws: ``XMLBindError`` with every problem found, or what `body` throws.
    @discardableResult
    public func stream<T>(
        from handle: FileHandle, each type: T.Type, file: String? = nil, _ body: (T) throws -> StreamAction
    ) throws -> [Diagnostic] {
        let session = try StreamSession<T>(binder: self, file: file, source: nil, forceUTF8: false)
        return try session.run(fileDescriptor: handle.fileDescriptor, chunkSize: options.chunkSize, body)
    }

    /// Streams every object of a type from an `AsyncSequence` of bytes, such as a
    /// response body arriving over the network.
    ///
    /// Bytes are gathered into pieces of 16 KiB (or fewer at the end) before they are
    /// parsed, so an object is handed over at most that much later than its end tag
    /// arrives. The sequence is iterated on the caller's actor, where `body` also runs.
    /// Diagnostics come from a window of recent input, as for ``stream(from:each:file:_:)``.
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - isolation: The caller's actor; leave it to its default.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Returns: The warnings the parse found.
    /// - Throws: ``XMLBindError`` with every problem found; what `bytes` or `body` throw;
    ///   `CancellationError` when the task is cancelled (checked between pieces).
    @discardableResult
    public func stream<T, Bytes: AsyncSequence>(
        bytes: Bytes, each type: T.Type, file: String? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: (T) throws -> StreamAction
    ) async throws -> [Diagnostic] where Bytes.Element == UInt8 {
        var reader = AsyncBytesReader(bytes.makeAsyncIterator())
        return try await stream(reader: &reader, file: file, isolation: isolation, body)
    }

    /// Streams every object of a type from an `AsyncSequence` of byte chunks (`Data`,
    /// `[UInt8]`, or any other `ContiguousBytes`), such as a body arriving in pieces.
    ///
    /// Each chunk is parsed as it arrives (a large one in 64 KiB slices), and its objects
    /// are handed over before the next chunk is awaited. The sequence is iterated on the
    /// caller's actor, where `body` also runs. Diagnostics come from a window of recent
    /// input, as for ``stream(from:each:file:_:)``.
    ///
    /// - Parameters:
    ///   - chunks: The document's bytes, in pieces of any size.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - isolation: The caller's actor; leave it to its default.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Returns: The warnings the parse found.
    /// - Throws: ``XMLBindError`` with every problem found; what `chunks` or `body` throw;
    ///   `CancellationError` when the task is cancelled (checked between chunks).
    @discardableResult
    public func stream<T, Chunks: AsyncSequence>(
        chunks: Chunks, each type: T.Type, file: String? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: (T) throws -> StreamAction
    ) async throws -> [Diagnostic] where Chunks.Element: ContiguousBytes {
        var reader = AsyncChunksReader(chunks.makeAsyncIterator())
        return try await stream(reader: &reader, file: file, isolation: isolation, body)
    }

    private func stream<T>(
        reader: inout some AsyncChunkReader, file: String?, isolation: isolated (any Actor)?,
        _ body: (T) throws -> StreamAction
    ) async throws -> [Diagnostic] {
        let session = try StreamSession<T>(binder: self, file: file, source: nil, forceUTF8: false)
        while !session.isFinished {
            try Task.checkCancellation()
            let more = try await reader.read(isolation: isolation) { session.feed($0) }
            try Task.checkCancellation()
            if !more { session.endInput() }
            guard try session.deliver(to: body) else { return session.warningsSoFar() }
        }
        return try session.finish(body)
    }
}
