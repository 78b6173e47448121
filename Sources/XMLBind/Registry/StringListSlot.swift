/// A `[String]` property a mapping keeps beside its declarations, appended to while an
/// element is read and read back to write it: the names of its child objects in document
/// order (`.childOrder`), or its text pieces among them (`.mixedText`).
///
/// fontconfig's `<fontconfig>` holds `<dir>`, `<match>`, `<alias>`… interleaved, and their
/// order matters (a later `<match>` overrides an earlier one): typed slots keep the objects
/// by kind, the names keep the order. `<p>The <em>new</em> one</p>` keeps `["The ", " one"]`
/// beside the `<em>` object: piece `i` comes before the `i`-th child object, the last piece
/// after the last one.
@usableFromInline
struct StringListSlot: Sendable {
    /// Appends one string to the object's list (held as itself).
    @usableFromInline let append: @Sendable (AnyObject, String) -> Void
    /// Reads the list back, for writing.
    @usableFromInline let read: @Sendable (AnyObject) -> [String]

    @inlinable
    init<T: Bindable>(_ keyPath: WritableKeyPath<T, [String]> & Sendable) {
        let isClass = T.self is AnyClass
        self.append = { object, string in
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(string) }
        }
        self.read = { object in ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath] }
    }
}
