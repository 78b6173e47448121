extension ClassDefinition {
    /// Stores the element's own name in a property, for one type registered for several
    /// elements.
    ///
    /// ```swift
    /// // fontconfig: <string>, <int>, <double>, <bool>, <const> are all values
    /// let value = { (name: String) in
    ///     mapping(FontValue.self, element: name).elementName(\.kind).text(\.value)
    /// }
    /// XMLBinder().register(value("string"), value("int"), value("bool"), value("const"), …)
    /// ```
    ///
    /// Writing uses the property to choose among the type's registrations: an object whose
    /// `kind` is `"int"` is written as `<int>`.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - qualified: Whether to store the name as the document writes it (`fc:int`)
    ///     instead of its local part (`int`).
    /// - Returns: The definition with the name's property set.
    @inlinable
    public func elementName(_ keyPath: WritableKeyPath<T, String> & Sendable, qualified: Bool = false) -> Self {
        Self(
            declarations: declarations.setting(
                elementName: ElementNameSlot(keyPath, qualified: qualified, wrap: { $0 }, unwrap: { $0 })))
    }

    /// Stores the element's own name in an optional property.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - qualified: Whether to store the name as the document writes it.
    /// - Returns: The definition with the name's property set.
    @inlinable
    public func elementName(_ keyPath: WritableKeyPath<T, String?> & Sendable, qualified: Bool = false) -> Self {
        Self(
            declarations: declarations.setting(
                elementName: ElementNameSlot(keyPath, qualified: qualified, wrap: { $0 }, unwrap: { $0 })))
    }

    /// Keeps the element names of this element's child objects in document order, beside
    /// the typed slots that hold the objects, and writes the children back in that order.
    ///
    /// ```swift
    /// mapping(FontConfig.self, element: "fontconfig")
    ///     .children(\.dirs)        // [Directory], from <dir>
    ///     .children(\.matches)     // [Match], from <match>
    ///     .childOrder(\.order)     // ["dir", "match", "dir"] for <dir/><match/><dir/>
    /// ```
    ///
    /// Each child object placed in one of the element's slots adds its element's local
    /// name: the slot's name for a slot declared with `xml:` (so that `<b>` and `<i>` of one
    /// type, `.children(\.bold, xml: "b").children(\.italic, xml: "i")`, keep their order),
    /// else the name its mapping is registered for. Writing takes the slots' children in the
    /// order the names give (the next unwritten child whose element has that name), then any
    /// children the names do not account for (added by the program), slot by slot in
    /// declaration order; names that match no child left are skipped. Elements kept by
    /// ``otherElements(_:namespaces:)`` are named `{namespace}local` (`{}local` in no
    /// namespace), which no slot's name is, and written in their places too. Slots through a path
    /// (`xml: "list/item"`) keep their own place, inside their path's elements.
    ///
    /// The names are local names, so registration refuses two slots that could give their
    /// children the same one (`{urn:a}x` and `{urn:b}x`, or a slot's `xml:` name and an
    /// element another slot takes by type): the writer could not tell which comes next.
    ///
    /// - Parameter keyPath: The `[String]` property to append the names to.
    /// - Returns: The definition with the order's property set.
    @inlinable
    public func childOrder(_ keyPath: WritableKeyPath<T, [String]> & Sendable) -> Self {
        Self(declarations: declarations.setting(childOrder: StringListSlot(keyPath)))
    }

    /// Makes this mapping the one for its element when the element says `xsi:type="name"`,
    /// so that several types can share one element, as a polymorphic slot needs.
    ///
    /// ```swift
    /// XMLBinder(prefixes: ["geo": "urn:geo"]).register(
    ///     mapping(Drawing.self, element: "drawing").children(\.shapes),          // [any Shape]
    ///     mapping(Circle.self, element: "shape").xsiType("geo:Circle").attribute(\.radius),
    ///     mapping(Square.self, element: "shape").xsiType("geo:Square").attribute(\.side))
    /// // <shape xsi:type="g:Circle" radius="2"/> with xmlns:g="urn:geo" is a Circle
    /// ```
    ///
    /// The document's value is a qualified name, resolved through its own namespace
    /// declarations; an unprefixed `name` matches the local name in any namespace. A mapping
    /// of the element without `.xsiType` takes elements with no `xsi:type`; an `xsi:type`
    /// that names none of the mappings is an error. Writing puts the `xsi:type` back.
    ///
    /// In a slot declared with `xml:` (`.child(\.billTo, xml: "billTo")`), the element's
    /// `xsi:type` chooses among the `.xsiType` mappings of the slot's class and its
    /// subclasses, whatever element they name; a type of another class is an error.
    ///
    /// - Parameter name: The type's name: `Circle`, `prefix:Circle` or `{uri}Circle`.
    /// - Returns: The definition chosen by that type.
    @inlinable
    public func xsiType(_ name: String) -> Self {
        Self(declarations: declarations.setting(schemaType: name))
    }

    /// Skips child elements (and their content) or attributes of this name without a
    /// word, while everything else the mapping does not declare is still reported.
    ///
    /// ```swift
    /// mapping(MimeType.self, element: "mime-type")
    ///     .ignoring("treemagic").ignoring("magic").ignoring("@priority")
    /// ```
    ///
    /// - Parameter name: An element name (`treemagic`, `prefix:local`, `{uri}local`), or
    ///   an attribute name written `@name`.
    /// - Returns: The definition with the name ignored.
    @inlinable
    public func ignoring(_ name: String) -> Self {
        Self(declarations: declarations.ignoring(name: name, namespace: nil))
    }

    /// Skips child elements and attributes in a namespace without a word.
    ///
    /// ```swift
    /// mapping(Node.self, element: "node").ignoring(namespace: "http://www.freedesktop.org/dbus/1.0/doc.dtd")
    /// ```
    ///
    /// - Parameter namespace: The namespace URI.
    /// - Returns: The definition with the namespace ignored.
    @inlinable
    public func ignoring(namespace: String) -> Self {
        Self(declarations: declarations.ignoring(name: nil, namespace: namespace))
    }
}
