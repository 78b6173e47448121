import XMLBind

/// One attribute, child element, text or wildcard of a complex type: what becomes a
/// property of the generated class.
public struct Field: Sendable, Hashable {
    /// Where the field's value is in the XML.
    public enum Kind: Sendable, Hashable {
        /// An attribute of the element.
        case attribute
        /// A child element (a value of a simple type, or an object of a complex type).
        case element
        /// The element's own character data (simple content, or mixed content's text).
        case text
        /// Any child elements the declarations do not name (XML Schema's `xs:any`).
        case any
        /// Any attributes the declarations do not name (XML Schema's `xs:anyAttribute`).
        case anyAttribute
    }

    /// The XML name as the input spells it (the local name); empty for `.text`, `.any`
    /// and `.anyAttribute`.
    public var name: String
    /// The name's namespace: the target namespace for a qualified element or attribute,
    /// `nil` for an unqualified one.
    public var namespace: String?
    /// Whether an element in no namespace is also taken in its owner's (an rpc/literal part:
    /// SOAP stacks write them both ways), and so declared without `{}`.
    var acceptsOwnerNamespace = false
    /// For a wildcard (`xs:any`): the namespaces its elements may be in (its `namespace`
    /// attribute); `nil` for any other field, and for a wildcard that allows any namespace.
    var wildcard: ElementWildcard?
    /// Attribute, element, text or wildcard.
    public var kind: Kind
    /// The value's type; for a wildcard, `xs:anyType`.
    public var type: TypeReference
    /// How many times the field may appear.
    public var occurrence: Occurrence
    /// The value to use when the document gives none (XML Schema's `default`).
    public var defaultValue: String?
    /// The only value allowed, also used when the document gives none (`fixed`).
    public var fixedValue: String?
    /// Whether the element may say `xsi:nil="true"`.
    public var isNillable: Bool
    /// The input's documentation of the field.
    public var documentation: String?
    /// Where the field is declared in the input, for located warnings.
    public var origin: Origin?

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The XML local name (empty for text and wildcards).
    ///   - namespace: The name's namespace, `nil` when unqualified.
    ///   - kind: Attribute, element, text or wildcard.
    ///   - type: The value's type.
    ///   - occurrence: How many times it may appear.
    ///   - defaultValue: The default value's text.
    ///   - fixedValue: The fixed value's text.
    ///   - isNillable: Whether `xsi:nil` is allowed.
    ///   - documentation: The input's documentation.
    ///   - origin: Where it is declared.
    public init(
        name: String, namespace: String? = nil, kind: Kind, type: TypeReference,
        occurrence: Occurrence = .required, defaultValue: String? = nil, fixedValue: String? = nil,
        isNillable: Bool = false, documentation: String? = nil, origin: Origin? = nil
    ) {
        self.name = name
        self.namespace = namespace?.isEmpty == true ? nil : namespace
        self.kind = kind
        self.type = type
        self.occurrence = occurrence
        self.defaultValue = defaultValue
        self.fixedValue = fixedValue
        self.isNillable = isNillable
        self.documentation = documentation
        self.origin = origin
    }

    /// The field's qualified name (namespace and local name).
    public var qualifiedName: QualifiedName { QualifiedName(namespace: namespace, name) }
}
