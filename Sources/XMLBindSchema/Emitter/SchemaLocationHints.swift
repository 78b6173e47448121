/// Keeps `xsi:schemaLocation` and `xsi:noNamespaceSchemaLocation` where documents write
/// them: on the element a document starts with.
///
/// Nearly every real instance names its schema there, and the core skips these validator
/// hints unless a property takes them, so a document bound and written back would lose them
/// (issue 31: the same information set after a round trip). The classes of global elements'
/// types get two optional attribute properties for them, unless the type keeps any attribute
/// already (`xs:anyAttribute`, which the core then fills with them) or declares them itself.
enum SchemaLocationHints {
    /// XML Schema instances' namespace.
    static let namespace = "http://www.w3.org/2001/XMLSchema-instance"
    /// The hints' local names, each with the property name its field gets.
    static let attributes = [
        (name: "schemaLocation", property: "xsiSchemaLocation"),
        (name: "noNamespaceSchemaLocation", property: "xsiNoNamespaceSchemaLocation"),
    ]

    /// The model with the hints declared on the types of its global elements.
    static func added(to model: SchemaModel) -> SchemaModel {
        var model = model
        var rootTypes: Set<QualifiedName> = []
        for root in model.rootElements {
            if case .named(let name) = root.type { rootTypes.insert(name) }
        }
        for index in model.types.indices where rootTypes.contains(model.types[index].name) {
            guard case .complex(var complex) = model.types[index].kind,
                !complex.fields.contains(where: { $0.kind == .anyAttribute || $0.namespace == namespace })
            else { continue }
            for attribute in attributes {
                complex.fields.append(
                    Field(
                        name: attribute.name, namespace: namespace, kind: .attribute, type: .builtin(.string),
                        occurrence: .optional,
                        documentation: "The document's `xsi:\(attribute.name)` hint, kept to be written back.",
                        origin: model.types[index].origin))
            }
            model.types[index].kind = .complex(complex)
        }
        return model
    }
}
