extension ClassDefinition {
    /// Keeps every child element that no other declaration of the mapping takes, as an
    /// ``XMLElementNode`` tree, and writes it back: XML Schema's `xs:any`, so that content
    /// of other vocabularies is not lost (a WSDL's `<types>` holding XML Schema, a SOAP
    /// header or fault detail, extension elements of a feed).
    ///
    /// ```swift
    /// final class Entry: Bindable {
    ///     var title: String?
    ///     var extensions: [XMLElementNode] = []
    ///     init() {}
    /// }
    /// mapping(Entry.self, element: "atom:entry")
    ///     .element(\.title, xml: "atom:title")
    ///     .otherElements(\.extensions, namespaces: .other(than: "http://www.w3.org/2005/Atom"))
    /// // <entry><title>A</title><media:thumbnail url="t.png"/></entry>: extensions holds the thumbnail
    /// ```
    ///
    /// Reading: a child element that no property, path, child slot or registered mapping
    /// takes, and whose namespace `namespaces` admits, is read with everything inside it
    /// (attributes with their namespaces, text, CDATA as text, the elements inside; the
    /// namespace declarations in force, so that prefixes in its values still resolve) and
    /// appended to the property, with its ``XMLElementNode/origin``. The parse's limits hold
    /// inside it as everywhere (depth, attributes, names, text). Elements outside
    /// `namespaces`, and those `.ignoring` names, stay unknown content: the policy decides.
    /// An element that a registered mapping binds, but that this mapping has no slot for,
    /// is kept as a tree too (so that it keeps its place among the children and the text),
    /// unless the type takes such children itself as an ``Ancestor`` or a
    /// ``ChildrenProvider``.
    ///
    /// Writing: the kept elements are written after the declared content, in their order,
    /// or, with ``childOrder(_:)``, in their places among the child objects (the order list
    /// then names each kept element as `{namespace}local`). Each element is written with
    /// its own prefix, declaring its namespace, its attributes' and its
    /// ``XMLElementNode/namespaceDeclarations`` where the document does not already bind
    /// them the same way; names and text are checked and escaped as any other.
    ///
    /// With ``mixedText(_:)`` (mixed content such as `xs:documentation`'s), a kept element
    /// stands among the text pieces as a child object does: the piece before it is its own,
    /// read and written. Beside child slots, its place among their objects needs
    /// ``childOrder(_:)``.
    ///
    /// Registration refuses combinations it could not honour: a second `.otherElements`,
    /// `.wholeText()` (elements inside the text are text), `.mixedText` beside child slots
    /// without `.childOrder`, keyed members, and an element reader (`.reading(with:)`).
    ///
    /// - Parameters:
    ///   - keyPath: The `[XMLElementNode]` property the elements are appended to.
    ///   - namespaces: The namespaces of the elements kept (`xs:any`'s `namespace`): any, by
    ///     default.
    /// - Returns: The definition that keeps the other elements.
    @inlinable
    public func otherElements(
        _ keyPath: WritableKeyPath<T, [XMLElementNode]> & Sendable, namespaces: ElementWildcard = .any
    ) -> Self {
        Self(declarations: declarations.setting(keptElements: KeptElementsSlot(keyPath, wildcard: namespaces)))
    }
}
