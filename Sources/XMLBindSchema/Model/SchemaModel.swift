/// What `xmlbind generate` writes Swift for: the types, the root elements and the
/// namespaces read from a schema, a DTD, a WSDL or sample documents.
///
/// Every reader produces a `SchemaModel` and one emitter (``SwiftEmitter``) turns it into
/// Swift, so a feature of the generated code is written once for every kind of input.
/// The model keeps XML's names as the input spells them; Swift names are the emitter's
/// business (PascalCase, camelCase, keywords escaped, collisions resolved).
///
/// A reader adds what it could not express as a ``GenerationDiagnostic`` in ``diagnostics``,
/// located in its input, rather than dropping it silently.
public struct SchemaModel: Sendable, Hashable {
    /// The named types, complex and simple, in the order the readers met them.
    public var types: [ModelType]
    /// The elements a document may start with (XML Schema's global elements, a DTD's
    /// elements), each with its content type.
    public var rootElements: [RootElement]
    /// Namespace prefixes to declare when writing (prefix → URI): the input's own, so that
    /// written documents read as the input's authors wrote them.
    public var prefixes: [String: String]
    /// Warnings and errors met while reading, in the order met.
    public var diagnostics: [GenerationDiagnostic]
    /// The SOAP services a WSDL describes, one per port type its ports are bound to, for
    /// each of which the emitter writes a client and a service protocol; empty for other inputs.
    public var services: [WebService] = []
    /// Whether the generated classes of global elements' types keep the documents'
    /// `xsi:schemaLocation` hints (see ``SchemaLocationHints``): set for XML Schema input,
    /// whose instances write them on their root element.
    var keepsSchemaLocationHints = false

    /// The first of ``services``, if any.
    public var service: WebService? { services.first }

    /// Creates a model.
    ///
    /// - Parameters:
    ///   - types: The named types.
    ///   - rootElements: The elements a document may start with.
    ///   - prefixes: Namespace prefixes for writing (prefix → URI).
    ///   - diagnostics: What the reader could not express, located in its input.
    public init(
        types: [ModelType] = [], rootElements: [RootElement] = [], prefixes: [String: String] = [:],
        diagnostics: [GenerationDiagnostic] = []
    ) {
        self.types = types
        self.rootElements = rootElements
        self.prefixes = prefixes
        self.diagnostics = diagnostics
    }

    /// The type of that name, if the model has one.
    ///
    /// - Parameter name: The type's qualified name.
    /// - Returns: The first type of that name.
    public func type(named name: QualifiedName) -> ModelType? {
        types.first { $0.name == name }
    }
}
