/// An element of any vocabulary, kept as a tree: what a mapping's
/// ``ClassDefinition/otherElements(_:namespaces:)`` slot holds for each child element that no
/// other declaration takes, and writes back in its place.
///
/// It keeps the element's information set: its name (namespace URI, local name, and the
/// prefix it was written with), its attributes with their namespaces, the namespace
/// declarations it needs (for QNames written in values, such as an XML Schema's
/// `type="xs:string"` or a SOAP fault's code), and its content in order: child elements
/// and text (CDATA sections read as text; comments and processing instructions are not
/// kept).
///
/// ```swift
/// // <wsdl:types><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:a">…
/// let schema = types.other[0]
/// schema.namespace        // "http://www.w3.org/2001/XMLSchema"
/// schema.localName        // "schema"
/// schema[attribute: "targetNamespace"]   // "urn:a"
/// ```
///
/// Two nodes are equal when their information is: the ``origin`` is not compared.
public struct XMLElementNode: Sendable, Hashable, CustomStringConvertible {
    /// One piece of an element's content.
    public indirect enum Content: Sendable, Hashable {
        /// A child element.
        case element(XMLElementNode)
        /// Character data, entities and character references decoded (CDATA included).
        case text(String)
    }

    /// The qualified name as written: `local` or `prefix:local`.
    public var name: String
    /// The element's namespace URI, or `nil` for an element in no namespace.
    public var namespace: String?
    /// The attributes in document order (namespace declarations are not attributes).
    public var attributes: [XMLAttribute]
    /// Namespace declarations to write on the element, by prefix (`""` for the default
    /// namespace): a read element has those in force where it was read (the outermost
    /// kept element all of them, each element inside it the ones it declares itself), so
    /// that prefixes in its values still resolve once it is written elsewhere. The writer
    /// leaves out those already in force with the same URI.
    public var namespaceDeclarations: [String: String]
    /// The element's content, in document order.
    public var content: [Content]
    /// Where the element's start tag was read; `nil` for an element made by a program.
    /// Not part of equality.
    public var origin: Origin?

    /// Creates an element.
    ///
    /// - Parameters:
    ///   - name: The qualified name: `local` or `prefix:local`.
    ///   - namespace: Its namespace URI, or `nil`. For a prefixed name the writer declares
    ///     the prefix for this URI where it is not already.
    ///   - attributes: Its attributes.
    ///   - namespaceDeclarations: Further declarations to write on it (see
    ///     ``namespaceDeclarations``).
    ///   - content: Its child elements and text, in order.
    ///   - origin: Where it was read, if it was.
    public init(
        name: String, namespace: String? = nil, attributes: [XMLAttribute] = [],
        namespaceDeclarations: [String: String] = [:], content: [Content] = [], origin: Origin? = nil
    ) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.namespaceDeclarations = namespaceDeclarations
        self.content = content
        self.origin = origin
    }

    /// The name's prefix, or `nil` when it has none.
    public var prefix: String? {
        name.firstIndex(of: ":").map { String(name[..<$0]) }
    }

    /// The name without its prefix.
    public var localName: String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    /// The child elements, in order.
    public var elements: [XMLElementNode] {
        content.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The element's own text: its text pieces joined, its children's text left out.
    public var text: String {
        content.reduce(into: "") { if case .text(let piece) = $1 { $0 += piece } }
    }

    /// The value of the attribute with this qualified name, if the element has one.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// `{namespace}name`, for messages.
    public var description: String {
        namespace.map { "{\($0)}\(localName)" } ?? name
    }

    /// Whether two elements hold the same information: names, namespaces, attributes,
    /// declarations and content; their origins are not compared.
    public static func == (left: XMLElementNode, right: XMLElementNode) -> Bool {
        left.name == right.name && left.namespace == right.namespace && left.attributes == right.attributes
            && left.namespaceDeclarations == right.namespaceDeclarations && left.content == right.content
    }

    /// Hashes what ``==(_:_:)`` compares: everything but the origin.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(namespace)
        hasher.combine(attributes)
        hasher.combine(namespaceDeclarations)
        hasher.combine(content)
    }
}
