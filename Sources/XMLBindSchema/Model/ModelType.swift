import XMLBind

/// A named type of the model: complex (fields), or simple (an enumeration, a restriction
/// with facets, a list or a union).
public struct ModelType: Sendable, Hashable {
    /// What kind of type it is, with what that kind holds.
    public enum Kind: Sendable, Hashable {
        /// Attributes, child elements and text: a Swift class with properties.
        case complex(ComplexType)
        /// A closed set of strings: a Swift enum.
        case enumeration(EnumerationType)
        /// A built-in or named simple type with facets: the base's Swift type, checked.
        case restriction(SimpleRestriction)
        /// A whitespace-separated list of items of one simple type: a Swift array.
        case list(item: TypeReference)
        /// A value of any of the member types: kept as its text.
        case union(members: [TypeReference])
    }

    /// The type's name; an anonymous type gets one from its context (see the readers).
    public var name: QualifiedName
    /// What the type is.
    public var kind: Kind
    /// The input's documentation of the type.
    public var documentation: String?
    /// Where the type is declared in the input.
    public var origin: Origin?

    /// Creates a type.
    ///
    /// - Parameters:
    ///   - name: The type's name.
    ///   - kind: What the type is.
    ///   - documentation: The input's documentation.
    ///   - origin: Where it is declared.
    public init(name: QualifiedName, kind: Kind, documentation: String? = nil, origin: Origin? = nil) {
        self.name = name
        self.kind = kind
        self.documentation = documentation
        self.origin = origin
    }

    /// The complex type, if the type is one.
    public var complexType: ComplexType? {
        guard case .complex(let complex) = kind else { return nil }
        return complex
    }
}
