/// What the binder does with an attribute or child element that no mapping declares.
public enum UnknownContentPolicy: Sendable {
    /// Report an error (binding goes on, so that the parse finds every problem, and then
    /// throws). Unknown elements are skipped with everything inside them.
    case error
    /// Report a warning and skip the content; the parse still succeeds.
    case warning
    /// Skip the content silently.
    case ignore
    /// Skip the content and tell the closure about it, as it is read: its name, where it
    /// is, an element's attributes, an attribute's value, and the namespace scope (see
    /// ``UnknownContent``). Only this policy makes those values; the others cost nothing
    /// for them.
    case callback(@Sendable (UnknownContent) -> Void)
}

/// An attribute or element that no mapping declares, as handed to an
/// ``UnknownContentPolicy/callback(_:)`` policy.
public struct UnknownContent: Sendable, Hashable {
    /// Whether the content is an attribute or an element.
    public enum Kind: Sendable, Hashable {
        case attribute
        case element
    }

    /// Attribute or element.
    public var kind: Kind
    /// The qualified name as written, such as `init-method` or `xsi:type`.
    public var name: String
    /// The namespace URI of the name, if it has one.
    public var namespace: String?
    /// The element it is on (for an attribute) or in (for an element), as written; `nil`
    /// for an unknown root element.
    public var parent: String?
    /// Where it is: the attribute's name, or the element's `<`.
    public var origin: Origin?
    /// For an element: its attributes as written, each with its namespace URI, in
    /// document order (namespace declarations are not attributes here: see ``scope``).
    /// Empty for an attribute.
    public var attributes: [XMLAttribute] = []
    /// For an attribute: its value, entities decoded. `nil` for an element.
    public var value: String?
    /// The namespace declarations in force at the element (for an attribute, at the element
    /// it is on), its own included: for resolving prefixes written in values, such as a
    /// SOAP fault code or the `xsi:type` of skipped content.
    public var scope: XMLNamespaceScope?

    /// Creates a description of unknown content, as a policy callback receives it (for
    /// tests of code that handles it).
    ///
    /// - Parameters:
    ///   - kind: Attribute or element.
    ///   - name: The qualified name as written.
    ///   - namespace: The name's namespace URI.
    ///   - parent: The element it is on or in.
    ///   - origin: Where it is.
    ///   - attributes: An element's attributes.
    ///   - value: An attribute's value.
    ///   - scope: The namespace declarations in force.
    public init(
        kind: Kind, name: String, namespace: String? = nil, parent: String? = nil, origin: Origin? = nil,
        attributes: [XMLAttribute] = [], value: String? = nil, scope: XMLNamespaceScope? = nil
    ) {
        self.kind = kind
        self.name = name
        self.namespace = namespace
        self.parent = parent
        self.origin = origin
        self.attributes = attributes
        self.value = value
        self.scope = scope
    }
}
