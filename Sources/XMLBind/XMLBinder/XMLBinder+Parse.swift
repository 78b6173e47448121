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

/// Parsing a whole document into its root object.
///
/// Every form takes its input first (unlabeled, except a file URL: `contentsOf:`), the
/// type as `as:`, then `file:` for origins and diagnostics, `warnings:` for a
/// ``WarningLog`` and `recordingSubstitutionsIn:` for a ``SubstitutionRecord``.
///
/// For a root of any registered type, ask for `Any.self` (or `AnyObject.self`); ask for
/// `Any?.self` to get `nil` instead of an error when a lenient parse skipped an
/// unregistered root element.
extension XMLBinder {
    /// Binds a document and returns its root object as the requested type.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding iconv knows, as its byte order mark,
    ///     ``ParseOptions/encoding`` or its XML declaration says (see <doc:Encodings>).
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics, such as `beans.xml`.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every value ``ParseOptions/substitution``
    ///     replaced, to write it back later (see ``SubstitutionRecord``).
    /// - Returns: The root element's object, with everything below it bound.
    /// - Throws: ``XMLBindError`` with every problem found, in document order, warnings
    ///   included; no partial object is ever returned.
    public func parse<T>(
        _ data: Data, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil
    ) throws -> T {
        try root(of: .data(data, forceUTF8: false), as: type, file: file, warnings: warnings, record: record)
    }

    /// Binds a document given as a string and returns its root object as the requested type.
    ///
    /// The string's text is parsed as it is; an `encoding` in its XML declaration is ignored.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every substituted value.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse<T>(
        _ string: String, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil
    ) throws -> T {
        try root(of: .text(string), as: type, file: file, warnings: warnings, record: record)
    }

    /// Binds a file, reading it straight into expat's buffer (whole up to
    /// ``ParseOptions/wholeFileLimit``, in ``ParseOptions/chunkSize`` pieces beyond), and
    /// returns its root object as the requested type.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - type: The type the root element must bind to.
    ///   - file: The name origins and diagnostics show, such as `config/app.xml`; `nil`
    ///     (the default) shows the file's path.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every substituted value.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found, with code
    ///   ``XMLBindError/Code/io`` when the file cannot be read.
    public func parse<T>(
        contentsOf url: URL, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil
    ) throws -> T {
        try root(of: .file(url.path), as: type, file: file ?? url.path, warnings: warnings, record: record)
    }

    /// Binds a document read from an open file descriptor (a pipe, a socket, standard
    /// input), from its current position to its end in ``ParseOptions/chunkSize`` pieces,
    /// and returns its root object as the requested type.
    ///
    /// The bytes read are kept until the parse ends, for the diagnostics' excerpts. The
    /// descriptor is not closed. `import XMLBindFoundation` adds the same call on a
    /// `FileHandle`: `parse(handle, as:)`.
    ///
    /// - Parameters:
    ///   - fileDescriptor: Where to read from, such as `STDIN_FILENO`.
    ///   - type: The type the root element must bind to.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every substituted value.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found, with code
    ///   ``XMLBindError/Code/io`` when the descriptor cannot be read.
    public func parse<T>(
        fileDescriptor: Int32, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil
    ) throws -> T {
        try root(of: .descriptor(fileDescriptor), as: type, file: file, warnings: warnings, record: record)
    }

    /// Binds a document read from an `AsyncSequence` of bytes, such as a response body
    /// arriving over the network, and returns its root object as the requested type.
    ///
    /// Bytes are gathered into pieces of 16 KiB and parsed as they arrive; they are kept
    /// until the parse ends, for the diagnostics' excerpts. The sequence is iterated on
    /// the caller's actor.
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - type: The type the root element must bind to.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every substituted value.
    ///   - isolation: The caller's actor; leave it to its default.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found; what `bytes` throws;
    ///   `CancellationError` when the task is cancelled (checked between pieces).
    public func parse<T, Bytes: AsyncSequence>(
        _ bytes: Bytes, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil, isolation: isolated (any Actor)? = #isolation
    ) async throws -> T where Bytes.Element == UInt8 {
        var reader = AsyncBytesReader(bytes.makeAsyncIterator())
        return try await root(
            of: &reader, as: type, file: file, warnings: warnings, record: record, isolation: isolation)
    }

    /// Binds a document read from an `AsyncSequence` of byte chunks (`Data`, `[UInt8]`,
    /// ``FileChunks``, or any other `ContiguousBytes`) and returns its root object as the
    /// requested type.
    ///
    /// Each chunk is parsed as it arrives; the bytes are kept until the parse ends, for
    /// the diagnostics' excerpts. The sequence is iterated on the caller's actor.
    ///
    /// - Parameters:
    ///   - chunks: The document's bytes, in pieces of any size.
    ///   - type: The type the root element must bind to.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every substituted value.
    ///   - isolation: The caller's actor; leave it to its default.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found; what `chunks` throws;
    ///   `CancellationError` when the task is cancelled (checked between chunks).
    public func parse<T, Chunks: AsyncSequence>(
        _ chunks: Chunks, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil, isolation: isolated (any Actor)? = #isolation
    ) async throws -> T where Chunks.Element: ContiguousBytes {
        var reader = AsyncChunksReader(chunks.makeAsyncIterator())
        return try await root(
            of: &reader, as: type, file: file, warnings: warnings, record: record, isolation: isolation)
    }

    /// Parses a document handed over in pieces; tests and the fuzzer use it to split text anywhere.
    package func parse<T>(chunks: some Sequence<Data>, as type: T.Type, file: String? = nil) throws -> T {
        try root(of: .chunks(AnySequence(chunks)), as: type, file: file, warnings: nil, record: nil)
    }

    /// One parse's root object as a `T`; its warnings go to `warnings`, thrown or not.
    private func root<T>(
        of input: Input, as type: T.Type, file: String?, warnings: WarningLog?, record: SubstitutionRecord?
    ) throws(XMLBindError) -> T {
        let outcome: ParseOutcome
        do {
            outcome = try bind(input, file: file, substitutions: record)
        } catch {
            warnings?.add(error.diagnostics)
            throw error
        }
        return try typedRoot(outcome, as: type, warnings: warnings)
    }

    private func root<T>(
        of reader: inout some AsyncChunkReader, as type: T.Type, file: String?, warnings: WarningLog?,
        record: SubstitutionRecord?, isolation: isolated (any Actor)?
    ) async throws -> T {
        let outcome: ParseOutcome
        do {
            outcome = try await bind(reader: &reader, file: file, substitutions: record, isolation: isolation)
        } catch let error as XMLBindError {
            warnings?.add(error.diagnostics)
            throw error
        }
        return try typedRoot(outcome, as: type, warnings: warnings)
    }
}
