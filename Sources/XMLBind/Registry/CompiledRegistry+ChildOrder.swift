/// The registration check of `.childOrder` that needs the other mappings.
extension CompiledRegistry {
    /// The slots of a mapping with `.childOrder` that can give a child the same local name
    /// (the name the order keeps): its writer could not tell which slot's child comes next.
    ///
    /// - Parameter chosen: For each binding, the unnamed slot of the parent that takes it, or -1.
    static func childOrderProblems(
        parent: ElementBinding, chosen: [Int], bindings: [ElementBinding]
    ) -> [RegistrationError.Problem] {
        var claimedBy: [String: Int] = [:]
        var problems: [RegistrationError.Problem] = []
        for slot in parent.childSlots.indices where parent.childSlots[slot].path.isEmpty {
            var names: [String] = []
            if let name = parent.childSlots[slot].xmlName {
                names = [name.local]
            } else {
                for (child, taker) in chosen.enumerated() where taker == slot {
                    names.append(bindings[child].elementName.local)
                }
            }
            for name in Set(names).sorted() {
                if let earlier = claimedBy[name], earlier != slot {
                    problems.append(
                        parent.problem(
                            .child(slot),
                            "gives its children the name <\(name)>, as \(parent.describe(.child(earlier))) does: "
                                + ".childOrder keeps local names, and could not tell which comes next; give one "
                                + "of them another xml: name"))
                } else {
                    claimedBy[name] = slot
                }
            }
        }
        return problems
    }
}
