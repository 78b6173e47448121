extension ClassDefinition {
    /// Keeps the element's text pieces in their places among its child objects (mixed
    /// content), and writes them back there.
    ///
    /// ```swift
    /// protocol Inline {}
    /// final class Paragraph: Bindable {
    ///     var inlines: [any Inline] = []   // the child objects, in document order
    ///     var texts: [String] = []         // the text around them
    ///     init() {}
    /// }
    /// mapping(Paragraph.self, element: "p").children(\.inlines).mixedText(\.texts)
    /// // <p>The <em>new</em> one</p>: texts == ["The ", " one"], inlines == [<em>new</em>]
    /// ```
    ///
    /// Reading, piece `i` is the text before the `i`-th child object the element's slots
    /// take (in document order), and the last piece the text after the last one, so a
    /// parse leaves one piece more than there are child objects; an empty piece stands for
    /// no text. Text is decoded (entities, character references and CDATA sections are
    /// text) and kept whole, whitespace between elements included. Elements the mapping
    /// skips (`.ignoring`, an unknown-content policy) leave the text on their two sides as
    /// one piece.
    ///
    /// Writing, each piece is escaped and written before the child object of its index,
    /// and the pieces left over after the last child; a missing piece writes nothing.
    /// Nothing is indented inside the element, since whitespace there is text.
    ///
    /// Elements kept by ``otherElements(_:namespaces:)`` count as child objects: piece `i`
    /// is the text before the `i`-th child object or kept element.
    ///
    /// The objects must come in one order: one slot (`.child` or `.children`, an array of
    /// a protocol for several kinds), or slots ordered by ``childOrder(_:)`` (by type or
    /// declared with `xml:`, such as two elements of one type), which kept elements beside
    /// child slots need too. Registration
    /// refuses declarations whose place among the pieces cannot be kept: property elements
    /// (`.element`, `.property`, lists of values, paths), `.text`, keyed members, an
    /// element reader, and a type that is an ``Ancestor`` or a ``ChildrenProvider``.
    ///
    /// - Parameter keyPath: The `[String]` property to append the pieces to.
    /// - Returns: The definition with the pieces' property set.
    @inlinable
    public func mixedText(_ keyPath: WritableKeyPath<T, [String]> & Sendable) -> Self {
        Self(declarations: declarations.setting(mixedText: StringListSlot(keyPath)))
    }
}
