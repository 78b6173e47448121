import Foundation

extension XMLBinder {
    /// Binds a document and returns its root object as the requested type.
    ///
    /// - Parameters:
    ///   - data: The document's bytes, in any encoding iconv knows, as its byte order mark,
    ///     ``ParseOptions/encoding`` or its XML declaration says (see <doc:Encodings>).
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics, such as `beans.xml`.
    /// - Returns: The root element's object, with everything below it bound.
    /// - Throws: ``XMLBindError`` with every problem found, in document order; no partial
    ///   object is ever returned.
    public func parse<T>(_ data: Data, as type: T.Type, file: String? = nil) throws -> T {
        var warnings: [Diagnostic] = []
        return try parse(data, as: type, file: file, warnings: &warnings)
    }

    /// Binds a document, returns its root object as the requested type, and hands back
    /// the warnings the parse found.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, appended in document order.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found, warnings included.
    public func parse<T>(_ data: Data, as type: T.Type, file: String? = nil, warnings: inout [Diagnostic])
        throws -> T
    {
        try typedRoot(bind(.data(data, forceUTF8: false), file: file), as: type, warnings: &warnings)
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
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse<T>(_ string: String, as type: T.Type, file: String? = nil) throws -> T {
        var warnings: [Diagnostic] = []
        return try parse(string, as: type, file: file, warnings: &warnings)
    }

    /// Binds a document given as a string, returns its root object as the requested
    /// type, and hands back the warnings the parse found.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, appended in document order.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found, warnings included.
    public func parse<T>(_ string: String, as type: T.Type, file: String? = nil, warnings: inout [Diagnostic])
        throws -> T
    {
        try typedRoot(bind(.data(Data(string.utf8), forceUTF8: true), file: file), as: type, warnings: &warnings)
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
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found, with code
    ///   ``XMLBindError/Code/io`` when the file cannot be read.
    public func parse<T>(contentsOf url: URL, as type: T.Type, file: String? = nil) throws -> T {
        var warnings: [Diagnostic] = []
        return try parse(contentsOf: url, as: type, file: file, warnings: &warnings)
    }

    /// Binds a file, reading it into expat's buffer, returns its root object as the requested type,
    /// and hands back the warnings the parse found.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - type: The type the root element must bind to.
    ///   - file: The name origins and diagnostics show; `nil` shows the file's path.
    ///   - warnings: Receives the parse's warnings, appended in document order.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found, warnings included.
    public func parse<T>(contentsOf url: URL, as type: T.Type, file: String? = nil, warnings: inout [Diagnostic])
        throws -> T
    {
        try typedRoot(bind(.file(url.path), file: file ?? url.path), as: type, warnings: &warnings)
    }

    /// Binds a document and returns its root object, whatever its type.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - file: A file name for origins and diagnostics.
    /// - Returns: The root element's object, or `nil` when the root element is not
    ///   registered and was skipped (``ParseMode/lenient`` mode).
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse(_ data: Data, file: String? = nil) throws -> Any? {
        try bind(.data(data, forceUTF8: false), file: file).root
    }

    /// Binds a document given as a string and returns its root object, whatever its type.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - file: A file name for origins and diagnostics.
    /// - Returns: The root element's object, or `nil` when the root element was skipped.
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse(_ string: String, file: String? = nil) throws -> Any? {
        try bind(.data(Data(string.utf8), forceUTF8: true), file: file).root
    }

    /// Binds a file, reading it into expat's buffer, and returns its root object, whatever its type.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The name origins and diagnostics show; `nil` shows the file's path.
    /// - Returns: The root element's object, or `nil` when the root element was skipped.
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse(contentsOf url: URL, file: String? = nil) throws -> Any? {
        try bind(.file(url.path), file: file ?? url.path).root
    }

    /// Parses a document handed over in pieces; tests and the fuzzer use it to split text anywhere.
    package func parse(chunks: some Sequence<Data>, file: String? = nil) throws -> Any? {
        try bind(.chunks(AnySequence(chunks)), file: file).root
    }
}
