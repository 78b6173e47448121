import XMLBind

/// `xs:redefine`: an include whose complex types, simple types, groups and attribute groups
/// replace the included ones of the same names, everywhere (the included schema's own
/// references included). In a redefinition, a reference to its own name (a type's
/// derivation base, a group's or attribute group's `ref` to itself) means the original,
/// which is declared under a name of its own (`T-redefined`) for that.
///
/// A redefined complex type is flattened like any derived type (the original's fields
/// first); the original is then no type of the model: it is folded into the redefinition
/// rather than made its base class, which no document could name.
extension XSDModelBuilder {
    /// Declares each redefining component under its name, and notes the name its original
    /// is declared under when its document is read.
    mutating func collectRedefinitions() {
        for loaded in schemas {
            let context = Self.context(of: loaded)
            for case let include as XSDInclude in loaded.schema.children where include.kind == "redefine" {
                for component in include.components {
                    switch component {
                    case let type as XSDComplexType:
                        redefine(type, named: type.name, context: context, in: \.complexTypes, kind: "complexType")
                    case let type as XSDSimpleType:
                        redefine(type, named: type.name, context: context, in: \.simpleTypes, kind: "simpleType")
                    case let group as XSDGroup:
                        redefine(group, named: group.name, context: context, in: \.groups, kind: "group")
                    case let group as XSDAttributeGroup:
                        redefine(
                            group, named: group.name, context: context, in: \.attributeGroups, kind: "attributeGroup")
                    default:
                        warn(
                            "<\(Self.kind(of: component))> cannot be redefined (only types and groups can); it is "
                                + "skipped", at: component.origin)
                    }
                }
            }
        }
    }

    private mutating func redefine<Node: XSDNode>(
        _ node: Node, named local: String?, context: Context,
        in table: WritableKeyPath<XSDModelBuilder, [QualifiedName: Declared<Node>]>, kind: String
    ) {
        guard let local else { return }
        let name = QualifiedName(namespace: context.targetNamespace, local)
        var original = QualifiedName(namespace: name.namespace, local + "-redefined")
        while complexTypes[original] != nil || simpleTypes[original] != nil || groups[original] != nil
            || attributeGroups[original] != nil || originals.values.contains(original)
        {
            original.localName += "-"
        }
        originals[kind + " " + name.description] = original
        redefining.insert(ObjectIdentifier(node))
        let reference = XMLQualifiedName(namespace: original.namespace, localName: original.localName)
        var selfReferences = 0
        func mentions(_ written: XMLQualifiedName?) -> Bool {
            guard let written, resolved(written, context: context) == name else { return false }
            selfReferences += 1
            return true
        }
        switch node {
        case let type as XSDComplexType:
            for case let model as XSDContentModel in type.content {
                for derivation in model.derivations where mentions(derivation.base) { derivation.base = reference }
            }
        case let type as XSDSimpleType:
            for case let derivation as XSDDerivation in type.content where mentions(derivation.base) {
                derivation.base = reference
            }
        case let group as XSDGroup:
            var pending: [any XSDNode] = group.particles
            while let particle = pending.popLast() {
                if let inner = particle as? XSDGroup, mentions(inner.ref) { inner.ref = reference }
                if let model = particle as? XSDModelGroup { pending += model.particles }
            }
        case let group as XSDAttributeGroup:
            for case let inner as XSDAttributeGroup in group.content where mentions(inner.ref) {
                inner.ref = reference
            }
        default:
            break
        }
        if (kind == "complexType" || kind == "simpleType") && selfReferences == 0 {
            warn(
                "the redefinition of \(name) does not derive from the original, as xs:redefine requires; it replaces "
                    + "it", at: node.origin)
        }
        declare(node, named: local, context: context, in: table, kind: kind)
    }

    /// Builds the types an `xs:redefine` declares, in its document's order.
    mutating func buildRedefinedTypes(_ include: XSDInclude, context: Context) {
        for component in include.components {
            if let type = component as? XSDComplexType, let local = type.name {
                _ = complexType(QualifiedName(namespace: context.targetNamespace, local))
            } else if let type = component as? XSDSimpleType, let local = type.name {
                simpleType(QualifiedName(namespace: context.targetNamespace, local))
            }
        }
    }

    /// Folds each redefined complex type's original into its redefinition: the original is
    /// taken out of the model, and the redefinition, already flattened, derives from nothing.
    mutating func foldRedefinedTypes() {
        let folded = Set(originals.filter { $0.key.hasPrefix("complexType ") }.map(\.value))
        guard !folded.isEmpty else { return }
        model.types.removeAll { folded.contains($0.name) }
        for index in model.types.indices {
            guard case .complex(var complex) = model.types[index].kind, case .named(let base)? = complex.base,
                folded.contains(base)
            else { continue }
            complex.base = nil
            model.types[index].kind = .complex(complex)
        }
    }
}
