#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Byte offsets (``ByteOffsetAware``) turned into origins and diagnostics after a parse,
/// counting lines and columns as the parse's own diagnostics do.
extension XMLBinder {
    /// The origin of a byte offset this binder handed a ``ByteOffsetAware`` object.
    ///
    /// Reads `document` from its start to the offset (once per call: for many offsets of
    /// one document, an error path should ask only for the ones it reports). The document's
    /// encoding is decided as the parse decided it, with this binder's options; for an
    /// encoding the parse converted to UTF-8 first, the document is converted again.
    ///
    /// - Parameters:
    ///   - offset: The offset, as the binder handed it.
    ///   - document: The bytes that were parsed.
    ///   - file: The name given to the parse, for the origin.
    /// - Returns: The line and column of the offset, or `nil` when it lies outside the document.
    public func origin(ofByteOffset offset: Int, in document: Data, file: String? = nil) -> Origin? {
        locate(offset, in: document, isString: false, file: file)
    }

    /// The origin of a byte offset in a document parsed from a `String`.
    ///
    /// - Parameters:
    ///   - offset: The offset, as the binder handed it (in the string's UTF-8).
    ///   - document: The text that was parsed.
    ///   - file: The name given to the parse, for the origin.
    /// - Returns: The line and column of the offset, or `nil` when it lies outside the document.
    public func origin(ofByteOffset offset: Int, in document: String, file: String? = nil) -> Origin? {
        locate(offset, in: Data(document.utf8), isString: true, file: file)
    }

    /// A diagnostic at a byte offset this binder handed a ``ByteOffsetAware`` object, with
    /// its origin, source line and caret, as the parse's own diagnostics have them.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - code: Its kind (``XMLBindError/Code/validationFailed`` by default).
    ///   - severity: Error (the default) or warning.
    ///   - offset: The offset, as the binder handed it.
    ///   - document: The bytes that were parsed.
    ///   - file: The name given to the parse.
    /// - Returns: The diagnostic; wrap it in ``XMLBindError/init(diagnostics:omittedCount:)`` to throw it.
    public func diagnostic(
        _ message: String, code: XMLBindError.Code = .validationFailed, severity: Diagnostic.Severity = .error,
        atByteOffset offset: Int, in document: Data, file: String? = nil
    ) -> Diagnostic {
        diagnostic(message, code: code, severity: severity, at: offset, in: document, isString: false, file: file)
    }

    /// A diagnostic at a byte offset in a document parsed from a `String`.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - code: Its kind (``XMLBindError/Code/validationFailed`` by default).
    ///   - severity: Error (the default) or warning.
    ///   - offset: The offset, as the binder handed it (in the string's UTF-8).
    ///   - document: The text that was parsed.
    ///   - file: The name given to the parse.
    /// - Returns: The diagnostic.
    public func diagnostic(
        _ message: String, code: XMLBindError.Code = .validationFailed, severity: Diagnostic.Severity = .error,
        atByteOffset offset: Int, in document: String, file: String? = nil
    ) -> Diagnostic {
        diagnostic(
            message, code: code, severity: severity, at: offset, in: Data(document.utf8), isString: true, file: file)
    }

    private func diagnostic(
        _ message: String, code: XMLBindError.Code, severity: Diagnostic.Severity, at offset: Int, in document: Data,
        isString: Bool, file: String?
    ) -> Diagnostic {
        let pending = PendingDiagnostic(severity: severity, code: code, message: message, byteOffset: offset)
        let resolved = PendingDiagnostic.resolve(
            [pending], file: file, locator: locator(for: document, isString: isString))
        return resolved.first ?? Diagnostic(severity: severity, code: code, message: message)
    }

    private func locate(_ offset: Int, in document: Data, isString: Bool, file: String?) -> Origin? {
        guard offset >= 0 else { return nil }
        guard let location = locator(for: document, isString: isString).locate(offset) else { return nil }
        return Origin(file: file, line: location.line, column: location.column)
    }

    /// A locator that reads `document` as a parse with this binder's options read it: in
    /// its decided encoding, or as its UTF-8 when the parse converted it.
    private func locator(for document: Data, isString: Bool) -> SourceLocator {
        let head = [UInt8](document.prefix(EncodingSniffer.declarationLimit))
        let isFinal = document.count <= EncodingSniffer.declarationLimit
        guard
            case .decided(let encoding) = EncodingSniffer.decide(
                head, isFinal: isFinal, request: options.encodingRequest(isString: isString))
        else {
            return SourceLocator(source: .bytes(document), encoding: .utf8)
        }
        let transcoder: StreamTranscoder?
        switch encoding.form {
        case .transcoded(let iconvName):
            transcoder = StreamTranscoder(iconvName: iconvName, replacesInvalidBytes: options.replacesInvalidBytes)
        case .table(let table):
            transcoder = StreamTranscoder(table: table)
        case .utf8, .utf16, .latin1, .ascii:
            transcoder = nil
        }
        guard let transcoder else {
            return SourceLocator(source: .bytes(document), encoding: encoding.sourceEncoding)
        }
        let utf8 = document.withUnsafeBytes { transcoder.decode($0, isFinal: true).utf8 }
        var locator = SourceLocator(source: .bytes(utf8), encoding: .utf8)
        locator.readsTranscodedText = true
        return locator
    }
}
