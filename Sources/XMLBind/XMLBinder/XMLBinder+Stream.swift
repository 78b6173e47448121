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
/// - A ``WarningLog`` given as `warnings:` receives the parse's warnings at its end, or
///   those found so far when the closure stopped it.
///
/// Every form takes its input first, unlabeled except a file URL (`contentsOf:`), then
/// the type as `as:`, `file:` and `warnings:`, as `parse` does.
extension XMLBinder {
    /// Streams every object of a type from a document in memory.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding iconv knows (see <doc:Encodings>).
    ///   - type: The type to stream: the outermost elements whose objects are a `type`.
    ///   - file: A file name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - body: Receives each object, in document order of end tags; returns
    ///     ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem found, after the whole document is
    ///   read; or what `body` throws, at once.
    public func stream<T>(
        _ data: Data, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        _ body: (T) throws -> StreamAction
    )
        throws
    {
        let session = try StreamSession<T>(binder: self, file: file, source: .bytes(data), forceUTF8: false, input: nil)
        try Self.logging(warnings) {
            if let found = try session.runInPieces(
                binder: self, size: data.count, isString: false, read: Self.windows(of: data), body)
            {
                return found
            }
            return try data.withUnsafeBytes { try session.run($0, body) }
        }
    }

    /// Streams every object of a type from a document given as a string.
    ///
    /// The string's text is parsed as it is; an `encoding` in its XML declaration is ignored.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type to stream.
    ///   - file: A file name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem found, or what `body` throws.
    public func stream<T>(
        _ string: String, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        _ body: (T) throws -> StreamAction
    )
        throws
    {
        let data = Data(string.utf8)
        let session = try StreamSession<T>(binder: self, file: file, source: .bytes(data), forceUTF8: true, input: nil)
        try Self.logging(warnings) {
            if let found = try session.runInPieces(
                binder: self, size: data.count, isString: true, read: Self.windows(of: data), body)
            {
                return found
            }
            return try data.withUnsafeBytes { try session.run($0, body) }
        }
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
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem found (code ``XMLBindError/Code/io``
    ///   when the file cannot be read), or what `body` throws.
    public func stream<T>(
        contentsOf url: URL, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        _ body: (T) throws -> StreamAction
    ) throws {
        let path = url.path
        let shown = file ?? path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw XMLBindError(
                code: .io, message: "cannot open '\(path)': \(reason)", origin: Origin(file: shown, line: 0, column: 0))
        }
        defer { close(descriptor) }
        let session = try StreamSession<T>(binder: self, file: shown, source: .file(path), forceUTF8: false, input: nil)
        let chunkSize = options.chunkSize
        try Self.logging(warnings) {
            if let found = try session.runInPieces(
                binder: self, size: Self.size(of: descriptor), isString: false,
                read: { FileChunks.read(descriptor, appendingTo: &$0, upTo: chunkSize) }, body)
            {
                return found
            }
            return try session.run(fileDescriptor: descriptor, chunkSize: chunkSize, body)
        }
    }

    /// Streams every object of a type from an open file descriptor (a pipe, a socket,
    /// standard input), read from its current position to its end in chunks of up to
    /// ``ParseOptions/chunkSize`` bytes.
    ///
    /// The input cannot be read twice, so the stream keeps its most recent 256 KiB or more
    /// for diagnostics: a problem whose place has left that window is reported with its
    /// line and column but without the source line. The descriptor is not closed.
    /// `import XMLBindFoundation` adds the same call on a `FileHandle`: `stream(handle, as:)`.
    ///
    /// - Parameters:
    ///   - fileDescriptor: Where to read from, such as `STDIN_FILENO`.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem found, or what `body` throws.
    public func stream<T>(
        fileDescriptor: Int32, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        _ body: (T) throws -> StreamAction
    ) throws {
        let session = try StreamSession<T>(
            binder: self, file: file, source: nil, forceUTF8: false,
            input: "a file descriptor (read once; a piece's diagnostics could not show its source line)")
        try Self.logging(warnings) {
            try session.run(fileDescriptor: fileDescriptor, chunkSize: options.chunkSize, body)
        }
    }

    /// Streams every object of a type from an `AsyncSequence` of bytes, such as a
    /// response body arriving over the network.
    ///
    /// Bytes are gathered into pieces of 16 KiB (or fewer at the end) before they are
    /// parsed, so an object is handed over at most that much later than its end tag
    /// arrives. The sequence is iterated on the caller's actor, where `body` also runs.
    /// Diagnostics come from a window of recent input, as for ``stream(fileDescriptor:as:file:warnings:_:)``.
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - isolation: The caller's actor; leave it to its default.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem found; what `bytes` or `body` throw;
    ///   `CancellationError` when the task is cancelled (checked between pieces).
    public func stream<T, Bytes: AsyncSequence>(
        _ bytes: Bytes, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (T) throws -> StreamAction
    ) async throws where Bytes.Element == UInt8 {
        var reader = AsyncBytesReader(bytes.makeAsyncIterator())
        try await stream(reader: &reader, file: file, warnings: warnings, isolation: isolation, body)
    }

    /// Streams every object of a type from an `AsyncSequence` of byte chunks (`Data`,
    /// `[UInt8]`, or any other `ContiguousBytes`), such as a body arriving in pieces.
    ///
    /// Each chunk is parsed as it arrives (a large one in 64 KiB slices), and its objects
    /// are handed over before the next chunk is awaited. The sequence is iterated on the
    /// caller's actor, where `body` also runs. Diagnostics come from a window of recent
    /// input, as for ``stream(fileDescriptor:as:file:warnings:_:)``.
    ///
    /// - Parameters:
    ///   - chunks: The document's bytes, in pieces of any size.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - isolation: The caller's actor; leave it to its default.
    ///   - body: Receives each object; returns ``StreamAction/continue`` or ``StreamAction/stop``.
    /// - Throws: ``XMLBindError`` with every problem found; what `chunks` or `body` throw;
    ///   `CancellationError` when the task is cancelled (checked between chunks).
    public func stream<T, Chunks: AsyncSequence>(
        _ chunks: Chunks, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (T) throws -> StreamAction
    ) async throws where Chunks.Element: ContiguousBytes {
        var reader = AsyncChunksReader(chunks.makeAsyncIterator())
        try await stream(reader: &reader, file: file, warnings: warnings, isolation: isolation, body)
    }

    private func stream<T>(
        reader: inout some AsyncChunkReader, file: String?, warnings: WarningLog?, isolation: isolated (any Actor)?,
        _ body: (T) throws -> StreamAction
    ) async throws {
        let session = try StreamSession<T>(binder: self, file: file, source: nil, forceUTF8: false)
        do {
            while !session.isFinished {
                try Task.checkCancellation()
                let more = try await reader.read(isolation: isolation) { session.feed($0) }
                try Task.checkCancellation()
                if !more { session.endInput() }
                guard try session.deliver(to: body) else {
                    warnings?.add(session.warningsSoFar())
                    return
                }
            }
            // Evaluated before the log is asked for: `warnings?.add(try …)` would skip it without one.
            let found = try session.finish(body)
            warnings?.add(found)
        } catch let error as XMLBindError {
            warnings?.add(error.diagnostics)
            throw error
        }
    }

    /// Reads `data` a window at a time (64 KiB), for a stream in pieces.
    private static func windows(of data: Data) -> (inout [UInt8]) -> Int {
        var offset = data.startIndex
        return { window in
            let end = min(offset + (64 << 10), data.endIndex)
            window += data[offset..<end]
            defer { offset = end }
            return end - offset
        }
    }

    /// The size of the file open as `descriptor`, or 0 when it cannot be told.
    private static func size(of descriptor: Int32) -> Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Runs a streaming parse and hands its warnings to `warnings`, whether it ends, is
    /// stopped, or throws an ``XMLBindError``.
    private static func logging(_ warnings: WarningLog?, _ run: () throws -> [Diagnostic]) throws {
        do {
            let found = try run()
            warnings?.add(found)
        } catch let error as XMLBindError {
            warnings?.add(error.diagnostics)
            throw error
        }
    }
}
