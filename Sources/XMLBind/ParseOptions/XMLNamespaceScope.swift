/// The namespace declarations in force at an element: each prefix and the URI it is bound
/// to, the default namespace under the prefix `""`.
///
/// Handed to an ``UnknownContentPolicy/callback(_:)`` policy with every unknown element
/// (``UnknownContent/scope``), so that a callback can resolve a prefix written in a value,
/// such as a SOAP fault code `soap:Client` or a type name `xs:string`. The `xml` prefix is
/// always bound (XML Namespaces, section 3). A default namespace undeclared with
/// `xmlns=""` is absent.
///
/// ```swift
/// // <env:Fault xmlns:env="http://www.w3.org/2003/05/soap-envelope"> … </env:Fault>
/// scope.resolve("env:Sender")   // XMLQualifiedName(namespace: "http://www.w3.org/2003/05/soap-envelope", …)
/// ```
public struct XMLNamespaceScope: Sendable, Hashable {
    /// The namespace `xml:` stands for, bound in every document.
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The URI of each declared prefix; `""` is the default namespace.
    public var bindings: [String: String]

    /// Creates a scope.
    ///
    /// - Parameter bindings: The URI of each prefix, `""` for the default namespace; the
    ///   `xml` prefix is added when missing.
    public init(_ bindings: [String: String] = [:]) {
        var bindings = bindings
        if bindings["xml"] == nil { bindings["xml"] = Self.xmlNamespace }
        self.bindings = bindings
    }

    /// The URI `prefix` is bound to (`""` or `nil`: the default namespace), or `nil`.
    public func namespace(forPrefix prefix: String?) -> String? {
        bindings[prefix ?? ""]
    }

    /// A qualified name written in a value (`prefix:local` or `local`) with its prefix
    /// resolved in this scope.
    ///
    /// An unprefixed name takes the default namespace, as XML Schema resolves a `QName`
    /// value; a prefix the scope does not bind leaves ``XMLQualifiedName/namespace`` `nil`.
    /// Whitespace around the name is removed.
    public func resolve(_ qualifiedName: String) -> XMLQualifiedName {
        var name = XMLQualifiedName(qualifiedName)
        name.namespace = namespace(forPrefix: name.prefix)
        return name
    }
}
