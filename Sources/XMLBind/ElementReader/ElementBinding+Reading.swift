/// The checks on a mapping read by an ``ElementReader`` (`.reading(with:)`): its declarations
/// only describe writing, so a declaration that changes nothing but reading cannot be
/// honoured, and is refused rather than silently ignored.
extension ElementBinding {
    /// Every declaration of a reading mapping that only reading would honour.
    func readerProblems() -> [RegistrationError.Problem] {
        guard readerFactory != nil else { return [] }
        var problems: [RegistrationError.Problem] = []
        let why = "only changes reading, and this mapping is read by its ElementReader (.reading(with:)): drop it"
        for item in contentOrder {
            switch item {
            case .property(let index):
                let property = properties[index]
                if property.isRequired { problems.append(problem(item, ".required() \(why)")) }
                if property.makeDefaultSetter != nil {
                    problems.append(problem(item, "a default: value \(why)"))
                }
                if property.takesWholeText {
                    problems.append(problem(item, ".wholeText() \(why)"))
                }
            case .child(let index):
                if childSlots[index].isRequired {
                    problems.append(problem(item, ".required() \(why)"))
                }
            }
        }
        if !choices.isEmpty { problems.append(problem(nil, ".choice(…) \(why)")) }
        if !ignoredElements.isEmpty || !ignoredAttributes.isEmpty || !ignoredNamespaces.isEmpty {
            problems.append(problem(nil, ".ignoring(…) \(why)"))
        }
        if unknownContentPolicy != nil {
            problems.append(problem(nil, ".unknownContent(…) \(why)"))
        }
        if access.keepsAttributes {
            problems.append(
                problem(
                    nil,
                    "\(typeName) is an AttributeContainer, but its element's attributes go to its ElementReader "
                        + "(ReaderElement.attributes), never to the container; read them there, or drop the "
                        + "conformance"))
        }
        return problems
    }
}
