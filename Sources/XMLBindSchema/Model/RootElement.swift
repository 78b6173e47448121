import XMLBind

/// An element a document may start with, or that other types refer to by `ref`: XML
/// Schema's global element, a DTD's element.
public struct RootElement: Sendable, Hashable {
    /// The element's name.
    public var name: QualifiedName
    /// Its content: usually a complex type of the model; a simple type for an element that
    /// holds only text.
    public var type: TypeReference
    /// Whether the element may say `xsi:nil="true"`.
    public var isNillable: Bool
    /// Whether the element only stands for its substitution group's members.
    public var isAbstract: Bool
    /// The head of the substitution group the element belongs to, if any.
    public var substitutionGroup: QualifiedName?
    /// The input's documentation of the element.
    public var documentation: String?
    /// Where the element is declared in the input.
    public var origin: Origin?
    /// Its identity constraints (XML Schema's `xs:key`, `xs:unique` and `xs:keyref`), checked
    /// by the generated mapping when an element is complete.
    public var identityConstraints: [IdentityConstraint] = []

    /// Creates a root element.
    ///
    /// - Parameters:
    ///   - name: The element's name.
    ///   - type: Its content type.
    ///   - isNillable: Whether `xsi:nil` is allowed.
    ///   - isAbstract: Whether only its substitution group's members appear.
    ///   - substitutionGroup: The head of its substitution group.
    ///   - documentation: The input's documentation.
    ///   - origin: Where it is declared.
    ///   - identityConstraints: Its keys, uniqueness constraints and key references.
    public init(
        name: QualifiedName, type: TypeReference, isNillable: Bool = false, isAbstract: Bool = false,
        substitutionGroup: QualifiedName? = nil, documentation: String? = nil, origin: Origin? = nil,
        identityConstraints: [IdentityConstraint] = []
    ) {
        self.identityConstraints = identityConstraints
        self.name = name
        self.type = type
        self.isNillable = isNillable
        self.isAbstract = isAbstract
        self.substitutionGroup = substitutionGroup
        self.documentation = documentation
        self.origin = origin
    }
}
