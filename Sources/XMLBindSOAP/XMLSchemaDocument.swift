/// One generated XML Schema: the declarations of one target namespace.
public struct XMLSchemaDocument: Sendable, Hashable {
    /// The schema's target namespace; `nil` for elements in no namespace.
    public var targetNamespace: String?
    /// The `<xs:schema>` element, without an XML declaration (as WSDL embeds it).
    public var element: String

    /// The schema as a document of its own, with an XML declaration, one element per line.
    public var document: String {
        // A schema has no text content, so a line break between any two tags changes nothing.
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        var depth = 0
        var rest = Substring(element)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[open...close]
            if tag.hasPrefix("</") { depth -= 1 }
            text += String(repeating: "  ", count: max(0, depth)) + tag + "\n"
            if !tag.hasPrefix("</"), !tag.hasSuffix("/>") { depth += 1 }
            rest = rest[rest.index(after: close)...]
        }
        return text
    }
}

/// Why a binder's mappings cannot be described by an XML Schema.
public struct XMLSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What cannot be described, naming the type and declaration.
    public var message: String

    /// `error: ` and the message.
    public var description: String { "error: \(message)" }
}
