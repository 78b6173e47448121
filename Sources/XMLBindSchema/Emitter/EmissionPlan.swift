/// What the emitter decided before writing a line: the Swift name of every type and
/// property, which types become classes and enums, and which facet-checking conversions
/// the values need.
///
/// Every choice here is made in a fixed order (types sorted by their XML names), so the
/// same model always gives the same names, and the same bytes.
struct EmissionPlan {
    /// A class to write: a complex type, or a wrapper for a root element of simple type.
    struct PlannedClass {
        var swiftName: String
        var xmlName: QualifiedName
        var documentation: String?
        var fields: [PlannedField]
        /// The elements the class is registered for, the first being its home.
        var elementNames: [QualifiedName]
        /// Choices, by indexes in ``fields``.
        var choices: [[Int]]
        /// Whether the children's document order is kept (``ComplexType/keepsChildOrder``).
        var keepsChildOrder = false
        /// Whether a superclass declares the `childOrder` property already.
        var inheritsChildOrder = false
        /// Elements the class is registered for with `.xsiType(…)`: where a derived type stands
        /// for its declared base (see ``PolymorphismPlan``).
        var typedElementNames: [(element: QualifiedName, xsiType: QualifiedName)] = []
        /// The class's superclass, the Swift name of its base type's class, in a family.
        var superclass: String?
        /// Whether other classes derive from this one.
        var hasSubclasses = false
        /// Whether the class records its element's name (`.elementName`), as family types do.
        var recordsElementName = false
        /// Whether a superclass already keeps other attributes or elements.
        var inheritsOtherAttributes = false
        var inheritsOtherElements = false
        /// Protocols the class conforms to: those of the substitution groups of untyped heads
        /// its element is a member of (see ``UntypedSubstitutionGroups``).
        var memberProtocols: [String] = []
        /// Whether its `xs:any` admits elements of generated mappings, which then go to the
        /// class as an `Ancestor` (`otherElements: [Any]`), apart from the kept trees.
        var takesGeneratedElements = true
        /// The body of the `.validate` check of its identity constraints, by the element whose
        /// registration checks them (see `EmissionPlanner+IdentityConstraints.swift`).
        var identityChecks: [QualifiedName: [String]] = [:]
        var keepsOtherElements: Bool { fields.contains { $0.form == .otherElements } }
        var keepsOtherAttributes: Bool { fields.contains { $0.form == .otherAttributes } }
    }

    /// How a field is declared in the mapping.
    enum Form: Equatable {
        case attribute, element, elements, text, child, children, otherElements, otherAttributes
        /// Mixed content's text, in pieces among the child objects (the core's `.mixedText`).
        case mixedText
    }

    /// A property of a planned class.
    struct PlannedField {
        var field: Field
        var propertyName: String
        var form: Form
        /// The Swift type of one value or child (the element type of an array).
        var swiftType: String
        /// A `Conversion` expression, when the type's own conversion is not the one.
        var conversion: String?
        /// Whether the element is kept whole, as an `XMLElementNode` tree (an element of
        /// `xs:anyType`, whose content the schema does not describe): the core's `.element`
        /// of an `XMLElementNode?`, `.elements` of an `[XMLElementNode]`.
        var keepsElementWhole = false
        /// The text of the default (or fixed) value an absent attribute takes when binding,
        /// and that is left out when writing (the core's `.omittedWhenDefault()`).
        var appliedDefault: String?
        /// Whether a superclass declares the property already.
        var isInherited = false
        /// Whether the child slot is matched by element name and placed by type (no `xml:`),
        /// so that `xsi:type` and substitution groups choose the object's class.
        var isOpenSlot = false
        /// Whether the child slot takes its elements by type (no `xml:`) in a class that keeps
        /// its children's order: its class is registered for exactly that element.
        var takesByType = false
        /// For a slot in the place of a substitution group's untyped head (its element type a
        /// protocol, see ``UntypedSubstitutionGroups``): the member elements it takes by type.
        var memberElements: [QualifiedName]?
    }

    /// A protocol to write: the members of a substitution group whose head has no type.
    struct PlannedProtocol {
        var swiftName: String
        var head: QualifiedName
        var members: [QualifiedName]
    }

    /// An enum to write.
    struct PlannedEnum {
        var swiftName: String
        var type: ModelType
        var values: [(caseName: String, value: EnumerationType.Value)]
    }

    /// A conversion that checks facets, written into the `Conversions` namespace.
    struct PlannedConversion {
        var name: String
        var swiftType: String
        var base: String
        var facets: Facets
        var patterns: [[String]]
        var countsItems: Bool
        var collapsesWhitespace: Bool
        var about: String
    }

    var moduleName: String
    var classes: [PlannedClass] = []
    var enums: [PlannedEnum] = []
    var protocols: [PlannedProtocol] = []
    var conversions: [PlannedConversion] = []
    var prefixes: [(prefix: String, uri: String)] = []
    /// Whether a class checks identity constraints, so that their helper file is written.
    var checksIdentityConstraints = false
    var diagnostics: [GenerationDiagnostic] = []
}
