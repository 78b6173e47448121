/// The property that keeps the names of an element's child objects in document order
/// (`.childOrder`), beside the typed slots that hold the objects.
///
/// fontconfig's `<fontconfig>` holds `<dir>`, `<match>`, `<alias>`… interleaved, and their
/// order matters (a later `<match>` overrides an earlier one). Typed slots (`dirs`,
/// `matches`) keep the objects by kind; this property keeps the order, and the writer
/// follows it.
@usableFromInline
struct ChildOrderSlot: Sendable {
    /// Appends one child's element name to the object's list (held as itself).
    @usableFromInline let append: @Sendable (AnyObject, String) -> Void
    /// Reads the names back, for writing.
    @usableFromInline let read: @Sendable (AnyObject) -> [String]

    @inlinable
    init<T: Bindable>(_ keyPath: WritableKeyPath<T, [String]> & Sendable) {
        let isClass = T.self is AnyClass
        self.append = { object, name in
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(name) }
        }
        self.read = { object in ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath] }
    }
}
