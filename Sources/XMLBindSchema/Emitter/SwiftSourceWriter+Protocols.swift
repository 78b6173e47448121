extension SwiftSourceWriter {
    /// The protocol of a substitution group whose head has no type (see
    /// ``UntypedSubstitutionGroups``): the element type of the slots in the head's place,
    /// which each member's class conforms to.
    func protocolFile(_ planned: EmissionPlan.PlannedProtocol) -> String {
        var text = header + "\n" + imports + "\n"
        text += "extension \(plan.moduleName) {\n"
        let members = planned.members.map { "`<\($0.localName)>`" }
        let listed = members.prefix(20).joined(separator: ", ") + (members.count > 20 ? ", …" : "")
        text += SwiftLiteral.documentation(
            "The elements that stand in the place of `<\(planned.head.localName)>` (its substitution group,\n"
                + "whose head has no type): \(listed).\n"
                + "A slot of this type takes each as its own class, and writes it back as its own element.",
            indent: "    ")
        text += "    public protocol \(planned.swiftName): AnyObject {}\n}\n"
        return text
    }
}
