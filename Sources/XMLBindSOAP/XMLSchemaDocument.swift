/// One generated XML Schema: the declarations of one target namespace.
public struct XMLSchemaDocument: Sendable, Hashable {
    /// The schema's target namespace; `nil` for elements in no namespace.
    public var targetNamespace: String?
    /// The `<xs:schema>` element, without an XML declaration (as WSDL embeds it).
    public var element: String

    /// The schema as a document of its own, with an XML declaration.
    public var document: String { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + element + "\n" }
}

/// Why a binder's mappings cannot be described by an XML Schema.
public struct XMLSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What cannot be described, naming the type and declaration.
    public var message: String

    public var description: String { "error: \(message)" }
}
