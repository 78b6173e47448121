import Foundation

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
    public func xml(from object: Any, options: WritingOptions = WritingOptions()) throws(XMLBindError) -> String {
        var (chunks, count) = try chunks(from: object, options: options)
        // In another encoding: the text that document decodes to.
        if !OutputEncoder.writesUTF8(options) { return OutputEncoder.text(of: chunks, options: options) }
        // The writer writes valid UTF-8 only (its input is Swift strings), so the copy below
        // is the string's contents as they are.
        return String(unsafeUninitializedCapacity: count) { target in
            Self.move(&chunks, into: UnsafeMutableRawBufferPointer(target))
        }
    }

    /// Writes an object as an XML document, encoded as UTF-8.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Returns: The document's bytes.
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does.
    public func xmlData(from object: Any, options: WritingOptions = WritingOptions()) throws(XMLBindError) -> Data {
        var (chunks, count) = try chunks(from: object, options: options)
        // Zeroed lazily by the system: its pages only count once the chunks are copied in.
        var data = Data(count: count)
        data.withUnsafeMutableBytes { target in _ = Self.move(&chunks, into: target) }
        return data
    }

    /// Writes an object as an XML document to a file, which is replaced only once the
    /// whole document is written.
    ///
    /// The document goes to a temporary file next to `url` in pieces as it is written
    /// (never whole in memory), which then takes the place of `url`.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - url: A `file:` URL.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does, or with code
    ///   ``XMLBindError/Code/io`` when the file cannot be written; `url` is then unchanged.
    public func write(_ object: Any, to url: URL, options: WritingOptions = WritingOptions()) throws(XMLBindError) {
        let path = url.path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw XMLBindError(
                code: .io, message: "cannot write '\(path)': cannot create a file in its folder",
                origin: Origin(file: path, line: 0, column: 0))
        }
        do {
            try write(object, to: handle, options: options)
            try handle.close()
            guard rename(temporary, path) == 0 else {
                throw XMLBindError(
                    code: .io, message: "cannot write '\(path)': \(String(cString: strerror(errno)))",
                    origin: Origin(file: path, line: 0, column: 0))
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            if let error = error as? XMLBindError { throw error }
            throw XMLBindError(
                code: .io, message: "cannot write '\(path)': \(error.localizedDescription)",
                origin: Origin(file: path, line: 0, column: 0))
        }
    }

    /// Writes an object as an XML document to a file handle, in pieces as it is written
    /// (never whole in memory).
    ///
    /// The handle is left open. On an error, what was written before it stays written.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - fileHandle: A handle open for writing: a file, a pipe, standard output.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Throws: ``XMLBindError``, as ``xml(from:options:)`` does, or with code
    ///   ``XMLBindError/Code/io`` when writing to the handle fails.
    public func write(_ object: Any, to fileHandle: FileHandle, options: WritingOptions = WritingOptions())
        throws(XMLBindError)
    {
        try write(object, options: options, sink: { bytes in try fileHandle.write(contentsOf: Data(bytes)) })
    }

    /// Writes a document into memory, as the chunks the writer filled.
    private func chunks(from object: Any, options: WritingOptions) throws(XMLBindError) -> ([[UInt8]], Int) {
        let encoder = try OutputEncoder.make(for: options)
        var serializer = Serializer(
            registry: registry, options: options, prefixes: prefixes, writer: XMLWriter())
        try serializer.writeDocument(object)
        // The last stage: UTF-8 to the options' encoding, when it is another.
        guard let encoder else { return serializer.writer.takeChunks() }
        return try encoder.encodeChunks(serializer.writer.takeChunks().0)
    }

    /// Copies the chunks into `target` in order, freeing each once copied, so the document
    /// is never held twice over; returns the bytes copied.
    private static func move(_ chunks: inout [[UInt8]], into target: UnsafeMutableRawBufferPointer) -> Int {
        var offset = 0
        for index in chunks.indices {
            chunks[index].withUnsafeBytes { chunk in
                UnsafeMutableRawBufferPointer(rebasing: target[offset..<offset + chunk.count]).copyMemory(from: chunk)
                offset += chunk.count
            }
            chunks[index] = []
        }
        return offset
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
