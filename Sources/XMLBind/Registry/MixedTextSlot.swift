/// The property that keeps an element's text pieces in their places among its child
/// objects (`.mixedText`): mixed content, read and written back exactly.
///
/// `<p>The <em>new</em> one</p>` keeps `["The ", " one"]` beside the `<em>` object in its
/// slot: piece `i` comes before the `i`-th child object, the last piece after the last one.
@usableFromInline
struct MixedTextSlot: Sendable {
    /// Appends one piece to the object's list (held as itself).
    @usableFromInline let append: @Sendable (AnyObject, String) -> Void
    /// Reads the pieces back, for writing.
    @usableFromInline let read: @Sendable (AnyObject) -> [String]
    /// Whether the mapped type takes children itself (``Ancestor``, ``ChildrenProvider``):
    /// those children have no place among the pieces, so registration refuses the two.
    @usableFromInline let ownerTakesChildren: Bool

    @inlinable
    init<T: Bindable>(_ keyPath: WritableKeyPath<T, [String]> & Sendable) {
        let isClass = T.self is AnyClass
        self.append = { object, piece in
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(piece) }
        }
        self.read = { object in ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath] }
        self.ownerTakesChildren = T.self is any Ancestor.Type || T.self is any ChildrenProvider.Type
    }
}
