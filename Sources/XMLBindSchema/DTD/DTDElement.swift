import XMLBind

/// An element type declaration, `<!ELEMENT name content>`.
public struct DTDElement: Sendable, Hashable {
    /// The element's name as the DTD spells it.
    public var name: String
    /// What the element may contain.
    public var content: DTDContentModel
    /// The comment just before the declaration, if any, trimmed: the DTD's documentation
    /// of the element.
    public var documentation: String?
    /// Where the declaration starts (its `<`), in the DTD.
    public var origin: Origin?

    /// Creates an element type declaration.
    ///
    /// - Parameters:
    ///   - name: The element's name.
    ///   - content: Its content model.
    ///   - documentation: The comment before it.
    ///   - origin: Where it is declared.
    public init(name: String, content: DTDContentModel, documentation: String? = nil, origin: Origin? = nil) {
        self.name = name
        self.content = content
        self.documentation = documentation
        self.origin = origin
    }
}
