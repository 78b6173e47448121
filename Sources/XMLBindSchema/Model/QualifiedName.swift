/// A name in a namespace: XML Schema's `QName` as resolved, `{namespace}localName`.
public struct QualifiedName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The namespace URI; `nil` for a name in no namespace.
    public var namespace: String?
    /// The local part.
    public var localName: String

    /// Creates a qualified name.
    ///
    /// - Parameters:
    ///   - namespace: The namespace URI, `nil` (or empty) for none.
    ///   - localName: The local part.
    public init(namespace: String? = nil, _ localName: String) {
        self.namespace = namespace?.isEmpty == true ? nil : namespace
        self.localName = localName
    }

    /// Clark notation, `{uri}local`, or the bare local name in no namespace: the form the
    /// core's `mapping(…)` accepts.
    public var description: String {
        guard let namespace else { return localName }
        return "{\(namespace)}\(localName)"
    }

    /// Orders by namespace (none first), then local name: a stable order for output.
    public static func < (lhs: QualifiedName, rhs: QualifiedName) -> Bool {
        ((lhs.namespace ?? ""), lhs.localName) < ((rhs.namespace ?? ""), rhs.localName)
    }
}
