extension ClassDefinition {
    /// Collects child objects: every completed child element whose object is a `C` is
    /// appended, in document order.
    ///
    /// Without `xml:`, the slot takes the child elements of the mappings registered for
    /// `C` (or its subclasses, or the types that conform to it), matched by their own
    /// element names. With `xml:`, it takes exactly the child elements of that name and
    /// binds them with the mapping registered for `C`: so two slots of one type can take
    /// different elements (`.children(\.inputs, xml: "input").children(\.outputs, xml: "output")`).
    /// A child that no child key path takes goes to ``Ancestor/addChild(_:)`` if the
    /// parent is an ``Ancestor``.
    ///
    /// When writing, every element of the array is written, in order, as the element the
    /// slot names, or else as the element its own type is registered for.
    ///
    /// - Parameters:
    ///   - keyPath: The array to append to.
    ///   - xml: The child elements' name: `local`, `prefix:local` or `{uri}local`. An
    ///     unprefixed name matches a child in no namespace or in the namespace of the
    ///     parent element (see <doc:Namespaces>).
    /// - Returns: The definition with the child collection added.
    @inlinable
    public func children<C>(_ keyPath: WritableKeyPath<T, [C]> & Sendable, xml: String? = nil) -> Self {
        adding(
            ChildSlot.make(
                keyPath, xml: xml, element: C.self,
                storeAt: { field, child in field.modify([C].self) { $0.append(child) } },
                store: { $0[keyPath: keyPath].append($1) },
                read: { $0[keyPath: keyPath].map { $0 as Any } },
                storeAll: ChildSlot.arrayStorer(C.self)))
    }

    /// Takes one child object: a completed child element whose object is a `C` is stored.
    ///
    /// Without `xml:`, the slot takes the child elements of the mappings registered for
    /// `C` (or its subclasses, or the types that conform to it); with `xml:`, exactly the
    /// child elements of that name, bound with the mapping registered for `C`, or the
    /// subclass's mapping their `xsi:type` names (``xsiType(_:)``)
    /// (`.child(\.request, xml: "request").child(\.response, xml: "response")`). A
    /// second child for the slot is an error in strict mode; in lenient mode the first
    /// one stays, with a warning.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The child element's name: `local`, `prefix:local` or `{uri}local`.
    /// - Returns: The definition with the child added.
    @inlinable
    public func child<C>(_ keyPath: WritableKeyPath<T, C?> & Sendable, xml: String? = nil) -> Self {
        adding(
            ChildSlot.make(
                keyPath, xml: xml, element: C.self,
                storeAt: { $0.store($1 as C?) },
                store: { $0[keyPath: keyPath] = $1 },
                read: { $0[keyPath: keyPath].map { [$0 as Any] } ?? [] }))
    }

    /// Takes one child object into a non-optional property: a completed child element
    /// whose object is a `C` is stored, replacing the value `init()` gave the property.
    ///
    /// Children are matched as for the optional form.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The child element's name: `local`, `prefix:local` or `{uri}local`.
    /// - Returns: The definition with the child added.
    @inlinable
    public func child<C>(_ keyPath: WritableKeyPath<T, C> & Sendable, xml: String? = nil) -> Self {
        adding(
            ChildSlot.make(
                keyPath, xml: xml, element: C.self,
                storeAt: { $0.store($1) },
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
    ///   - xml: The child elements' name, as for ``children(_:xml:)``.
    ///   - key: The child's property that holds its key (read once the child is complete).
    /// - Returns: The definition with the keyed children added.
    @inlinable
    public func children<C>(
        _ keyPath: WritableKeyPath<T, [String: C]> & Sendable, xml: String? = nil, key: KeyPath<C, String?> & Sendable
    ) -> Self {
        adding(ChildSlot.keyed(keyPath, xml: xml, key: { $0[keyPath: key] }))
    }

    /// Collects child objects into a map, keyed by one of their non-optional properties.
    ///
    /// - Parameters:
    ///   - keyPath: The dictionary to fill.
    ///   - xml: The child elements' name, as for ``children(_:xml:)``.
    ///   - key: The child's property that holds its key; an empty key counts as missing.
    /// - Returns: The definition with the keyed children added.
    @inlinable
    public func children<C>(
        _ keyPath: WritableKeyPath<T, [String: C]> & Sendable, xml: String? = nil, key: KeyPath<C, String> & Sendable
    ) -> Self {
        adding(ChildSlot.keyed(keyPath, xml: xml, key: { $0[keyPath: key] }))
    }
}
