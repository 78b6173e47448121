/// Substitution groups whose head has no type (`xs:anyType`), such as MathML's
/// `PresentationExpression`: its members (`<mi>`, `<mrow>`, `<plus/>`…) have types of their
/// own that derive from no common base, so they are no family of ``PolymorphismPlan``.
///
/// Such a head, where a type holds it, becomes a child slot matched by type (no `xml:`)
/// whose element type is a protocol every member's class conforms to
/// (`[any PresentationExpressionMember]`): each member is bound as its own class, in the
/// head's place, and written back as its own element; among other children, the order
/// keeps it by its element's name.
///
/// A head is taken only when each member's class is registered for that member's element
/// alone (so that the slot's objects are written back as the elements they were read from):
/// a member of a complex type that other global elements use, or that a family registers at
/// other elements (by `xsi:type`), leaves the head as it was (a value of `xs:anyType`, with
/// its warning). A family type registered for its member element alone is taken.
struct UntypedSubstitutionGroups {
    /// The concrete member elements of each head taken, transitively, sorted; the head
    /// itself first when it is not abstract.
    private(set) var members: [QualifiedName: [QualifiedName]] = [:]

    /// - Parameters:
    ///   - model: The model whose global elements make the groups.
    ///   - familyRegistrations: The elements ``PolymorphismPlan`` registers each family type
    ///     for, beyond the global elements of the type.
    init(_ model: SchemaModel, familyRegistrations: [QualifiedName: [PolymorphismPlan.Registration]]) {
        let roots = model.rootElements
        let complexTypes = Set(model.types.filter { $0.complexType != nil }.map(\.name))
        // How many global elements each complex type is the type of.
        var uses: [QualifiedName: Int] = [:]
        for root in roots { if case .named(let name) = root.type { uses[name, default: 0] += 1 } }
        for head in roots where head.type == .builtin(.anyType) && members[head.name] == nil {
            var found: [QualifiedName] = head.isAbstract ? [] : [head.name]
            var queue = [head.name]
            var seen: Set<QualifiedName> = [head.name]
            while let next = queue.popLast() {
                for root in roots where root.substitutionGroup == next && seen.insert(root.name).inserted {
                    queue.append(root.name)
                    if !root.isAbstract { found.append(root.name) }
                }
            }
            guard found.count > (head.isAbstract ? 0 : 1) else { continue }
            let alone = found.allSatisfy { name in
                guard let root = roots.first(where: { $0.name == name }) else { return false }
                guard case .named(let type) = root.type, complexTypes.contains(type) else { return true }
                let others = (familyRegistrations[type] ?? []).filter { $0.element != name }
                return uses[type] == 1 && others.isEmpty
            }
            guard alone else { continue }
            members[head.name] = head.isAbstract ? found.sorted() : [head.name] + found.dropFirst().sorted()
        }
    }
}
