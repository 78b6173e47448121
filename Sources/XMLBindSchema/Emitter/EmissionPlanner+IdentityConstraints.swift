import XMLBind

/// XML Schema's identity constraints as generated checks: the `.validate` closure of the
/// registration of the element that declares them walks the bound objects along the
/// selector's and fields' child steps, through the classes' properties, and hands the rows
/// to the helpers of `NAME+IdentityConstraints.swift` (hashing: linear in the nodes selected).
extension EmissionPlanner {
    /// A selector's path, followed: the Swift expression of its nodes from `value`, and the
    /// class they are objects of.
    private struct SelectedNodes {
        var expression: String
        var planned: EmissionPlan.PlannedClass
        var elementName: String
    }

    mutating func planIdentityConstraints() {
        for root in model.rootElements where !root.identityConstraints.isEmpty {
            guard let index = plan.classes.firstIndex(where: { $0.elementNames.contains(root.name) }) else {
                for constraint in root.identityConstraints {
                    warn(
                        "xs:\(constraint.kind.rawValue) '\(constraint.name.localName)' of <\(root.name.localName)> is "
                            + "not checked: the element has no class of its own", at: constraint.origin)
                }
                continue
            }
            var lines: [String] = []
            var tables: [QualifiedName: (variable: String, fields: Int, what: String, line: Int)] = [:]
            var usedTables: Set<String> = []
            // Keys and uniqueness first: key references look their values up.
            let ordered =
                root.identityConstraints.filter { $0.kind != .keyref }
                + root.identityConstraints.filter { $0.kind == .keyref }
            for (number, constraint) in ordered.enumerated() {
                let what = "xs:\(constraint.kind.rawValue) '\(constraint.name.localName)'"
                guard
                    let rows = rowLines(
                        constraint, of: plan.classes[index], elementName: root.name.localName, number: number,
                        what: what)
                else {
                    continue
                }
                let fields = "[" + constraint.fieldTexts.map(SwiftLiteral.string).joined(separator: ", ") + "]"
                let label = SwiftLiteral.string(what)
                switch constraint.kind {
                case .key, .unique:
                    lines += rows
                    let call =
                        "IdentityConstraints.unique(rows\(number), \(label), fields: \(fields), "
                        + "isKey: \(constraint.kind == .key), problems: &problems)"
                    // Kept for key references (`_ =` again below if none of them is checked).
                    tables[constraint.name] = ("table\(number)", constraint.fields.count, what, lines.count)
                    lines.append("let table\(number) = " + call)
                case .keyref:
                    guard let refer = constraint.refer, let table = tables[refer] else {
                        warn(
                            "\(what) is not checked: it refers to \(constraint.refer?.description ?? "nothing"), "
                                + "which is not a key or uniqueness constraint of the same element",
                            at: constraint.origin)
                        continue
                    }
                    guard table.fields == constraint.fields.count else {
                        warn(
                            "\(what) is not checked: it has \(constraint.fields.count) fields, and \(table.what) "
                                + "\(table.fields)", at: constraint.origin)
                        continue
                    }
                    lines += rows
                    usedTables.insert(table.variable)
                    lines.append(
                        "IdentityConstraints.references(rows\(number), \(label), fields: \(fields), to: "
                            + "\(table.variable), \(SwiftLiteral.string(table.what)), problems: &problems)")
                }
            }
            for table in tables.values where !usedTables.contains(table.variable) {
                lines[table.line] = "_ = " + lines[table.line].dropFirst("let \(table.variable) = ".count)
            }
            guard !lines.isEmpty else { continue }
            lines.insert("var problems: [IdentityConstraints.Problem] = []", at: 0)
            lines.append("IdentityConstraints.report(problems, to: context)")
            plan.classes[index].identityChecks[root.name] = lines
            plan.checksIdentityConstraints = true
        }
    }

    /// The lines that gather a constraint's rows into `rowsN`; `nil` (with a warning) when
    /// a path does not lead through the generated classes.
    private mutating func rowLines(
        _ constraint: IdentityConstraint, of owner: EmissionPlan.PlannedClass, elementName: String, number: Int,
        what: String
    ) -> [String]? {
        var lines = ["var rows\(number): [IdentityConstraints.Row] = []"]
        for path in constraint.selector {
            var selected = SelectedNodes(expression: "[value]", planned: owner, elementName: elementName)
            for step in path.steps {
                guard let next = child(step, of: selected) else {
                    warn(
                        "\(what) is not checked: its selector '\(constraint.selectorText)' names <\(step.localName)>, "
                            + "which is not an element of a generated class there", at: constraint.origin)
                    return nil
                }
                selected = next
            }
            var fields: [String] = []
            for (paths, text) in zip(constraint.fields, constraint.fieldTexts) {
                var alternatives: [String] = []
                for fieldPath in paths {
                    guard let (values, whiteSpace) = values(fieldPath, from: selected) else {
                        warn(
                            "\(what) is not checked: its field '\(text)' does not lead to an attribute or a simple "
                                + "value of a generated class", at: constraint.origin)
                        return nil
                    }
                    alternatives.append(
                        "IdentityConstraints.values(\(values)" + (whiteSpace.map { ", ." + $0 } ?? "") + ")")
                }
                fields.append("IdentityConstraints.field(" + alternatives.joined(separator: " + ") + ")")
            }
            let element = SwiftLiteral.string("<\(selected.elementName)>")
            lines.append("for node in \(selected.expression) {")
            lines.append(
                "    rows\(number).append(IdentityConstraints.Row(origin: node.origin, element: \(element), fields: ["
                    + fields.joined(separator: ", ") + "]))")
            lines.append("}")
        }
        return lines
    }

    /// The child objects a step names, from the nodes selected so far.
    private func child(_ step: QualifiedName, of selected: SelectedNodes) -> SelectedNodes? {
        guard
            let field = selected.planned.fields.first(where: {
                $0.field.kind == .element && $0.field.qualifiedName == step && $0.memberElements == nil
                    && ($0.form == .child || $0.form == .children)
            }),
            let planned = plan.classes.first(where: { $0.swiftName == field.swiftType })
        else { return nil }
        let property = SwiftIdentifier.escaped(field.propertyName)
        let walk = field.form == .child ? "compactMap" : "flatMap"
        return SelectedNodes(
            expression: selected.expression + ".\(walk)({ $0.\(property) })", planned: planned,
            elementName: step.localName)
    }

    /// The expression of a field path's values (an array) from a selected node, and how
    /// their text is normalized before it is compared (`nil`: kept as it is).
    private func values(_ path: IdentityConstraint.Path, from selected: SelectedNodes) -> (String, String?)? {
        var current = SelectedNodes(expression: "[node]", planned: selected.planned, elementName: "")
        for (index, step) in path.steps.enumerated() {
            if let next = child(step, of: current) {
                current = next
                continue
            }
            // The last step may be an element of simple type: its value.
            guard index == path.steps.count - 1, path.attribute == nil,
                let field = current.planned.fields.first(where: {
                    $0.field.kind == .element && $0.field.qualifiedName == step
                        && ($0.form == .element || $0.form == .elements) && !$0.keepsElementWhole
                })
            else { return nil }
            let walk = field.form == .element ? "compactMap" : "flatMap"
            return (
                current.expression + ".\(walk)({ $0.\(SwiftIdentifier.escaped(field.propertyName)) })",
                field.swiftType == "String" ? whiteSpace(of: field.field.type) : nil
            )
        }
        // An attribute of the node reached, or its own text (`.`, or an element of simple
        // content reached by the steps).
        let field: EmissionPlan.PlannedField?
        if let attribute = path.attribute {
            field = current.planned.fields.first { $0.form == .attribute && $0.field.qualifiedName == attribute }
        } else {
            field = current.planned.fields.first { $0.form == .text }
        }
        guard let field else { return nil }
        return (
            current.expression + ".compactMap({ $0.\(SwiftIdentifier.escaped(field.propertyName)) })",
            field.swiftType == "String" ? whiteSpace(of: field.field.type) : nil
        )
    }

    /// How XML Schema normalizes the text of a value of this type before comparing it (its
    /// built-in base's `whiteSpace`): `replace`, `collapse`, or `nil` to keep it as it is.
    /// Only a `String` property needs it: the conversions of the other types trim already.
    private func whiteSpace(of reference: TypeReference) -> String? {
        var current = reference
        for _ in 0..<64 {
            switch current {
            case .builtin(.string), .builtin(.anyType), .builtin(.anySimpleType): return nil
            case .builtin(.normalizedString): return "replace"
            case .builtin: return "collapse"
            case .named(let name):
                switch typesByName[name]?.kind {
                case .restriction(let restriction): current = restriction.base
                case .enumeration(let enumeration): current = enumeration.base
                case .list, .union: return "collapse"
                case .complex, nil: return nil
                }
            }
        }
        return nil
    }
}
