import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `${…}` text of every value a parse substituted, so that writing the objects back
/// can restore the references instead of the resolved values.
///
/// With ``ParseOptions/substitution`` set, a parse binds resolved values: a password
/// taken from the environment ends up in the object, and writing the object back with
/// ``XMLBinder/xml(from:options:)`` writes the password, not `${DB_PASSWORD}`. To write
/// the original text back, parse with a record and write with it:
///
/// ```swift
/// let record = SubstitutionRecord()
/// let config = try binder.parse(data, as: Config.self, file: "app.xml", recordingSubstitutionsIn: record)
/// var options = WritingOptions()
/// options.restoresSubstitutions = record
/// let xml = try binder.xml(from: config, options: options)   // password="${DB_PASSWORD}"
/// ```
///
/// A property's original text is written only while its value still reads as it was
/// substituted: a value the program changed since is written as it is now. The record
/// keeps the objects it knows alive; make one per document you mean to write back. It
/// knows objects by identity, so it covers properties of classes, not of structs (a
/// struct is copied out of the parse); a struct's substituted values are written resolved.
public final class SubstitutionRecord: @unchecked Sendable {
    /// One substituted value: the text as the document wrote it and as it was resolved.
    struct Entry {
        var original: String
        var resolved: String
    }

    private struct Key: Hashable {
        var object: ObjectIdentifier
        var binding: ObjectIdentifier
        var property: Int
    }

    // Guarded by `lock`: parses and writes may run on any thread. The lock guards the
    // properties beside it rather than holding them, since the objects come from callers.
    private let lock = Mutex(())
    private var entries: [Key: Entry] = [:]
    /// The objects the keys name, kept alive so that their identifiers are not reused.
    private var objects: [ObjectIdentifier: AnyObject] = [:]

    /// Creates an empty record.
    public init() {}

    /// How many substituted values the record holds.
    public var count: Int {
        lock.withLock { _ in entries.count }
    }

    /// Notes a substituted value of property `index` of `object`, bound by `binding`.
    func note(_ object: AnyObject, binding: ElementBinding, property index: Int, original: String, resolved: String) {
        let key = Key(object: ObjectIdentifier(object), binding: ObjectIdentifier(binding), property: index)
        lock.withLock { _ in
            objects[key.object] = object
            entries[key] = Entry(original: original, resolved: resolved)
        }
    }

    /// The text to write for a property whose value now reads `current`: the original
    /// `${…}` text when it was substituted and still reads as resolved, else `nil`.
    func original(of object: AnyObject, binding: ElementBinding, property index: Int, current: String) -> String? {
        let key = Key(object: ObjectIdentifier(object), binding: ObjectIdentifier(binding), property: index)
        guard let entry = lock.withLock({ _ in entries[key] }) else { return nil }
        let unchanged =
            current == entry.resolved || current == XMLWhitespace.trimmed(entry.resolved)
        return unchanged ? entry.original : nil
    }
}
