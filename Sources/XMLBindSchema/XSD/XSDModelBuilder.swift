import XMLBind

/// Turns the schema documents read by ``XSDLoader`` into a ``SchemaModel``: resolves names
/// across documents, names anonymous types, flattens derivation and groups into fields.
///
/// Declarations are visited in document order (documents in load order) and every type is
/// built once, so the model (and the generated code) is the same for the same schemas.
struct XSDModelBuilder {
    /// The namespace its declarations go into, and how local names are qualified.
    struct Context {
        let targetNamespace: String?
        let qualifiesElements: Bool
        let qualifiesAttributes: Bool
        let isChameleon: Bool
    }

    /// A complex type an element refers to, built once no other type is being built.
    enum PendingType {
        case named(QualifiedName)
        case anonymous(XSDComplexType, name: QualifiedName, context: Context, documentation: String?)
    }

    /// A global declaration with the context of the document that makes it.
    struct Declared<Node> {
        let node: Node
        let context: Context
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    let schemas: [LoadedSchema]
    /// Every `memberTypes` read, resolved in its scope, with where it is.
    let memberTypeLists: [XSDBinder.ResolvedNames]
    /// Every identity constraint's XPath, resolved in its scope, with where it is.
    let xpaths: [XSDBinder.ResolvedXPath]
    var model = SchemaModel()
    var complexTypes: [QualifiedName: Declared<XSDComplexType>] = [:]
    var simpleTypes: [QualifiedName: Declared<XSDSimpleType>] = [:]
    var elements: [QualifiedName: Declared<XSDElement>] = [:]
    var attributes: [QualifiedName: Declared<XSDAttribute>] = [:]
    var groups: [QualifiedName: Declared<XSDGroup>] = [:]
    var attributeGroups: [QualifiedName: Declared<XSDAttributeGroup>] = [:]
    /// Complex types built so far (their flattened content, for types derived from them).
    var builtComplex: [QualifiedName: ComplexType] = [:]
    var builtSimple: Set<QualifiedName> = []
    /// Types being built, so that a derivation cycle ends with a warning.
    var inProgress: Set<QualifiedName> = []
    /// The types of elements met while another type was being built, to build after it.
    var pendingTypes: [PendingType] = []
    /// Every namespace each prefix stands for in a document, by path (``XSDPrefixes``).
    var documentPrefixes: [String: [String: Set<String>]] = [:]
    var buildingPendingTypes = false
    /// Every type name taken, named or made up for an anonymous type.
    var takenTypeNames: Set<QualifiedName> = []
    /// Anonymous types already built, by their declaration.
    var anonymousTypes: [ObjectIdentifier: QualifiedName] = [:]
    /// The names the components an `xs:redefine` replaces are declared under, by kind and
    /// name (`complexType {urn:a}T`): the redefinition's references to itself mean them.
    var originals: [String: QualifiedName] = [:]
    /// The redefining components, declared under their own names.
    var redefining: Set<ObjectIdentifier> = []

    init(schemas: [LoadedSchema]) {
        self.schemas = schemas
        self.memberTypeLists = schemas.flatMap(\.memberTypeLists)
        self.xpaths = schemas.flatMap(\.xpaths)
    }

    mutating func build() -> SchemaModel {
        collectDeclarations()
        let prefixes = XSDPrefixes(schemas)
        model.prefixes = prefixes.prefixes
        documentPrefixes = prefixes.documentPrefixes
        for loaded in schemas {
            let context = Self.context(of: loaded)
            for child in loaded.schema.children {
                switch child {
                case let type as XSDComplexType:
                    if let name = type.name { _ = complexType(QualifiedName(namespace: context.targetNamespace, name)) }
                case let type as XSDSimpleType:
                    if let name = type.name { simpleType(QualifiedName(namespace: context.targetNamespace, name)) }
                case let element as XSDElement:
                    rootElement(element, context: context)
                case let include as XSDInclude:
                    // A redefined type is built where the included schema declares it.
                    if include.kind == "redefine" { buildRedefinedTypes(include, context: context) }
                case is XSDGroup, is XSDAttributeGroup, is XSDAttribute:
                    break
                default:
                    warn(
                        "<\(Self.kind(of: child))> at the top of a schema is not read by the generator yet",
                        at: child.origin)
                }
            }
        }
        foldRedefinedTypes()
        return model
    }

    static func context(of loaded: LoadedSchema) -> Context {
        Context(
            targetNamespace: loaded.targetNamespace,
            qualifiesElements: loaded.schema.elementFormDefault == "qualified",
            qualifiesAttributes: loaded.schema.attributeFormDefault == "qualified",
            isChameleon: loaded.isChameleon)
    }

    private mutating func collectDeclarations() {
        collectRedefinitions()
        for loaded in schemas {
            let context = Self.context(of: loaded)
            for child in loaded.schema.children {
                switch child {
                case let type as XSDComplexType:
                    declare(type, named: type.name, context: context, in: \.complexTypes, kind: "complexType")
                case let type as XSDSimpleType:
                    declare(type, named: type.name, context: context, in: \.simpleTypes, kind: "simpleType")
                case let element as XSDElement: declare(element, named: element.name, context: context, in: \.elements)
                case let attribute as XSDAttribute:
                    declare(attribute, named: attribute.name, context: context, in: \.attributes)
                case let group as XSDGroup:
                    declare(group, named: group.name, context: context, in: \.groups, kind: "group")
                case let group as XSDAttributeGroup:
                    declare(group, named: group.name, context: context, in: \.attributeGroups, kind: "attributeGroup")
                default: break
                }
            }
        }
        takenTypeNames = Set(complexTypes.keys).union(simpleTypes.keys)
    }

    /// Declares one global component of any kind, named in its document's target namespace
    /// (a component an `xs:redefine` replaces under the name its original keeps); a second
    /// declaration of the name is a warning, and the first is kept.
    mutating func declare<Node: XSDNode>(
        _ node: Node, named local: String?, context: Context,
        in table: WritableKeyPath<XSDModelBuilder, [QualifiedName: Declared<Node>]>, kind: String = ""
    ) {
        guard let local else { return }
        var name = QualifiedName(namespace: context.targetNamespace, local)
        if !redefining.contains(ObjectIdentifier(node)), let original = originals[kind + " " + name.description] {
            name = original
        }
        if let first = self[keyPath: table][name] {
            // The same document read twice (through two paths) declares the same thing.
            if first.node.origin == node.origin { return }
            warn(
                "\(name) is declared again; the first declaration (at \(first.node.origin?.description ?? "?")) is used",
                at: node.origin)
            return
        }
        self[keyPath: table][name] = Declared(node: node, context: context)
    }

    // MARK: Root elements

    private mutating func rootElement(_ element: XSDElement, context: Context) {
        guard let local = element.name else { return }
        let name = QualifiedName(namespace: context.targetNamespace, local)
        let type = elementType(
            element, context: context, suggested: QualifiedName(namespace: context.targetNamespace, local))
        let head = element.substitutionGroup.map { resolved($0, context: context) }
        model.rootElements.append(
            RootElement(
                name: name, type: type, isNillable: element.nillable ?? false, isAbstract: element.abstract ?? false,
                substitutionGroup: head, documentation: element.annotation?.text, origin: element.origin,
                identityConstraints: identityConstraints(of: element, context: context)))
    }

    // MARK: Names

    /// A QName from the schema as a model name; a chameleon schema's unqualified references
    /// take its includer's namespace.
    func resolved(_ name: XMLQualifiedName, context: Context) -> QualifiedName {
        // `xml` is bound by XML itself, declared or not.
        if name.prefix == "xml" { return QualifiedName(namespace: Self.xmlNamespace, name.localName) }
        if name.namespace == nil && name.prefix == nil && context.isChameleon {
            return QualifiedName(namespace: context.targetNamespace, name.localName)
        }
        return QualifiedName(namespace: name.namespace, name.localName)
    }

    /// A free name for an anonymous type, from its context: `item`, then `orderItem`, …
    mutating func anonymousName(_ suggested: QualifiedName, owner: QualifiedName?) -> QualifiedName {
        let longer = owner.map {
            QualifiedName(namespace: suggested.namespace, $0.localName + "-" + suggested.localName)
        }
        for candidate in [suggested, longer ?? suggested] where takenTypeNames.insert(candidate).inserted {
            return candidate
        }
        let base = (longer ?? suggested).localName
        var number = 2
        while !takenTypeNames.insert(QualifiedName(namespace: suggested.namespace, base + String(number))).inserted {
            number += 1
        }
        return QualifiedName(namespace: suggested.namespace, base + String(number))
    }

    mutating func warn(_ message: String, at origin: Origin?) {
        model.diagnostics.append(GenerationDiagnostic(.warning, message, at: origin))
    }

    mutating func error(_ message: String, at origin: Origin?) {
        model.diagnostics.append(GenerationDiagnostic(.error, message, at: origin))
    }

    /// The schema element's name, for messages.
    static func kind(of node: any XSDNode) -> String {
        switch node {
        case let node as XSDModelGroup: "xs:" + node.kind
        case let node as XSDWildcard: "xs:" + node.kind
        case let node as XSDContentModel: "xs:" + node.kind
        case let node as XSDDerivation: "xs:" + node.kind
        case let node as XSDFacet: "xs:" + node.kind
        case let node as XSDIdentityConstraint: "xs:" + node.kind
        case let node as XSDInclude: "xs:" + node.kind
        case is XSDElement: "xs:element"
        case is XSDAttribute: "xs:attribute"
        case is XSDComplexType: "xs:complexType"
        case is XSDSimpleType: "xs:simpleType"
        case is XSDGroup: "xs:group"
        case is XSDAttributeGroup: "xs:attributeGroup"
        case is XSDList: "xs:list"
        case is XSDUnion: "xs:union"
        default: "schema component"
        }
    }
}
