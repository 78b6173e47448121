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

extension XMLBinder {
    /// Writes an object as an XML document, with the mappings that read it.
    ///
    /// The root element is the one the object's type is registered for; its properties
    /// and children are written in declaration order, through the conversions' format
    /// side. The same graph always gives the same text. See <doc:Writing> for the rules.
    ///
    /// ```swift
    /// let text = try binder.xml(from: beans, options: WritingOptions(layout: .compact))
    /// ```
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Returns: The document.
    /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/unmappedType`` for an object
    ///   of an unregistered type, ``XMLBindError/Code/invalidCharacter`` for a value XML 1.0
    ///   cannot hold, or ``XMLBindError/Code/invalidAttribute`` for an extra attribute that
    ///   cannot be written.
    public func xml(from object: Any, options: WritingOptions = WritingOptions()) throws -> String {
        let storage = try document(from: object, options: options)
        // In another encoding: the text that document decodes to.
        guard OutputEncoder.writesUTF8(options) else { return OutputEncoder.text(of: storage, options: options) }
        return storage.takeString()
    }

    /// Writes an object as an XML document, encoded as UTF-8.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Returns: The document's bytes.
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does.
    public func xmlData(from object: Any, options: WritingOptions = WritingOptions()) throws -> Data {
        try document(from: object, options: options).takeData()
    }

    /// Writes an object as an XML document to a file, which is replaced only once the
    /// whole document is written.
    ///
    /// The document goes to a temporary file next to the file in pieces as it is written
    /// (never whole in memory), which then takes the file's place. A symbolic link is
    /// followed: the file it names is replaced and the link stays. A file that exists
    /// keeps its permission bits, owner and group; a new one gets `0666` less the umask.
    ///
    /// A crash (even `SIGKILL` or a power loss) leaves the complete old file or the
    /// complete new one: the new file is `fsync`ed before it takes the old one's place,
    /// and the folder after. A temporary file a killed writer leaves behind is removed
    /// by the next write of the same path. See <doc:Writing>.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - url: A `file:` URL.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does, or with code
    ///   ``XMLBindError/Code/io`` when the file cannot be written (a full disk, a folder
    ///   that is missing or read-only, a directory in the file's place), or the new file
    ///   cannot be given the old one's mode and owner; the message names the path and the
    ///   reason, and the file is then unchanged.
    public func write(_ object: Any, to url: URL, options: WritingOptions = WritingOptions()) throws {
        let replacement = try FileReplacement(replacing: url.path)
        do {
            try write(object, options: options) { bytes in try replacement.write(bytes) }
        } catch {
            replacement.abort()
            throw error
        }
        try replacement.commit()
    }

    /// Writes an object as an XML document to an open file descriptor, in pieces as it is
    /// written (never whole in memory).
    ///
    /// The descriptor is left open. On an error, what was written before it stays written:
    /// a reader of the descriptor (or of the file, after a crash) sees a prefix of the
    /// document. A pipe whose reader has gone away is an error, not a `SIGPIPE` that
    /// ends the process. `import XMLBindFoundation` adds the same call on a `FileHandle`:
    /// `write(object, to: handle)`.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - fileDescriptor: A descriptor open for writing: a file, a pipe, `STDOUT_FILENO`.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does, or with code
    ///   ``XMLBindError/Code/io`` when writing to the descriptor fails.
    public func write(_ object: Any, toFileDescriptor fileDescriptor: Int32, options: WritingOptions = WritingOptions())
        throws
    {
        let output = DescriptorOutput(descriptor: fileDescriptor)
        try write(object, options: options) { bytes in
            // The writer's own buffer, read during the call only.
            do throws(DescriptorOutput.Failure) {
                try output.write(bytes)
            } catch {
                throw XMLBindError(code: .io, message: "cannot write the document to the file handle: \(error.reason)")
            }
        }
    }

    /// Writes a document into memory.
    private func document(from object: Any, options: WritingOptions) throws(XMLBindError) -> DocumentStorage {
        let encoder = try OutputEncoder.make(for: options)
        let writer = XMLWriter(flushThreshold: 1 << 20)
        var serializer = Serializer(registry: registry, options: options, prefixes: prefixes, writer: writer)
        try serializer.writeDocument(object)
        // A writer without a sink always has its storage.
        let storage = serializer.writer.storage ?? DocumentStorage()
        // The last stage: UTF-8 to the options' encoding, when it is another.
        guard let encoder else { return storage }
        return try encoder.encodeStorage(storage)
    }

    /// Writes an object's element (compact, no XML declaration) at the end of `writer`,
    /// which keeps what was written before: for a module that embeds registered objects
    /// in markup of its own (XMLBindRPC's structs inside `<value>`).
    ///
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does.
    package func writeElement(_ object: Any, into writer: XMLWriter) throws(XMLBindError) {
        // A copy of a writer writes into the same storage.
        var serializer = Serializer(
            registry: registry, options: WritingOptions(layout: .compact, includesDeclaration: false),
            prefixes: prefixes, writer: writer)
        try serializer.writeDocument(object)
    }

    /// Writes a document to a sink, in pieces of about `flushThreshold` bytes.
    func write(
        _ object: Any, options: WritingOptions, flushThreshold: Int = 64 << 10,
        sink: @escaping XMLWriter.Sink
    ) throws(XMLBindError) {
        // The last stage: UTF-8 to the options' encoding, when it is another.
        let encoder = try OutputEncoder.make(for: options)
        let encodedSink: XMLWriter.Sink =
            encoder.map { encoder in
                { bytes in try encoder.encodeDocument(bytes, isFinal: false).withUnsafeBytes { try sink($0) } }
            } ?? sink
        var serializer = Serializer(
            registry: registry, options: options, prefixes: prefixes,
            writer: XMLWriter(sink: encodedSink, flushThreshold: flushThreshold))
        try serializer.writeDocument(object)
        guard let encoder else { return }
        let tail = try encoder.encodeDocument(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
        do {
            try tail.withUnsafeBytes { try sink($0) }
        } catch let error as XMLBindError {
            throw error
        } catch {
            throw XMLBindError(code: .io, message: "cannot write the document: \(error)")
        }
    }
}
