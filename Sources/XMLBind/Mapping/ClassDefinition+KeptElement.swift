extension ClassDefinition {
    /// Keeps the child element of one name whole, as an ``XMLElementNode`` tree, and writes
    /// it back in its place: XML Schema's element of type `xs:anyType` (or declared with no
    /// type), whose content may be any markup.
    ///
    /// ```swift
    /// final class Setting: Bindable {
    ///     var name = ""
    ///     var value: XMLElementNode?
    ///     init() {}
    /// }
    /// mapping(Setting.self, element: "setting")
    ///     .element(\.name, xml: "name")
    ///     .element(\.value, xml: "value")
    /// // <setting><name>a</name><value>1 <b>or</b> 2</value></setting>:
    /// // value holds <value> with its text and its <b>, and writes them back
    /// ```
    ///
    /// The element is read as ``otherElements(_:namespaces:)`` reads the elements it keeps,
    /// with everything inside it (attributes with their namespaces, text, the elements inside,
    /// the namespace declarations in force) and its ``XMLElementNode/origin``; the parse's
    /// limits hold inside it as everywhere. Its name matches as a property element's does
    /// (`value`: in no namespace or in the parent's; `p:value` or `{uri}value`: in that
    /// namespace). A second such element for an `XMLElementNode?` is given more than once: an
    /// error, or, lenient, a warning that keeps the first (a property that `init()` leaves
    /// non-`nil` counts as given: leave it `nil`).
    ///
    /// Writing: the element is written where it is declared among the other declarations (or,
    /// with ``childOrder(_:)``, in its place among the child objects and kept elements: the
    /// order list names it as `{namespace}local`), as it was read: its own name, prefix and
    /// content, its namespaces declared where the document does not bind them the same way.
    /// An element a program makes is written with the name it holds (give it the declared
    /// one, so that it reads back); `nil` writes nothing. With
    /// ``mixedText(_:)``, it stands among the text pieces as a kept element does.
    ///
    /// Registration refuses what it could not honour: the name also taken by another
    /// declaration, a path or an attribute as its name, `.wholeText()` beside it (elements
    /// inside that text are text), keyed members, and an element reader. Modifiers such as
    /// `.required()` do not apply to it.
    ///
    /// - Parameters:
    ///   - keyPath: The `XMLElementNode?` property that holds the element.
    ///   - xml: The element's name; the property's name by default.
    /// - Returns: The definition that keeps the element.
    @inlinable
    public func element(_ keyPath: WritableKeyPath<T, XMLElementNode?> & Sendable, xml: String? = nil) -> Self {
        Self(declarations: declarations.adding(NamedKeptSlot(keyPath, xml: xml)))
    }

    /// Keeps every child element of one name whole, as ``XMLElementNode`` trees in document
    /// order, and writes them back in their place: a repeated element of type `xs:anyType`.
    ///
    /// ```swift
    /// mapping(Entry.self, element: "entry")
    ///     .elements(\.notes, xml: "note")   // var notes: [XMLElementNode] = []
    /// ```
    ///
    /// Reading, writing and what registration refuses are as for `.element(_:xml:)` of an `XMLElementNode?`.
    ///
    /// - Parameters:
    ///   - keyPath: The `[XMLElementNode]` property the elements are appended to.
    ///   - xml: The elements' name; the property's name by default.
    /// - Returns: The definition that keeps the elements.
    @inlinable
    public func elements(_ keyPath: WritableKeyPath<T, [XMLElementNode]> & Sendable, xml: String? = nil) -> Self {
        Self(declarations: declarations.adding(NamedKeptSlot(keyPath, xml: xml)))
    }
}
