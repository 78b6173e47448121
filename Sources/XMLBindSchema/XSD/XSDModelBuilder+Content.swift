import XMLBind

extension XSDModelBuilder {
    /// Collects the content of a complex type (or of a derivation inside one).
    mutating func collectContent(_ items: [any XSDNode], into content: inout ContentCollector, context: Context) {
        for item in items {
            switch item {
            case let group as XSDModelGroup:
                collectParticles(of: group, outer: .required, into: &content, context: context)
            case let group as XSDGroup:
                collectGroupReference(group, outer: .required, into: &content, context: context)
            case let attribute as XSDAttribute:
                collectAttribute(attribute, into: &content, context: context)
            case let group as XSDAttributeGroup:
                collectAttributeGroup(group, into: &content, context: context)
            case let wildcard as XSDWildcard where wildcard.kind == "anyAttribute":
                _ = content.add(
                    Field(name: "", kind: .anyAttribute, type: .builtin(.anySimpleType), origin: wildcard.origin),
                    builder: &self)
            case let model as XSDContentModel:
                if model.mixed == true { content.isMixed = true }
                for derivation in model.derivations {
                    collectDerivation(
                        derivation, simple: model.kind == "simpleContent", into: &content, context: context)
                }
            case let constraint as XSDIdentityConstraint:
                warn("xs:\(constraint.kind) is not checked by the generated code", at: constraint.origin)
            default:
                warn("\(Self.kind(of: item)) in a complex type is not read by the generator yet", at: item.origin)
            }
        }
    }

    private mutating func collectDerivation(
        _ derivation: XSDDerivation, simple: Bool, into content: inout ContentCollector, context: Context
    ) {
        let base =
            derivation.base.map { typeReference($0, context: context, at: derivation.origin) } ?? .builtin(.anyType)
        content.base = base
        let isExtension = derivation.kind == "extension"
        switch base {
        case .named(let name) where complexTypes[name] != nil:
            if let inherited = complexType(name) {
                for field in inherited.fields
                where isExtension || simple || field.kind == .attribute || field.kind == .anyAttribute {
                    _ = content.add(field, builder: &self)
                }
                if isExtension || simple {
                    content.choices += inherited.choices
                    if inherited.keepsChildOrder { content.interleaves = true }
                }
                if inherited.isMixed { content.isMixed = true }
            }
        case .builtin(.anyType):
            break
        default:
            if simple {
                // Simple content: the element's text is of the base type (narrowed by facets in
                // a restriction: an anonymous restriction of the base).
                var textType = base
                var facets = Facets()
                var values: [EnumerationType.Value] = []
                for case let facet as XSDFacet in derivation.content {
                    apply(facet, to: &facets, values: &values)
                }
                if !facets.isEmpty || !values.isEmpty {
                    let name = anonymousName(
                        QualifiedName(namespace: content.owner.namespace, content.owner.localName + "-value"),
                        owner: nil)
                    let kind: ModelType.Kind =
                        values.isEmpty
                        ? .restriction(SimpleRestriction(base: base, facets: facets))
                        : .enumeration(EnumerationType(base: base, values: values))
                    model.types.append(ModelType(name: name, kind: kind, origin: derivation.origin))
                    textType = .named(name)
                }
                _ = content.add(
                    Field(name: "", kind: .text, type: textType, occurrence: .optional, origin: derivation.origin),
                    builder: &self)
            } else {
                warn(
                    "complex content cannot derive from the simple type \(base); the base is ignored",
                    at: derivation.origin)
            }
        }
        let own = derivation.content.filter { !($0 is XSDFacet) && !($0 is XSDSimpleType) }
        collectContent(own, into: &content, context: context)
        for case let attribute as XSDAttribute in derivation.content where attribute.use == "prohibited" {
            if let name = attribute.name ?? attribute.ref?.localName {
                content.removeAttribute(attributeName(attribute, local: name, context: context))
            }
        }
    }

    // MARK: Particles

    mutating func collectParticles(
        of group: XSDModelGroup, outer: Occurrence, into content: inout ContentCollector, context: Context
    ) {
        guard let own = Occurrence.parsing(minimum: group.minOccurs, maximum: group.maxOccurs) else {
            error("xs:\(group.kind) has a bad minOccurs or maxOccurs", at: group.origin)
            return
        }
        let occurrence = own.within(outer)
        let isChoice = group.kind == "choice"
        var memberOuter = occurrence
        if isChoice { memberOuter.minimum = 0 }
        var members: [Int] = []
        var onlyElements = true
        let firstMet = content.elementsMet.count
        for particle in group.particles {
            switch particle {
            case let element as XSDElement:
                if let field = elementField(element, outer: memberOuter, owner: content.owner, context: context) {
                    members.append(content.add(field, builder: &self))
                }
            case let nested as XSDModelGroup:
                onlyElements = false
                collectParticles(of: nested, outer: memberOuter, into: &content, context: context)
            case let reference as XSDGroup:
                onlyElements = false
                collectGroupReference(reference, outer: memberOuter, into: &content, context: context)
            case let wildcard as XSDWildcard:
                onlyElements = false
                var field = Field(
                    name: "", kind: .any, type: .builtin(.anyType), occurrence: Occurrence.any, origin: wildcard.origin)
                field.wildcard = Self.namespaces(of: wildcard, targetNamespace: context.targetNamespace)
                _ = content.add(field, builder: &self)
            default:
                warn(
                    "\(Self.kind(of: particle)) inside xs:\(group.kind) is not read by the generator yet",
                    at: particle.origin)
            }
        }
        if isChoice && occurrence.maximum == 1 && onlyElements && Set(members).count >= 2 {
            content.choices.append(members)
        }
        // A repeated group, or an `xs:all`, with two names or more: `(a | b)*` and `all(a, b)`
        // let `b` come before `a`, so the document's order is kept.
        if occurrence.maximum != 1 || group.kind == "all", Set(content.elementsMet[firstMet...]).count >= 2 {
            content.interleaves = true
        }
    }

    private mutating func collectGroupReference(
        _ reference: XSDGroup, outer: Occurrence, into content: inout ContentCollector, context: Context
    ) {
        guard let ref = reference.ref else { return }
        let name = resolved(ref, context: context)
        guard let declared = groups[name] else {
            error("the group \(name) is not declared in the schemas read", at: reference.origin)
            return
        }
        guard content.expanding.insert(name).inserted else {
            warn("the group \(name) contains itself; the inner reference is not followed", at: reference.origin)
            return
        }
        defer { content.expanding.remove(name) }
        guard let own = Occurrence.parsing(minimum: reference.minOccurs, maximum: reference.maxOccurs) else { return }
        for case let group as XSDModelGroup in declared.node.particles {
            collectParticles(of: group, outer: own.within(outer), into: &content, context: declared.context)
        }
    }

    /// The field of a local element or element reference; `nil` when it names nothing.
    private mutating func elementField(
        _ element: XSDElement, outer: Occurrence, owner: QualifiedName, context: Context
    ) -> Field? {
        guard let own = Occurrence.parsing(minimum: element.minOccurs, maximum: element.maxOccurs) else {
            error("<xs:element> has a bad minOccurs or maxOccurs", at: element.origin)
            return nil
        }
        let occurrence = own.within(outer)
        if occurrence.maximum == 0 { return nil }
        if let ref = element.ref {
            let name = resolved(ref, context: context)
            guard let declared = elements[name] else {
                error("the element \(name) is not declared in the schemas read", at: element.origin)
                return nil
            }
            let global = declared.node
            let type = elementType(global, context: declared.context, suggested: name)
            return Field(
                name: name.localName, namespace: name.namespace, kind: .element, type: type, occurrence: occurrence,
                defaultValue: global.defaultValue, fixedValue: global.fixed, isNillable: global.nillable ?? false,
                documentation: element.annotation?.text ?? global.annotation?.text, origin: element.origin)
        }
        guard let local = element.name else {
            error("<xs:element> needs a name or a ref", at: element.origin)
            return nil
        }
        for constraint in element.identityConstraints {
            warn(
                "xs:\(constraint.kind) '\(constraint.name ?? "")' of a local element is not checked by the generated "
                    + "code (those of global elements are)", at: constraint.origin)
        }
        let qualified = element.form.map { $0 == "qualified" } ?? context.qualifiesElements
        let namespace = qualified ? context.targetNamespace : nil
        let type = elementType(
            element, context: context, suggested: QualifiedName(namespace: owner.namespace, local), owner: owner)
        return Field(
            name: local, namespace: namespace, kind: .element, type: type, occurrence: occurrence,
            defaultValue: element.defaultValue, fixedValue: element.fixed, isNillable: element.nillable ?? false,
            documentation: element.annotation?.text, origin: element.origin)
    }

    // MARK: Attributes

    func attributeName(_ attribute: XSDAttribute, local: String, context: Context) -> QualifiedName {
        if let ref = attribute.ref { return resolved(ref, context: context) }
        let qualified = attribute.form.map { $0 == "qualified" } ?? context.qualifiesAttributes
        return QualifiedName(namespace: qualified ? context.targetNamespace : nil, local)
    }

    private mutating func collectAttribute(
        _ attribute: XSDAttribute, into content: inout ContentCollector, context: Context
    ) {
        guard attribute.use != "prohibited" else { return }
        let occurrence: Occurrence = attribute.use == "required" ? .required : .optional
        var node = attribute
        var nodeContext = context
        var name: QualifiedName
        if let ref = attribute.ref {
            name = resolved(ref, context: context)
            if let declared = attributes[name] {
                node = declared.node
                nodeContext = declared.context
            } else if name.namespace != Self.xmlNamespace {
                error("the attribute \(name) is not declared in the schemas read", at: attribute.origin)
                return
            }
        } else if let local = attribute.name {
            name = attributeName(attribute, local: local, context: context)
        } else {
            error("<xs:attribute> needs a name or a ref", at: attribute.origin)
            return
        }
        var type = TypeReference.builtin(.anySimpleType)
        if let typeName = node.type {
            type = typeReference(typeName, context: nodeContext, at: node.origin)
        } else if let simple = node.simpleType {
            let typeName = anonymousName(
                QualifiedName(namespace: content.owner.namespace, name.localName), owner: content.owner)
            buildSimpleType(simple, name: typeName, context: nodeContext, documentation: nil)
            type = .named(typeName)
        } else if name.namespace == Self.xmlNamespace {
            type = .builtin(.string)
        }
        _ = content.add(
            Field(
                name: name.localName, namespace: name.namespace, kind: .attribute, type: type, occurrence: occurrence,
                defaultValue: attribute.defaultValue ?? node.defaultValue, fixedValue: attribute.fixed ?? node.fixed,
                documentation: attribute.annotation?.text ?? node.annotation?.text, origin: attribute.origin),
            builder: &self)
    }

    private mutating func collectAttributeGroup(
        _ group: XSDAttributeGroup, into content: inout ContentCollector, context: Context
    ) {
        guard let ref = group.ref else {
            collectContent(group.content, into: &content, context: context)
            return
        }
        let name = resolved(ref, context: context)
        guard let declared = attributeGroups[name] else {
            error("the attribute group \(name) is not declared in the schemas read", at: group.origin)
            return
        }
        guard content.expanding.insert(name).inserted else {
            warn("the attribute group \(name) contains itself; the inner reference is not followed", at: group.origin)
            return
        }
        defer { content.expanding.remove(name) }
        collectContent(declared.node.content, into: &content, context: declared.context)
    }

    /// The namespaces an `xs:any` admits, from its `namespace` attribute (`##any` when
    /// absent): `nil` for any namespace.
    static func namespaces(of wildcard: XSDWildcard, targetNamespace: String?) -> ElementWildcard? {
        let tokens = (wildcard.namespace ?? "##any").split(whereSeparator: {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
        })
        if tokens.isEmpty || tokens.contains("##any") { return nil }
        if tokens == ["##other"] { return .other(than: targetNamespace) }
        var admitted: Set<String?> = []
        for token in tokens {
            switch token {
            case "##targetNamespace": admitted.insert(targetNamespace)
            case "##local": admitted.insert(nil)
            default: admitted.insert(String(token))
            }
        }
        return .only(admitted)
    }
}
