/// The registration checks of `.mixedText`: every declaration beside it must keep its
/// place among the text pieces, read and written (see ``ClassDefinition/mixedText(_:)``).
extension ElementBinding {
    func mixedTextProblems() -> [RegistrationError.Problem] {
        guard mixedTextSlot != nil else { return [] }
        var problems: [RegistrationError.Problem] = []
        for index in properties.indices {
            let property = properties[index]
            guard property.form != .attribute || !property.path.isEmpty || property.isKeyed else { continue }
            let reason =
                property.form == .text
                ? "the element's text is kept in pieces by .mixedText; declare one or the other"
                : "its element would have no place among the text pieces of .mixedText; "
                    + "declare it as .attribute, or map its element to a type in the children's slot"
            problems.append(problem(.property(index), reason))
        }
        for index in childSlots.indices where !childSlots[index].path.isEmpty || childSlots[index].isKeyed {
            problems.append(
                problem(.child(index), "a slot through a path or of keyed members has no place among the text pieces"))
        }
        if childSlots.count > 1, childOrderSlot == nil {
            problems.append(
                problem(
                    nil,
                    ".mixedText needs the child objects in one order: declare one slot (an array of a protocol "
                        + "holds several kinds), or .childOrder"))
        }
        if access.takesChildren {
            problems.append(
                problem(
                    nil,
                    ".mixedText cannot be combined with Ancestor or ChildrenProvider: their children "
                        + "have no place among the text pieces"))
        }
        if readerFactory != nil {
            problems.append(problem(nil, ".reading(with:) and .mixedText cannot be combined: a reader reads the text"))
        }
        if keyed != nil {
            problems.append(problem(nil, ".keyedMembers and .mixedText cannot be combined"))
        }
        return problems
    }
}
