/// The checks run on one mapping when it is registered (see ``RegistrationError``): what
/// the mapping says by itself, without the other mappings. The checks that need them
/// (which child types a slot takes) are the registry's (`CompiledRegistry+Checks.swift`).
extension ElementBinding {
    /// The problem with one declaration of this mapping.
    func problem(_ item: DeclaredItem?, _ message: String) -> RegistrationError.Problem {
        let declaration = item.map { item -> String in
            let position = (contentOrder.firstIndex(of: item) ?? 0) + 1
            switch item {
            case .property(let index): return "declaration \(position) \(properties[index].declarationText)"
            case .child(let index): return "declaration \(position) \(childSlots[index].declarationText)"
            }
        }
        return RegistrationError.Problem(
            typeName: typeName, element: elementName.description, declaration: declaration, message: message)
    }

    /// Who takes each name so far, as parallel arrays of types the registry uses anyway
    /// (an array of a tuple would have its metadata made from a mangled name, slowly).
    private struct Claims {
        var names: [XMLName] = []
        var items: [DeclaredItem] = []

        func earlier(
            overlapping name: XMLName, attribute: Bool, owner: XMLName.Namespace,
            unless toldApart: (DeclaredItem) -> Bool = { _ in false }
        ) -> DeclaredItem? {
            names.indices.first {
                names[$0].overlaps(name, attribute: attribute, owner: owner) && !toldApart(items[$0])
            }
            .map { items[$0] }
        }

        mutating func add(_ name: XMLName, _ item: DeclaredItem) {
            names.append(name)
            items.append(item)
        }
    }

    /// Everything wrong with this mapping on its own, in declaration order.
    func ownProblems() -> [RegistrationError.Problem] {
        var problems: [RegistrationError.Problem] = []
        var attributes = Claims()
        var elements = Claims()
        var text: DeclaredItem?
        var unnamedTypes: [ObjectIdentifier] = []
        var unnamedItems: [DeclaredItem] = []
        let owner = elementName.namespace
        func ambiguous(_ item: DeclaredItem, _ what: String, _ earlier: DeclaredItem) {
            problems.append(
                problem(
                    item,
                    "\(what) is also taken by \(describe(earlier)): the two are ambiguous; "
                        + "give one of them another xml: name"))
        }
        func claim(_ name: XMLName, _ item: DeclaredItem, in taken: inout Claims, attribute: Bool) {
            if let earlier = taken.earlier(
                overlapping: name, attribute: attribute, owner: owner, unless: { keyTellsApart($0, item) })
            {
                ambiguous(item, attribute ? "attribute '\(name)'" : "child element <\(name)>", earlier)
            } else {
                taken.add(name, item)
            }
        }
        for item in contentOrder {
            // Keyed members are checked by `keyedProblems()`: their keys are no element names.
            if isKeyed(item) { continue }
            switch item {
            case .property(let index):
                let property = properties[index]
                if let refusal = property.conversionRefusal { problems.append(problem(item, refusal)) }
                if property.isUnnamed && property.declaredXMLName == nil {
                    problems.append(
                        problem(item, "cannot tell the name of a computed property; declare it with xml:"))
                    continue
                }
                if property.form == .text {
                    if let text {
                        problems.append(
                            problem(
                                item, "the element's text is also taken by \(describe(text)): the two are ambiguous"))
                    } else {
                        text = item
                    }
                    continue
                }
                if let step = property.path.first {
                    // Paths share their elements; a path's first element must not be a value's.
                    let sharing = elements.items.contains { isPath($0, through: step) }
                    if !sharing, let earlier = elements.earlier(overlapping: step, attribute: false, owner: owner) {
                        ambiguous(item, "child element <\(step)>", earlier)
                    } else if !sharing {
                        elements.add(step, item)
                    }
                    continue
                }
                if property.form.acceptsAttribute { claim(property.xmlName, item, in: &attributes, attribute: true) }
                if property.form.acceptsElement { claim(property.xmlName, item, in: &elements, attribute: false) }
            case .child(let index):
                let slot = childSlots[index]
                guard let declared = slot.declaredXMLName, let name = slot.xmlName else {
                    let type = ObjectIdentifier(slot.elementType)
                    if let earlier = unnamedTypes.firstIndex(of: type) {
                        problems.append(
                            problem(
                                item,
                                "takes the same children (\(TypeName.forMessages(slot.elementType))) as "
                                    + "\(describe(unnamedItems[earlier])): the two are ambiguous; name the elements "
                                    + "each takes with xml:"))
                    } else {
                        unnamedTypes.append(type)
                        unnamedItems.append(item)
                    }
                    continue
                }
                if declared.hasPrefix("@") {
                    problems.append(
                        problem(item, "xml: names a child element here (`local`, `prefix:local` or `{uri}local`)"))
                    continue
                }
                // A slot through a path (issue 13) shares the path's elements, as nested
                // properties do (an attribute at its end is ShapeChecks' to refuse).
                if let step = slot.path.first {
                    if !elements.items.contains(where: { isPath($0, through: step) }) { elements.add(step, item) }
                    continue
                }
                claim(name, item, in: &elements, attribute: false)
            }
        }
        problems += ShapeChecks.problems(
            properties, slots: childSlots, paths: paths, ignoredElements: ignoredElements
        ).map { problem(nil, $0) }
        problems += choiceProblems.map { problem(nil, $0) }
        problems += keyedProblems()
        problems += mixedTextProblems()
        problems += keptElementsProblems()
        problems += namedKeptProblems()
        for (message, after) in zip(misplacedModifiers, misplacedAfter) {
            problems.append(problem(after < 0 ? nil : contentOrder[after], message))
        }
        return problems
    }

    /// A declaration as messages name it: `declaration 2 (.property(\.id))`.
    func describe(_ item: DeclaredItem) -> String {
        let position = (contentOrder.firstIndex(of: item) ?? 0) + 1
        switch item {
        case .property(let index): return "declaration \(position) (\(properties[index].declarationText))"
        case .child(let index): return "declaration \(position) (\(childSlots[index].declarationText))"
        }
    }

    /// Whether a declaration is a nested path (a property's or a slot's) whose first element is `step`.
    private func isPath(_ item: DeclaredItem, through step: XMLName) -> Bool {
        switch item {
        case .property(let index): return properties[index].path.first == step
        case .child(let index): return childSlots[index].path.first == step
        }
    }

    /// Whether two declarations of one element name are told apart by a keyed map's key
    /// attribute (issue 13): a map takes the elements with its key, a plain property the
    /// ones without, two maps the ones with each key.
    private func keyTellsApart(_ one: DeclaredItem, _ other: DeclaredItem) -> Bool {
        guard case .property(let first) = one, case .property(let second) = other else { return false }
        let keys = (properties[first].collection?.key, properties[second].collection?.key)
        switch keys {
        case (nil, nil): return false
        case (let a?, let b?): return a != b
        default: return true
        }
    }
}
