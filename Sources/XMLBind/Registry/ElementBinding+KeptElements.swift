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
