import Foundation

/// Parses that record the `${…}` text of substituted values, to write it back later.
extension XMLBinder {
    /// Binds a document, returns its root object, and records the original text of every
    /// value ``ParseOptions/substitution`` replaced (see ``SubstitutionRecord``).
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics.
    ///   - record: Receives the substituted values of the objects bound.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse<T>(
        _ data: Data, as type: T.Type, file: String? = nil, recordingSubstitutionsIn record: SubstitutionRecord
    ) throws -> T {
        var warnings: [Diagnostic] = []
        return try typedRoot(
            bind(.data(data, forceUTF8: false), file: file, substitutions: record), as: type, warnings: &warnings)
    }

    /// Binds a document given as a string, returns its root object, and records the
    /// original text of every substituted value (see ``SubstitutionRecord``).
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type the root element must bind to.
    ///   - file: A file name for origins and diagnostics.
    ///   - record: Receives the substituted values of the objects bound.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse<T>(
        _ string: String, as type: T.Type, file: String? = nil, recordingSubstitutionsIn record: SubstitutionRecord
    ) throws -> T {
        var warnings: [Diagnostic] = []
        return try typedRoot(
            bind(.data(Data(string.utf8), forceUTF8: true), file: file, substitutions: record), as: type,
            warnings: &warnings)
    }

    /// Binds a file, returns its root object, and records the original text of every
    /// substituted value (see ``SubstitutionRecord``).
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - type: The type the root element must bind to.
    ///   - file: The name origins and diagnostics show; `nil` shows the file's path.
    ///   - record: Receives the substituted values of the objects bound.
    /// - Returns: The root element's object.
    /// - Throws: ``XMLBindError`` with every problem found.
    public func parse<T>(
        contentsOf url: URL, as type: T.Type, file: String? = nil, recordingSubstitutionsIn record: SubstitutionRecord
    ) throws -> T {
        var warnings: [Diagnostic] = []
        return try typedRoot(
            bind(.file(url.path), file: file ?? url.path, substitutions: record), as: type, warnings: &warnings)
    }
}
