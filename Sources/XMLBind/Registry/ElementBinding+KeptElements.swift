/// The registration checks of `.otherElements`: the kept elements must have a place, read
/// and written (see ``ClassDefinition/otherElements(_:namespaces:)``).
extension ElementBinding {
    func keptElementsProblems() -> [RegistrationError.Problem] {
        guard let slot = keptElementsSlot else { return [] }
        let declaration = ".otherElements(\\.\(slot.propertyName))"
        var reasons: [String] = []
        if textTakesWholeText {
            reasons.append("elements inside a .wholeText() text are part of the text; declare one or the other")
        }
        if mixedTextSlot != nil, !childSlots.isEmpty, childOrderSlot == nil {
            reasons.append(
                "beside .mixedText and child slots, a kept element's place among the child objects needs .childOrder")
        }
        if keyed != nil {
            reasons.append("the members of .keyedMembers are matched by key; other elements are unknown members")
        }
        if readerFactory != nil {
            reasons.append("an element read by .reading(with:) gives its content to the reader")
        }
        return reasons.map { problem(nil, "\(declaration) cannot be combined here: \($0)") }
    }
}

/// The registration checks of the named kept elements (`.element` of an `XMLElementNode?`,
/// `.elements` of an `[XMLElementNode]`): each name is its own, and read and written whole.
extension ElementBinding {
    /// Every element an object keeps whole, slot by slot (`.otherElements` first, then the
    /// named slots), for comparing an edited object with the one read; `nil` when the
    /// mapping keeps none.
    func keptContents(of object: AnyObject) -> [[XMLElementNode]]? {
        guard keptElementsSlot != nil || !namedKeptSlots.isEmpty else { return nil }
        return [keptElementsSlot?.read(object) ?? []] + namedKeptSlots.map { $0.read(object) }
    }

    func namedKeptProblems() -> [RegistrationError.Problem] {
        var problems: [RegistrationError.Problem] = []
        let owner = elementName.namespace
        for (index, slot) in namedKeptSlots.enumerated() {
            let declaration = slot.declarationText
            func refuse(_ reason: String) {
                problems.append(problem(nil, "\(declaration) cannot be registered: \(reason)"))
            }
            guard slot.namesOneElement else {
                refuse("xml: must name one child element (no path, no attribute)")
                continue
            }
            let name = slot.xmlName
            var others: [(XMLName, String)] = []
            for property in properties where property.form.acceptsElement && !property.isKeyed {
                others.append((property.path.first ?? property.xmlName, property.declarationText))
            }
            for child in childSlots where !child.isKeyed {
                if let taken = child.path.first ?? child.xmlName { others.append((taken, child.declarationText)) }
            }
            for earlier in namedKeptSlots[..<index] { others.append((earlier.xmlName, earlier.declarationText)) }
            if let taken = others.first(where: { $0.0.overlaps(name, attribute: false, owner: owner) }) {
                refuse("child element <\(name)> is also taken by \(taken.1): the two are ambiguous")
            }
            if textTakesWholeText {
                refuse("elements inside a .wholeText() text are part of the text; declare one or the other")
            }
            if mixedTextSlot != nil, !childSlots.isEmpty, childOrderSlot == nil {
                refuse(
                    "beside .mixedText and child slots, a kept element's place among the child objects needs .childOrder"
                )
            }
            if keyed != nil { refuse("the members of .keyedMembers are matched by key, not kept whole") }
            if readerFactory != nil { refuse("an element read by .reading(with:) gives its content to the reader") }
        }
        return problems
    }
}
