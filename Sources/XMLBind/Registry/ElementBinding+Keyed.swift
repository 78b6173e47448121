/// Registration checks of a keyed shape (`.keyedMembers`): what the shape cannot honour
/// exactly is refused with the mapping's other problems.
extension ElementBinding {
    /// Whether a declaration is a keyed member.
    func isKeyed(_ item: DeclaredItem) -> Bool {
        switch item {
        case .property(let index): return properties[index].isKeyed
        case .child(let index): return childSlots[index].isKeyed
        }
    }

    /// Everything wrong with the keyed declarations, in declaration order.
    func keyedProblems() -> [RegistrationError.Problem] {
        guard let keyed else { return [] }
        var problems: [RegistrationError.Problem] = []
        var keys: [String] = []
        var keyItems: [DeclaredItem] = []
        for item in contentOrder where isKeyed(item) {
            let key: String
            switch item {
            case .property(let index):
                let property = properties[index]
                key = property.memberKey ?? ""
                if property.isUnnamed && property.declaredXMLName == nil {
                    problems.append(problem(item, "cannot tell the name of a computed property; declare it with xml:"))
                    continue
                }
                switch property.declaredForm {
                case .attribute, .text:
                    problems.append(
                        problem(
                            item,
                            "a keyed member's value is the member's content: .attribute and .text do not apply "
                                + "after .keyedMembers; declare it before, or use .property"))
                    continue
                case .either, .element: break
                }
                if property.collection?.isMap == true {
                    problems.append(
                        problem(item, "a map keyed by an attribute cannot be a keyed member: each member has one key"))
                    continue
                }
                if property.takesWholeText {
                    problems.append(problem(item, "wholeText() does not apply to a keyed member"))
                    continue
                }
            case .child(let index):
                let slot = childSlots[index]
                key = slot.memberKey ?? ""
                if slot.keyedInsert != nil {
                    problems.append(
                        problem(item, "a map of children keyed by their property cannot be a keyed member"))
                    continue
                }
            }
            if key.isEmpty {
                problems.append(problem(item, "a member key cannot be empty"))
            } else if let earlier = keys.firstIndex(of: key) {
                problems.append(
                    problem(
                        item,
                        "member '\(key)' is also taken by \(describe(keyItems[earlier])): each key names one "
                            + "declaration; give one of them another xml: name"))
            }
            keys.append(key)
            keyItems.append(item)
        }
        // The shape's own elements must not be taken by element name as well.
        let shapeNames = keyed.elementNames
        for item in contentOrder where !isKeyed(item) {
            let name: XMLName?
            switch item {
            case .property(let index):
                let property = properties[index]
                name = property.form.acceptsElement ? (property.path.first ?? property.xmlName) : nil
            case .child(let index): name = childSlots[index].path.first ?? childSlots[index].xmlName
            }
            if let name, let clash = shapeNames.first(where: { $0.local == name.local }),
                clash.local == keyed.member.local
            {
                problems.append(
                    problem(
                        item,
                        "child element <\(name)> is the keyed members' element <\(clash)>: the two are ambiguous"))
            }
        }
        if childOrderSlot != nil, childSlots.contains(where: \.isKeyed) {
            problems.append(
                problem(nil, ".childOrder does not apply to keyed members: they are written in declaration order"))
        }
        if readerFactory != nil {
            problems.append(
                problem(nil, ".reading(with:) and .keyedMembers cannot be combined: a reader reads the whole element"))
        }
        if let key = keyed.keyElement, keyed.valueElement == nil {
            problems.append(
                problem(
                    nil,
                    "a member keyed by its child <\(key)> needs a value element (value: \"value\"): its own text "
                        + "would stand before the key when written"))
        }
        if let key = keyed.keyElement, key.local == keyed.valueElement?.local {
            problems.append(problem(nil, "the key element and the value element of .keyedMembers are both <\(key)>"))
        }
        return problems
    }
}
