import XMLBind

/// The namespace prefixes a set of schema documents uses, found in the qualified names
/// they write (`type="po:USAddress"`, `ref="tns:item"`, `base=…`, `memberTypes=…`): the
/// prefixes the schema's authors gave their namespaces, for the generated binder to write
/// documents with (``SchemaModel/prefixes``).
///
/// Each name was resolved by the core binder where it is written, so a prefix is paired
/// with the namespace its own declaration gives it. The first prefix met for a namespace is
/// kept, and a prefix already taken by another namespace is not used again; XML Schema's
/// own namespace and the `xml` prefix are left out.
struct XSDPrefixes {
    private(set) var prefixes: [String: String] = [:]
    /// Every namespace each prefix is resolved to in a document, by the document's path.
    private(set) var documentPrefixes: [String: [String: Set<String>]] = [:]
    private var namespaces: Set<String> = []
    private var document = ""

    init(_ schemas: [LoadedSchema]) {
        for loaded in schemas {
            document = loaded.path
            for child in loaded.schema.children { visit(child) }
            for list in loaded.memberTypeLists { list.names.forEach { add($0) } }
        }
    }

    private mutating func add(_ name: XMLQualifiedName?) {
        if let prefix = name?.prefix, let namespace = name?.namespace {
            documentPrefixes[document, default: [:]][prefix, default: []].insert(namespace)
        }
        guard let name, let prefix = name.prefix, !prefix.isEmpty, prefix != "xml", let namespace = name.namespace,
            namespace != XSDBinder.namespace, prefixes[prefix] == nil, namespaces.insert(namespace).inserted
        else { return }
        prefixes[prefix] = namespace
    }

    private mutating func visit(_ node: (any XSDNode)?) {
        switch node {
        case let element as XSDElement:
            [element.ref, element.type, element.substitutionGroup].forEach { add($0) }
            visit(element.complexType)
            visit(element.simpleType)
        case let attribute as XSDAttribute:
            [attribute.ref, attribute.type].forEach { add($0) }
            visit(attribute.simpleType)
        case let type as XSDComplexType: type.content.forEach { visit($0) }
        case let group as XSDModelGroup: group.particles.forEach { visit($0) }
        case let group as XSDGroup:
            add(group.ref)
            group.particles.forEach { visit($0) }
        case let group as XSDAttributeGroup:
            add(group.ref)
            group.content.forEach { visit($0) }
        case let model as XSDContentModel: model.derivations.forEach { visit($0) }
        case let derivation as XSDDerivation:
            add(derivation.base)
            derivation.content.forEach { visit($0) }
        case let type as XSDSimpleType: type.content.forEach { visit($0) }
        case let list as XSDList:
            add(list.itemType)
            visit(list.simpleType)
        case let union as XSDUnion: union.simpleTypes.forEach { visit($0) }
        default: break
        }
    }
}
