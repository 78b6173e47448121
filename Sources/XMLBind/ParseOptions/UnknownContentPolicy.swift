/// What the binder does with an attribute or child element that no mapping declares.
public enum UnknownContentPolicy: Sendable {
    /// Report an error (binding goes on, so that the parse finds every problem, and then
    /// throws). Unknown elements are skipped with everything inside them.
    case error
    /// Report a warning and skip the content; the parse still succeeds.
    case warning
    /// Skip the content silently.
    case ignore
    /// Skip the content and tell the closure about it, as it is read.
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
}
