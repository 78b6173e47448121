#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A document bound for editing in place: its root object, for the program to change, and
/// what the one parse that bound it saw, to write the changes back without parsing again.
///
/// Made by ``XMLBinder/parseForEditing(_:as:file:warnings:)-(Data,_,_,_)`` or
/// ``XMLBinder/parseForEditing(contentsOf:as:file:warnings:)``. As it binds, the binder
/// records each object's values as the writer writes them, and then where the document
/// holds them; ``updated(warnings:)`` then compares the graph under ``root`` with that
/// record, so it costs a walk of the graph and a copy of the bytes, not another parse (see
/// <doc:EditingInPlace>).
///
/// ```swift
/// var document = try binder.parseForEditing(data, as: Beans.self, file: "beans.xml")
/// document.root.beans[0].timeout = 60
/// let updated = try document.updated()
/// ```
///
/// Every update compares with the document as it was parsed: calling ``updated(warnings:)``
/// twice gives the same bytes, and changes made after the first call add to the ones before.
/// To edit the result further, parse it for editing again.
///
/// A session is `Sendable` when its `Root` is: what the parse recorded never changes, so a
/// session of a `Sendable` root type (a struct of values, or a final class of `let`s) can be
/// handed to another task. The classes most mappings bind to are not `Sendable`, and a session
/// of one stays with the code that changes it.
public struct EditableDocument<Root> {
    /// The root of the bound graph. Change the objects under it (or, for a value type,
    /// the root itself); the update writes what changed.
    public var root: Root
    let binder: XMLBinder
    let basis: EditingBasis
    /// The file the document was read from, for ``write(to:warnings:)``.
    let source: URL?

    init(root: Root, binder: XMLBinder, basis: EditingBasis, source: URL?) {
        self.root = root
        self.binder = binder
        self.basis = basis
        self.source = source
    }

    /// The document as it was parsed.
    public var original: Data { basis.original }

    /// The edits that make the original bind to ``root`` as it is now, as byte ranges of
    /// ``original`` and their replacements, without applying them.
    ///
    /// - Parameter warnings: Receives a warning (code ``XMLBindError/Code/inexactEdit``)
    ///   for each change not placed exactly.
    /// - Returns: The edits, none overlapping; empty when nothing changed.
    /// - Throws: ``XMLBindError``: the writer's errors for a value XML cannot hold.
    public func edits(warnings: WarningLog? = nil) throws -> [TextEdit] {
        try binder.planEdits(basis, object: root as Any, warnings: warnings)
    }

    /// The original document with the changes made to the graph under ``root`` written into
    /// it, as ``XMLBinder/update(_:with:file:warnings:)-(Data,_,_,_)`` writes them.
    ///
    /// - Parameter warnings: Receives a warning for each change not placed exactly.
    /// - Returns: The updated document; the original's bytes when nothing changed.
    /// - Throws: ``XMLBindError``: the writer's errors for a value XML cannot hold.
    public func updated(warnings: WarningLog? = nil) throws -> Data {
        try XMLBinder.applying(edits(warnings: warnings), to: basis.original)
    }

    /// Writes the updated document to `destination`, replacing it whole once written (a
    /// crash leaves the old file or the new one). When the document was read from
    /// `destination` and nothing changed, the file is left untouched.
    ///
    /// - Parameters:
    ///   - destination: A `file:` URL; it may be the file the document was read from.
    ///   - warnings: Receives a warning for each change not placed exactly.
    /// - Throws: ``XMLBindError``: the writer's errors, or code ``XMLBindError/Code/io``
    ///   when the file cannot be written (it is then unchanged).
    public func write(to destination: URL, warnings: WarningLog? = nil) throws {
        let edits = try binder.planEdits(basis, object: root as Any, warnings: warnings)
        try binder.write(edits, appliedTo: basis.original, from: source, to: destination)
    }
}

extension EditableDocument: Sendable where Root: Sendable {}
