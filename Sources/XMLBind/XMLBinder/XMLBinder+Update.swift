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

/// Editing in place: writing a changed graph back into the document it was bound from,
/// rewriting only what changed (see <doc:EditingInPlace>).
///
/// Every form takes the original document first (unlabeled, or a file as `contentsOf:`),
/// the changed graph's root as `with:`, then `file:` for diagnostics and `warnings:` for a
/// ``WarningLog`` that receives each change that could not be placed exactly.
extension XMLBinder {
    /// Writes the changes a program made to a bound graph back into the document it was
    /// bound from, and returns the new document.
    ///
    /// The result differs from `original` only where the graph differs from what
    /// `original` binds to: a changed attribute value is rewritten in its own quotes, a
    /// changed text in its element; a new object is inserted after the last element of its
    /// list, indented like it; a removed one goes with its line. Comments, processing
    /// instructions, whitespace, attribute order, references in values left alone, CDATA
    /// sections, the XML declaration, the DOCTYPE and content the mappings do not bind stay
    /// byte for byte. Values are compared by what the writer would write for them, so a
    /// value that only reads differently (`030` for `30`) is kept as written.
    ///
    /// ```swift
    /// let beans = try binder.parse(data, as: Beans.self, file: "beans.xml")
    /// beans.beans[0].timeout = 60
    /// let updated = try binder.update(data, with: beans, file: "beans.xml")
    /// ```
    ///
    /// A change that cannot be placed exactly (a value written as a `${…}` substitution or
    /// an entity reference, which the new value replaces; an element whose objects cannot
    /// be matched with its content, written anew) is made all the same and reported to
    /// `warnings` with code ``XMLBindError/Code/inexactEdit``, at its place in `original`.
    ///
    /// - Parameters:
    ///   - original: The document as it is, in UTF-8 (or ASCII).
    ///   - object: The root of the changed graph: an object of the type `original`'s root
    ///     binds to.
    ///   - file: A file name for diagnostics.
    ///   - warnings: Receives a warning for each change not placed exactly.
    /// - Returns: The updated document.
    /// - Throws: ``XMLBindError``: the errors of parsing `original` (it must bind with this
    ///   binder), ``XMLBindError/Code/invalidEncoding`` for a document in another encoding
    ///   than UTF-8, or the writer's errors for a value XML cannot hold.
    public func update(_ original: Data, with object: Any, file: String? = nil, warnings: WarningLog? = nil)
        throws -> Data
    {
        let edits = try planEdits(
            original, input: .data(original, forceUTF8: false), object: object, file: file, warnings: warnings)
        return try Self.applying(edits, to: original)
    }

    /// Writes the changes a program made to a bound graph back into the document, given
    /// as a string, it was bound from.
    ///
    /// - Parameters:
    ///   - original: The document as it is.
    ///   - object: The root of the changed graph.
    ///   - file: A file name for diagnostics.
    ///   - warnings: Receives a warning for each change not placed exactly.
    /// - Returns: The updated document.
    /// - Throws: ``XMLBindError``, as ``update(_:with:file:warnings:)-(Data,_,_,_)`` does.
    public func update(_ original: String, with object: Any, file: String? = nil, warnings: WarningLog? = nil)
        throws -> String
    {
        let data = Data(original.utf8)
        let edits = try planEdits(
            data, input: .data(data, forceUTF8: true), object: object, file: file, warnings: warnings)
        return String(decoding: try Self.applying(edits, to: data), as: UTF8.self)
    }

    /// The edits ``update(_:with:file:warnings:)-(Data,_,_,_)`` makes, as byte ranges of
    /// `original` and their replacements, without applying them: for a tool that shows
    /// them, or applies them with others (``TextEdit/apply(_:to:)``).
    ///
    /// - Parameters:
    ///   - original: The document as it is, in UTF-8.
    ///   - object: The root of the changed graph.
    ///   - file: A file name for diagnostics.
    ///   - warnings: Receives a warning for each change not placed exactly.
    /// - Returns: The edits, none overlapping; empty when the graph binds as `original` does.
    /// - Throws: ``XMLBindError``, as ``update(_:with:file:warnings:)-(Data,_,_,_)`` does.
    public func updateEdits(_ original: Data, with object: Any, file: String? = nil, warnings: WarningLog? = nil)
        throws -> [TextEdit]
    {
        try planEdits(
            original, input: .data(original, forceUTF8: false), object: object, file: file, warnings: warnings)
    }

    /// Writes the changes a program made to a bound graph back into the file it was bound
    /// from, which is replaced only once the whole new document is written.
    ///
    /// The file is read through a memory map and the new document is written in pieces to
    /// a temporary file next to it, which then takes its place, as
    /// ``write(_:to:options:)-(_,URL,_)`` does (a crash leaves the old file or the new one,
    /// whole). A graph that binds as the file does leaves the file untouched.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - object: The root of the changed graph.
    ///   - file: The name diagnostics show; `nil` (the default) shows the file's path.
    ///   - warnings: Receives a warning for each change not placed exactly.
    /// - Throws: ``XMLBindError``, as ``update(_:with:file:warnings:)-(Data,_,_,_)`` does, or
    ///   with code ``XMLBindError/Code/io`` when the file cannot be read or replaced (it is
    ///   then unchanged).
    public func update(contentsOf url: URL, with object: Any, file: String? = nil, warnings: WarningLog? = nil)
        throws
    {
        try update(contentsOf: url, with: object, writingTo: url, file: file, warnings: warnings)
    }

    /// Writes the changes a program made to a bound graph into a copy of the file it was
    /// bound from, at `destination` (replaced whole, as ``update(contentsOf:with:file:warnings:)``
    /// replaces its file).
    ///
    /// - Parameters:
    ///   - url: The original's `file:` URL.
    ///   - object: The root of the changed graph.
    ///   - destination: Where the updated document goes; it may be `url`.
    ///   - file: The name diagnostics show; `nil` (the default) shows the original's path.
    ///   - warnings: Receives a warning for each change not placed exactly.
    /// - Throws: ``XMLBindError``, as ``update(contentsOf:with:file:warnings:)`` does.
    public func update(
        contentsOf url: URL, with object: Any, writingTo destination: URL, file: String? = nil,
        warnings: WarningLog? = nil
    ) throws {
        let original = try Self.mapping(url, file: file)
        // Bound from the file (read into expat's buffer in pieces past the whole-file limit),
        // outlined from the map.
        let edits = try planEdits(
            original, input: .file(url.path), object: object, file: file ?? url.path, warnings: warnings)
        try write(edits, appliedTo: original, from: url, to: destination)
    }

    // MARK: Planning

    /// Binds `original` once and records what an edit compares with: the bound graph's
    /// values (``GraphSnapshot``, recorded by the parse as it binds, see ``GraphRecorder``)
    /// and where the document holds them (``DocumentOutline``).
    ///
    /// - Parameter keepingGraph: Whether the bound graph is handed back (an edit session's
    ///   root). The one-call update does not keep it: the graph is released as soon as its
    ///   values are recorded, before the outline is scanned and the edits are planned, so
    ///   the call never holds the fresh graph, the record and the outline at once.
    func editingBasis(_ original: Data, input: Input, file: String?, keepingGraph: Bool) throws(XMLBindError) -> (
        basis: EditingBasis, outcome: ParseOutcome?
    ) {
        var isString = false
        if case .data(_, let forceUTF8) = input { isString = forceUTF8 }
        let snapshot: GraphSnapshot
        var kept: ParseOutcome?
        do {
            let made = GraphRecorder(registry: registry, prefixes: prefixes, expectedBytes: original.count)
            var outcome = try bind(input, file: file, recorder: made.recordsWhileBinding ? made : nil)
            // The parse hands its recorder back; one that recorded nothing records the whole graph.
            var recorder = outcome.recorder ?? made
            outcome.recorder = nil
            snapshot = try recorder.snapshot(root: outcome.root)
            if keepingGraph { kept = outcome }
        }
        let outline: DocumentOutline
        do {
            outline = try DocumentOutline(
                scanning: [UInt8](original), checksEncoding: !isString, expectedElements: snapshot.nodes.count)
        } catch {
            throw XMLBindError(
                code: .invalidEncoding, message: "cannot edit the document in place: \(error.message)",
                origin: Origin(file: file, line: 1, column: 1))
        }
        return (EditingBasis(original: original, file: file, outline: outline, snapshot: snapshot), kept)
    }

    /// Plans the edits that make the document of `basis` bind to `object`.
    func planEdits(_ basis: EditingBasis, object: Any, warnings: WarningLog?) throws(XMLBindError) -> [TextEdit] {
        var planner = EditPlanner(
            snapshot: basis.snapshot, outline: basis.outline,
            reader: GraphReader(registry: registry, prefixes: prefixes))
        try planner.planDocument(changed: object)
        if let warnings, !planner.notes.isEmpty {
            warnings.add(
                planner.notes.map { note in
                    diagnostic(
                        note.message, code: .inexactEdit, severity: .warning, atByteOffset: note.offset,
                        in: basis.original, file: basis.file)
                })
        }
        return planner.edits
    }

    /// Binds `original` again and plans the edits that make it bind to `object`.
    private func planEdits(_ original: Data, input: Input, object: Any, file: String?, warnings: WarningLog?)
        throws(XMLBindError) -> [TextEdit]
    {
        let basis = try editingBasis(original, input: input, file: file, keepingGraph: false).basis
        return try planEdits(basis, object: object, warnings: warnings)
    }

    /// Writes `original` with `edits` applied to `destination`, replacing it whole once
    /// written; nothing is written when there are no edits and `destination` is `source`.
    func write(_ edits: [TextEdit], appliedTo original: Data, from source: URL?, to destination: URL)
        throws(XMLBindError)
    {
        if edits.isEmpty, let source, destination.standardizedFileURL == source.standardizedFileURL { return }
        let replacement = try FileReplacement(replacing: destination.path)
        do {
            try TextEdit.apply(edits, to: original) { piece throws(XMLBindError) in try replacement.write(piece) }
        } catch {
            replacement.abort()
            throw error
        }
        try replacement.commit()
    }

    /// The file at `url`, read through a memory map.
    static func mapping(_ url: URL, file: String?) throws(XMLBindError) -> Data {
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw XMLBindError(
                code: .io, message: "cannot read '\(url.path)': \(Self.reason(error))",
                origin: Origin(file: file ?? url.path, line: 0, column: 0))
        }
    }

    static func applying(_ edits: [TextEdit], to original: Data) throws(XMLBindError) -> Data {
        do {
            return try TextEdit.apply(edits, to: original)
        } catch {
            // The planner makes edits that never overlap: this is a bug, reported as one.
            throw XMLBindError(code: .io, message: "cannot edit the document in place: \(error)")
        }
    }

    /// The system's reason a file could not be read (`No such file or directory`), from the
    /// error `Data(contentsOf:)` throws; the error itself when it carries none.
    private static func reason(_ error: any Error) -> String {
        // "NSUnderlyingError" is `NSUnderlyingErrorKey`, which FoundationEssentials does not declare.
        guard let underlying = (error as? CocoaError)?.userInfo["NSUnderlyingError"] as? POSIXError else {
            return "\(error)"
        }
        return String(cString: strerror(underlying.code.rawValue))
    }
}
