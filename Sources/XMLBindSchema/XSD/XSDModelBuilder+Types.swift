import Foundation
import XMLBind

extension XSDModelBuilder {
    // MARK: Type references

    /// The type of a `type="…"` reference: a built-in type, or a named type of the schemas
    /// (built on first use).
    mutating func typeReference(_ name: XMLQualifiedName, context: Context, at origin: Origin?) -> TypeReference {
        var name = name
        if let prefix = name.prefix, name.namespace == nil, prefix != "xml" {
            // A prefix declared on another element of the document than this one's ancestors
            // (appengine-web.xsd declares `ns` on each element that uses it, but for three) is
            // an error in the schema that xmlschema and other processors forgive, reading the
            // prefix as the document declares it elsewhere: so does the generator, when the
            // document gives the prefix one namespace, and says so.
            let elsewhere = origin?.file.flatMap { documentPrefixes[$0]?[prefix] } ?? []
            guard elsewhere.count == 1, let namespace = elsewhere.first else {
                error("the prefix '\(prefix)' of the type '\(name.qualifiedName)' is not declared", at: origin)
                return .builtin(.string)
            }
            warn(
                "the prefix '\(prefix)' of the type '\(name.qualifiedName)' is not declared here; it is read as "
                    + "\(namespace), which it stands for elsewhere in this schema document",
                at: origin)
            name = XMLQualifiedName(namespace: namespace, localName: name.localName, prefix: prefix)
        }
        let qualified = resolved(name, context: context)
        // Declared types come first: the schema for schemas declares types in XML Schema's
        // own namespace.
        if qualified.namespace == XSDBinder.namespace && complexTypes[qualified] == nil
            && simpleTypes[qualified] == nil
        {
            guard let builtin = BuiltinType(rawValue: qualified.localName) else {
                warn("'\(qualified.localName)' is not a built-in type of XML Schema 1.0; read as xs:string", at: origin)
                return .builtin(.string)
            }
            return .builtin(builtin)
        }
        // A type being built is referred to by name (recursive content); only a derivation
        // from it is a cycle, which ``complexType(_:)`` reports.
        if complexTypes[qualified] != nil {
            buildLater(.named(qualified))
            return .named(qualified)
        }
        if simpleTypes[qualified] != nil {
            if !inProgress.contains(qualified) { simpleType(qualified) }
            return .named(qualified)
        }
        error("the type \(qualified) is not declared in the schemas read", at: origin)
        return .builtin(.string)
    }

    /// The content type of an element: its `type`, its anonymous type (named after it), or
    /// its substitution group head's type; `xs:anyType` without any of them.
    mutating func elementType(
        _ element: XSDElement, context: Context, suggested: QualifiedName, owner: QualifiedName? = nil
    )
        -> TypeReference
    {
        if let type = element.type { return typeReference(type, context: context, at: element.origin) }
        // An anonymous type is built once, however often its declaration is reached (a group
        // used in several places, or one that contains itself through it).
        if let complex = element.complexType {
            if let name = anonymousTypes[ObjectIdentifier(complex)] { return .named(name) }
            let name = anonymousName(suggested, owner: owner)
            anonymousTypes[ObjectIdentifier(complex)] = name
            buildLater(.anonymous(complex, name: name, context: context, documentation: element.annotation?.text))
            return .named(name)
        }
        if let simple = element.simpleType {
            if let name = anonymousTypes[ObjectIdentifier(simple)] { return .named(name) }
            let name = anonymousName(suggested, owner: owner)
            anonymousTypes[ObjectIdentifier(simple)] = name
            buildSimpleType(simple, name: name, context: context, documentation: element.annotation?.text)
            return .named(name)
        }
        if let head = element.substitutionGroup, let declared = elements[resolved(head, context: context)],
            declared.node !== element
        {
            return elementType(declared.node, context: declared.context, suggested: suggested, owner: owner)
        }
        return .builtin(.anyType)
    }

    // MARK: Complex types

    /// Builds a named complex type once; its flattened content, or `nil` in a derivation cycle.
    mutating func complexType(_ name: QualifiedName) -> ComplexType? {
        if let built = builtComplex[name] { return built }
        guard let declared = complexTypes[name] else { return nil }
        guard inProgress.insert(name).inserted else {
            warn("the type \(name) derives from itself; the derivation is not followed", at: declared.node.origin)
            return nil
        }
        let built = buildComplexType(declared.node, name: name, context: declared.context, documentation: nil)
        inProgress.remove(name)
        buildPendingTypes()
        return built
    }

    /// Builds the type of an element now, or, while another type is being built, once no
    /// type is: an element's type may derive from the type that holds the element (XHTML's
    /// `<em>` extends `Inline`, which holds `<em>`), which is recursion, not a derivation
    /// cycle, and its base must be complete before it is flattened into it.
    mutating func buildLater(_ type: PendingType) {
        pendingTypes.append(type)
        buildPendingTypes()
    }

    /// Builds the types put off by ``buildLater(_:)``, in the order they were met, once no
    /// type is being built.
    mutating func buildPendingTypes() {
        guard inProgress.isEmpty, !buildingPendingTypes else { return }
        buildingPendingTypes = true
        defer { buildingPendingTypes = false }
        while !pendingTypes.isEmpty {
            switch pendingTypes.removeFirst() {
            case .named(let name):
                _ = complexType(name)
            case .anonymous(let node, let name, let context, let documentation):
                _ = buildComplexType(node, name: name, context: context, documentation: documentation)
            }
        }
    }

    @discardableResult
    mutating func buildComplexType(
        _ node: XSDComplexType, name: QualifiedName, context: Context, documentation: String?
    ) -> ComplexType {
        var content = ContentCollector(owner: name)
        content.isMixed = node.mixed ?? false
        collectContent(node.content, into: &content, context: context)
        if content.isMixed && !content.fields.contains(where: { $0.kind == .text }) {
            // Its pieces are kept among the child objects where the planner can (the core's
            // `.mixedText`); where not, it warns (EmissionPlanner.keepsTextInPlace).
            _ = content.add(
                Field(name: "", kind: .text, type: .builtin(.string), occurrence: .optional, origin: node.origin),
                builder: &self)
        }
        var complex = ComplexType(
            fields: content.fields, base: content.base, isAbstract: node.abstract ?? false, isMixed: content.isMixed,
            choices: content.choices)
        complex.keepsChildOrder = content.interleaves
        builtComplex[name] = complex
        model.types.append(
            ModelType(
                name: name, kind: .complex(complex), documentation: node.annotation?.text ?? documentation,
                origin: node.origin))
        return complex
    }

    // MARK: Simple types

    /// Builds a named simple type once.
    mutating func simpleType(_ name: QualifiedName) {
        guard !builtSimple.contains(name), let declared = simpleTypes[name] else { return }
        guard inProgress.insert(name).inserted else {
            warn("the type \(name) derives from itself; the derivation is not followed", at: declared.node.origin)
            return
        }
        defer { inProgress.remove(name) }
        buildSimpleType(declared.node, name: name, context: declared.context, documentation: nil)
    }

    mutating func buildSimpleType(_ node: XSDSimpleType, name: QualifiedName, context: Context, documentation: String?)
    {
        builtSimple.insert(name)
        var kind = ModelType.Kind.restriction(SimpleRestriction(base: .builtin(.string)))
        for item in node.content {
            switch item {
            case let restriction as XSDDerivation where restriction.kind == "restriction":
                kind = simpleRestriction(restriction, name: name, context: context)
            case let list as XSDList:
                let item: TypeReference
                if let itemType = list.itemType {
                    item = typeReference(itemType, context: context, at: list.origin)
                } else if let inline = list.simpleType {
                    let itemName = anonymousName(
                        QualifiedName(namespace: name.namespace, name.localName + "-item"), owner: nil)
                    buildSimpleType(inline, name: itemName, context: context, documentation: nil)
                    item = .named(itemName)
                } else {
                    item = .builtin(.string)
                }
                kind = .list(item: item)
            case let union as XSDUnion:
                var members = memberTypes(of: union).map { typeReference($0, context: context, at: union.origin) }
                for inline in union.simpleTypes {
                    let memberName = anonymousName(
                        QualifiedName(namespace: name.namespace, name.localName + "-member"), owner: nil)
                    buildSimpleType(inline, name: memberName, context: context, documentation: nil)
                    members.append(.named(memberName))
                }
                kind = .union(members: members)
            default:
                break
            }
        }
        model.types.append(
            ModelType(
                name: name, kind: kind, documentation: node.annotation?.text ?? documentation, origin: node.origin))
    }

    private mutating func simpleRestriction(_ restriction: XSDDerivation, name: QualifiedName, context: Context)
        -> ModelType.Kind
    {
        var base = TypeReference.builtin(.string)
        if let baseName = restriction.base {
            base = typeReference(baseName, context: context, at: restriction.origin)
        }
        var facets = Facets()
        var values: [EnumerationType.Value] = []
        for item in restriction.content {
            switch item {
            case let inline as XSDSimpleType:
                let baseName = anonymousName(
                    QualifiedName(namespace: name.namespace, name.localName + "-base"), owner: nil)
                buildSimpleType(inline, name: baseName, context: context, documentation: nil)
                base = .named(baseName)
            case let facet as XSDFacet:
                apply(facet, to: &facets, values: &values)
            default:
                warn("\(Self.kind(of: item)) in a simple type's restriction is not read", at: item.origin)
            }
        }
        if !values.isEmpty { return .enumeration(EnumerationType(base: base, values: values)) }
        return .restriction(SimpleRestriction(base: base, facets: facets))
    }

    /// A union's `memberTypes`, resolved where they are written (see ``XSDBinder/Skipped``).
    func memberTypes(of union: XSDUnion) -> [XMLQualifiedName] {
        guard let origin = union.origin else { return [] }
        // The attribute is on the union's start tag: the first one recorded after its `<`.
        let after = memberTypeLists.filter { ($0.origin.line, $0.origin.column) > (origin.line, origin.column) }
        return after.min { ($0.origin.line, $0.origin.column) < ($1.origin.line, $1.origin.column) }?.names ?? []
    }

    mutating func apply(_ facet: XSDFacet, to facets: inout Facets, values: inout [EnumerationType.Value]) {
        let value = facet.value ?? ""
        func integer() -> Int? {
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)), number >= 0 else {
                warn(
                    "the facet xs:\(facet.kind) needs a non-negative integer, not '\(value)'; it is not checked",
                    at: facet.origin)
                return nil
            }
            return number
        }
        switch facet.kind {
        case "enumeration": values.append(EnumerationType.Value(value, documentation: facet.annotation?.text))
        case "pattern": facets.patterns.append(value)
        case "length": facets.length = integer()
        case "minLength": facets.minLength = integer()
        case "maxLength": facets.maxLength = integer()
        case "minInclusive": facets.minInclusive = value
        case "maxInclusive": facets.maxInclusive = value
        case "minExclusive": facets.minExclusive = value
        case "maxExclusive": facets.maxExclusive = value
        case "totalDigits": facets.totalDigits = integer()
        case "fractionDigits": facets.fractionDigits = integer()
        default: break  // whiteSpace: the conversions of the built-in types already trim.
        }
    }
}
