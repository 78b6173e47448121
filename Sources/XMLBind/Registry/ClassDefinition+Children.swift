extension ClassDefinition {
    /// Collects child objects: every completed child element whose object is a `C` is
    /// appended, in document order.
    ///
    /// The child elements must be registered themselves. A child that no child key path
    /// takes goes to ``Ancestor/addChild(_:)`` if the parent is an ``Ancestor``.
    ///
    /// When writing, every element of the array is written, in order, as the element its
    /// own type is registered for.
    ///
    /// - Parameter keyPath: The array to append to.
    /// - Returns: The definition with the child collection added.
    @inlinable
    public func children<C>(_ keyPath: WritableKeyPath<T, [C]> & Sendable) -> Self {
        adding(
            ChildSlot.make(
                keyPath, element: C.self,
                storeAt: { $0.assumingMemoryBound(to: [C].self).pointee.append($1) },
                store: { $0[keyPath: keyPath].append($1) },
                read: { $0[keyPath: keyPath].map { $0 as Any } },
                storeAll: ChildSlot.arrayStorer(C.self)))
    }

    /// Takes one child object: a completed child element whose object is a `C` is stored
    /// (a later one replaces an earlier one).
    ///
    /// - Parameter keyPath: The optional property to set.
    /// - Returns: The definition with the child added.
    @inlinable
    public func child<C>(_ keyPath: WritableKeyPath<T, C?> & Sendable) -> Self {
        adding(
            ChildSlot.make(
                keyPath, element: C.self,
                storeAt: { $0.assumingMemoryBound(to: C?.self).pointee = $1 },
                store: { $0[keyPath: keyPath] = $1 },
                read: { $0[keyPath: keyPath].map { [$0 as Any] } ?? [] }))
    }

    /// Takes one child object into a non-optional property: a completed child element
    /// whose object is a `C` is stored (a later one replaces an earlier one).
    ///
    /// - Parameter keyPath: The property to set.
    /// - Returns: The definition with the child added.
    @inlinable
    public func child<C>(_ keyPath: WritableKeyPath<T, C> & Sendable) -> Self {
        adding(
            ChildSlot.make(
                keyPath, element: C.self,
                storeAt: { $0.assumingMemoryBound(to: C.self).pointee = $1 },
                store: { $0[keyPath: keyPath] = $1 },
                read: { [$0[keyPath: keyPath] as Any] }))
    }

    /// Collects child objects into a map, keyed by one of their properties.
    ///
    /// ```swift
    /// mapping(Catalog.self, element: "catalog").children(\.typesByID, key: \.id)   // [String: MimeType]
    /// ```
    ///
    /// A child without a key, or with a key already in the map, is an error at the child
    /// (a repeated key with a note at the first). Written back sorted by key, so the bytes
    /// are the same every time.
    ///
    /// - Parameters:
    ///   - keyPath: The dictionary to fill.
    ///   - key: The child's property that holds its key (read once the child is complete).
    /// - Returns: The definition with the keyed children added.
    @inlinable
    public func children<C>(
        _ keyPath: WritableKeyPath<T, [String: C]> & Sendable, key: KeyPath<C, String?> & Sendable
    ) -> Self {
        adding(ChildSlot.keyed(keyPath, key: { $0[keyPath: key] }))
    }

    /// Collects child objects into a map, keyed by one of their non-optional properties.
    ///
    /// - Parameters:
    ///   - keyPath: The dictionary to fill.
    ///   - key: The child's property that holds its key; an empty key counts as missing.
    /// - Returns: The definition with the keyed children added.
    @inlinable
    public func children<C>(
        _ keyPath: WritableKeyPath<T, [String: C]> & Sendable, key: KeyPath<C, String> & Sendable
    ) -> Self {
        adding(ChildSlot.keyed(keyPath, key: { $0[keyPath: key] }))
    }
}
