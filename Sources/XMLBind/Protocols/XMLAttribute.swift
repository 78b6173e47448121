/// An attribute as an ``AttributeContainer`` receives and gives it: its qualified name,
/// its namespace URI and its value.
///
/// ```swift
/// // <config xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:a a.xsd"/>
/// XMLAttribute(name: "xsi:schemaLocation", namespace: "http://www.w3.org/2001/XMLSchema-instance",
///              value: "urn:a a.xsd")
/// ```
public struct XMLAttribute: Sendable, Hashable {
    /// The qualified name as written: `init-method`, `xsi:schemaLocation`.
    public var name: String
    /// The namespace URI the name's prefix is bound to; `nil` for an attribute in no
    /// namespace (every unprefixed attribute). When writing, `nil` on a prefixed name
    /// means: the URI the binder's `prefixes:` map gives the prefix.
    public var namespace: String?
    /// The value, with entities and character references decoded.
    public var value: String

    /// Creates an attribute.
    ///
    /// - Parameters:
    ///   - name: The qualified name: `local` or `prefix:local`.
    ///   - namespace: The namespace URI of a prefixed name, or `nil`.
    ///   - value: The value, unescaped.
    public init(name: String, namespace: String? = nil, value: String) {
        self.name = name
        self.namespace = namespace
        self.value = value
    }

    /// The name's prefix, or `nil` when it has none.
    public var prefix: String? {
        name.firstIndex(of: ":").map { String(name[..<$0]) }
    }

    /// The name without its prefix.
    public var localName: String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }
}
