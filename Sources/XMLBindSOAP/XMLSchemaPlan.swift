import XMLBind

/// The schemas of a binder worked out before any is written: the namespace of each
/// mapping, the complex type each type gets, and the prefixes each schema needs.
struct XMLSchemaPlan {
    typealias Mapping = XMLBinder.DeclaredMapping

    let generator: XMLSchemaGenerator
    let mappings: [Mapping]
    /// Each mapping's element namespace (nil: none).
    let elementNamespaces: [String?]
    /// The namespaces in first-use order.
    let namespaces: [String?]
    /// The mappings whose global element each namespace declares (the last registration of
    /// an element wins, as it does when binding).
    let elementsByNamespace: [String?: [Int]]
    /// The complex type's name for each mapping; mappings of one type in one namespace share
    /// the first one's.
    let typeNames: [String]
    /// The mapping that defines each complex type, by namespace and name.
    let typeDefinitions: [String?: [(name: String, mapping: Int)]]

    init(generator: XMLSchemaGenerator) throws(XMLSchemaError) {
        self.generator = generator
        let mappings = generator.binder.declaredMappings
        self.mappings = mappings
        var elementNamespaces: [String?] = []
        for mapping in mappings {
            // XML Schema names elements, not the text of a child: a keyed member's type
            // cannot be told from its key, so the shape is refused rather than loosened.
            if let keyed = mapping.keyedMembers {
                throw XMLSchemaError(
                    message:
                        "cannot describe \(mapping.typeName) (<\(mapping.element.local)>): its members are <\(keyed.element)> "
                        + "elements chosen by a key written in the document (.keyedMembers), which an XML Schema cannot "
                        + "tie to their types; describe it with a schema of your own")
            }
            elementNamespaces.append(
                try Self.namespace(
                    of: mapping.element, defaultNamespace: generator.defaultNamespace,
                    in: mapping))
        }
        self.elementNamespaces = elementNamespaces
        var namespaces: [String?] = []
        var elements: [String?: [Int]] = [:]
        var typeNames: [String] = []
        var definitions: [String?: [(name: String, mapping: Int)]] = [:]
        for (index, mapping) in mappings.enumerated() {
            let namespace = elementNamespaces[index]
            if !namespaces.contains(namespace) { namespaces.append(namespace) }
            var list = elements[namespace, default: []]
            list.removeAll { mappings[$0].element.local == mapping.element.local }
            list.append(index)
            elements[namespace] = list
            let defined = definitions[namespace, default: []]
            if let shared = defined.first(where: {
                ObjectIdentifier(mappings[$0.mapping].type) == ObjectIdentifier(mapping.type)
            }) {
                typeNames.append(shared.name)
            } else {
                var name = mapping.typeName
                if defined.contains(where: { $0.name == name }) { name += "_" + mapping.element.local }
                typeNames.append(name)
                definitions[namespace, default: []].append((name, index))
            }
        }
        self.namespaces = namespaces
        self.elementsByNamespace = elements
        self.typeNames = typeNames
        self.typeDefinitions = definitions
    }

    /// The namespace a declared name stands for in a schema.
    static func namespace(
        of name: XMLBinder.DeclaredName, defaultNamespace: String?, in mapping: Mapping
    ) throws(XMLSchemaError) -> String? {
        switch name.namespace {
        case .any: return defaultNamespace
        case .none: return nil
        case .uri(let uri): return uri
        case .unresolvedPrefix(let prefix):
            throw XMLSchemaError(
                message:
                    "cannot describe \(mapping.typeName) (<\(prefix):\(name.local)>): the binder does not know the "
                    + "namespace of prefix '\(prefix)'; give it in XMLBinder(prefixes:)")
        }
    }

    /// The `<xs:schema>` element of one namespace.
    ///
    /// - Parameters:
    ///   - namespace: The schema's target namespace.
    ///   - locations: The file of each namespace's schema, for `xs:import schemaLocation`.
    func schemaElement(for namespace: String?, locations: [String?: String] = [:]) throws(XMLSchemaError) -> String {
        var writer = XMLSchemaWriter(plan: self, targetNamespace: namespace, locations: locations)
        return try writer.write()
    }
}
