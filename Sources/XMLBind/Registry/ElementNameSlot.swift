/// The property that takes the element's own name (`.elementName`), for one type
/// registered for several elements.
@usableFromInline
struct ElementNameSlot: Sendable {
    /// Whether the name is stored as written (`prefix:local`) rather than its local part.
    @usableFromInline let qualified: Bool
    /// Stores the name in the object (held as itself).
    @usableFromInline let store: @Sendable (AnyObject, String) -> Void
    /// Reads the name back, for writing; `nil` when the property holds none.
    @usableFromInline let read: @Sendable (AnyObject) -> String?

    @inlinable
    init<T: Bindable, V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, qualified: Bool, wrap: @escaping @Sendable (String) -> V,
        unwrap: @escaping @Sendable (V) -> String?
    ) {
        let isClass = T.self is AnyClass
        self.qualified = qualified
        self.store = { object, name in
            let value = wrap(name)
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath] = value }
        }
        self.read = { object in unwrap(ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath]) }
    }
}
