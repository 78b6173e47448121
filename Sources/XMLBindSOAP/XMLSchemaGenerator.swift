import XMLBind

/// Writes XML Schemas for a binder's mappings: what a document that binds with it looks
/// like, for other toolkits (and the WSDL a ``SOAPService`` serves).
///
/// Each registered type becomes a `complexType` named after the Swift type, and each
/// registered element a global element of that type, in the schema of its namespace
/// (`elementFormDefault="qualified"`). Child elements form a sequence in declaration
/// order, attributes follow; optionals get `minOccurs="0"` (and `nillable="true"`, as the
/// reader takes `xsi:nil`), `.children` and `.elements` lists a repeated element
/// (`maxOccurs="unbounded"`; `xml: "tags/string"`: inside the `tags` wrapper), and several
/// lists of one element, whose children may mix, one repeated `xs:choice`; built-in
/// conversions become XML Schema's built-in types (``XMLSchemaType``), enums restrictions
/// listing their cases, an array read from one element's text (`.element(\.sizes)`) an
/// `xs:list`. A type that keeps unmapped attributes (`AttributeContainer`) allows any
/// attribute (`xs:anyAttribute`).
///
/// ```swift
/// let schemas = try XMLSchemaGenerator(binder: binder, defaultNamespace: "urn:calc").schemas()
/// print(schemas[0].document)
/// ```
public struct XMLSchemaGenerator: Sendable {
    /// The binder whose mappings are described.
    public var binder: XMLBinder
    /// The namespace for elements registered without one (`mapping(T.self, element: "add")`),
    /// which bind in any namespace; no namespace when `nil`.
    public var defaultNamespace: String?
    /// Where `.property` declarations are described, unless the mapping says how they are
    /// written: as elements by default, as SOAP bodies write them.
    public var propertyForm: WritingOptions.PropertyForm
    /// Types named for properties with conversions of their own.
    var overrides: [(keyPath: AnyKeyPath & Sendable, type: XMLSchemaType)] = []

    static let schemaNamespace = "http://www.w3.org/2001/XMLSchema"

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - binder: The binder to describe.
    ///   - defaultNamespace: The namespace of elements registered without one.
    ///   - propertyForm: Where `.property` declarations are described.
    public init(
        binder: XMLBinder, defaultNamespace: String? = nil, propertyForm: WritingOptions.PropertyForm = .element
    ) {
        self.binder = binder
        self.defaultNamespace = defaultNamespace
        self.propertyForm = propertyForm
    }

    /// This generator, describing a property as the given built-in type.
    ///
    /// - Parameters:
    ///   - type: The XML Schema type, such as ``XMLSchemaType/date``.
    ///   - keyPath: The declared property (`\Person.birthday`).
    /// - Returns: The changed generator.
    public func schemaType(_ type: XMLSchemaType, for keyPath: AnyKeyPath & Sendable) -> XMLSchemaGenerator {
        var copy = self
        copy.overrides.append((keyPath, type))
        return copy
    }

    /// One schema per namespace the mappings use, the target namespace's first.
    ///
    /// The schemas import each other by namespace alone, as a WSDL's `<types>` holds them;
    /// for files that a validator loads from the first, use ``linkedSchemas()`` or
    /// ``writeSchemas(to:)``.
    ///
    /// - Returns: The schemas, ordered by the first mapping in each namespace.
    /// - Throws: ``XMLSchemaError`` when a mapping names a prefix the binder cannot
    ///   resolve or a property that no schema can hold as declared.
    public func schemas() throws(XMLSchemaError) -> [XMLSchemaDocument] {
        let plan = try XMLSchemaPlan(generator: self)
        return try plan.namespaces.map { namespace throws(XMLSchemaError) in
            XMLSchemaDocument(targetNamespace: namespace, element: try plan.schemaElement(for: namespace))
        }
    }

    /// The schema of one namespace, as a document.
    ///
    /// - Parameter namespace: A namespace the mappings use; `nil` for no namespace.
    /// - Returns: The document, or `nil` when no mapping is in that namespace.
    /// - Throws: ``XMLSchemaError``, as ``schemas()`` does.
    public func schema(for namespace: String?) throws(XMLSchemaError) -> XMLSchemaDocument? {
        try schemas().first { $0.targetNamespace == namespace }
    }

    /// The type named for a declaration, if one was.
    func override(for keyPath: AnyKeyPath) -> XMLSchemaType? {
        overrides.last { $0.keyPath == keyPath }?.type
    }
}
