#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Edit sessions: binding a document once and keeping what that parse saw, so that writing
/// the changes back does not parse it again (see <doc:EditingInPlace>).
extension XMLBinder {
    /// Binds a document for editing in place and returns its graph with what the parse saw.
    ///
    /// It binds as a plain `parse(_:as:file:)` does, recording each object's values (as the
    /// writer writes them) as its element ends, then where the document holds them. That
    /// record costs a read of each object and a pass over the bytes; in exchange
    /// ``EditableDocument/updated(warnings:)`` does not parse again.
    ///
    /// ```swift
    /// var document = try binder.parseForEditing(data, as: Beans.self, file: "beans.xml")
    /// document.root.beans[0].timeout = 60
    /// let updated = try document.updated()
    /// ```
    ///
    /// - Parameters:
    ///   - data: The document, in UTF-8 (or ASCII).
    ///   - type: The type its root binds to.
    ///   - file: A file name for diagnostics.
    ///   - warnings: Receives the parse's warnings.
    /// - Returns: The session: the root object and the record of the parse.
    /// - Throws: ``XMLBindError``: the errors of parsing `data`, or
    ///   ``XMLBindError/Code/invalidEncoding`` for a document in another encoding than UTF-8.
    public func parseForEditing<T>(_ data: Data, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil)
        throws -> EditableDocument<T>
    {
        try editableDocument(data, input: .data(data, forceUTF8: false), source: nil, file: file, warnings: warnings)
    }

    /// Binds a document given as a string for editing in place, as
    /// ``parseForEditing(_:as:file:warnings:)-(Data,_,_,_)`` binds its bytes.
    ///
    /// The session keeps the string's UTF-8 bytes as ``EditableDocument/original``; the
    /// updated document is UTF-8 too (`String(decoding: try document.updated(), as: UTF8.self)`).
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - type: The type its root binds to.
    ///   - file: A file name for diagnostics.
    ///   - warnings: Receives the parse's warnings.
    /// - Returns: The session.
    /// - Throws: ``XMLBindError``: the errors of parsing `string`.
    public func parseForEditing<T>(
        _ string: String, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil
    ) throws -> EditableDocument<T> {
        let data = Data(string.utf8)
        return try editableDocument(
            data, input: .data(data, forceUTF8: true), source: nil, file: file, warnings: warnings)
    }

    /// Binds a file for editing in place, reading it through a memory map, and returns its
    /// graph with what the parse saw; ``EditableDocument/write(to:warnings:)`` writes it back.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - type: The type its root binds to.
    ///   - file: The name diagnostics show; `nil` (the default) shows the file's path.
    ///   - warnings: Receives the parse's warnings.
    /// - Returns: The session.
    /// - Throws: ``XMLBindError``, as ``parseForEditing(_:as:file:warnings:)-(Data,_,_,_)`` does, or with code
    ///   ``XMLBindError/Code/io`` when the file cannot be read.
    public func parseForEditing<T>(
        contentsOf url: URL, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil
    ) throws -> EditableDocument<T> {
        let name = file ?? url.path
        let original = try Self.mapping(url, file: name)
        return try editableDocument(original, input: .file(url.path), source: url, file: name, warnings: warnings)
    }

    private func editableDocument<T>(
        _ original: Data, input: Input, source: URL?, file: String?, warnings: WarningLog?
    ) throws(XMLBindError) -> EditableDocument<T> {
        let (basis, kept): (EditingBasis, ParseOutcome?)
        do {
            (basis, kept) = try editingBasis(original, input: input, file: file, keepingGraph: true)
        } catch {
            warnings?.add(error.diagnostics)
            throw error
        }
        guard let outcome = kept else {
            throw XMLBindError(code: .io, message: "cannot edit the document in place: the bound graph was not kept")
        }
        let root = try typedRoot(outcome, as: T.self, warnings: warnings)
        return EditableDocument(root: root, binder: self, basis: basis, source: source)
    }
}
