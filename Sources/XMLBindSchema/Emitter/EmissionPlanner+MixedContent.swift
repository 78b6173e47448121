/// Mixed content: text among the child elements, kept in its place (the core's `.mixedText`)
/// where every child element is an object and the objects come in one order.
extension EmissionPlanner {
    /// The model with each element of simple type inside mixed content made a type of its
    /// own (a class holding the element's text), so that its place among the text pieces is
    /// kept: a value property has none. Each such type is named after its element (a name
    /// taken gets `Text` added), so it is registered for that element.
    static func withTextChildrenAsTypes(_ model: SchemaModel) -> SchemaModel {
        var model = model
        let complexNames = Set(model.types.filter { $0.complexType != nil }.map(\.name))
        var takenNames = Set(model.types.map(\.name))
        var made: [String: QualifiedName] = [:]
        var added: [ModelType] = []
        for index in model.types.indices {
            guard case .complex(var complex) = model.types[index].kind, complex.isMixed,
                !complex.fields.contains(where: { $0.kind == .any })
            else { continue }
            for position in complex.fields.indices where complex.fields[position].kind == .element {
                let field = complex.fields[position]
                if case .named(let name) = field.type, complexNames.contains(name) { continue }
                // A value the element itself must say (nil, default, fixed, any content) stays a value.
                guard !field.isNillable, field.defaultValue == nil, field.fixedValue == nil,
                    field.type != .builtin(.anyType)
                else { continue }
                let key = field.qualifiedName.description + " " + field.type.description
                if let known = made[key] {
                    complex.fields[position].type = .named(known)
                    continue
                }
                var name = field.qualifiedName
                while takenNames.contains(name) { name.localName += "Text" }
                takenNames.insert(name)
                made[key] = name
                let text = Field(name: "", kind: .text, type: field.type, occurrence: .optional, origin: field.origin)
                added.append(
                    ModelType(
                        name: name, kind: .complex(ComplexType(fields: [text])),
                        documentation: "The element `<\(field.name)>` in mixed content, as an object: its place "
                            + "among the text is kept.",
                        origin: field.origin))
                complex.fields[position].type = .named(name)
            }
            model.types[index].kind = .complex(complex)
        }
        model.types += added
        return model
    }

    /// Makes a mixed type's text field keep its pieces among the child objects (the core's
    /// `.mixedText`), when every child element is an object and they come in one order: one
    /// slot, or slots the core's `.childOrder` orders. Each slot then takes its elements by
    /// type when its class is registered for exactly that element (or is a family's open
    /// slot), else by name (`xml:`), as two elements of one type need; no two slots may give
    /// their children one local name, which is what the order keeps.
    /// - Returns: `false` when the class cannot, and keeps its text as one string.
    func keepsTextInPlace(
        _ entry: inout EmissionPlan.PlannedClass, classes: [QualifiedName: EmissionPlan.PlannedClass]
    ) -> Bool {
        guard entry.superclass == nil, !entry.hasSubclasses,
            entry.fields.allSatisfy({ [.attribute, .text, .child, .children, .otherAttributes].contains($0.form) }),
            let text = entry.fields.firstIndex(where: { $0.form == .text }),
            entry.fields.filter({ $0.form == .text }).count == 1
        else { return false }
        let slots = entry.fields.indices.filter { entry.fields[$0].form == .child || entry.fields[$0].form == .children }
        // Text alone is the element's whole text: `.text` keeps it exactly.
        guard !slots.isEmpty else { return false }
        if slots.count > 1 && !entry.keepsChildOrder {
            var byType: Set<String> = []
            var names: Set<String> = []
            for index in slots {
                let slot = entry.fields[index]
                guard case .named(let typeName) = slot.field.type, let child = classes[typeName] else { return false }
                let exact =
                    child.elementNames == [slot.field.qualifiedName] && child.typedElementNames.isEmpty
                    && !child.hasSubclasses
                let takesByType = (slot.isOpenSlot || exact) && byType.insert(slot.swiftType).inserted
                // An open slot takes whatever its family is registered for: it cannot be named.
                if slot.isOpenSlot && !takesByType { return false }
                let given =
                    slot.isOpenSlot
                    ? Self.familyElements(of: child, in: classes).map(\.localName) : [slot.field.qualifiedName.localName]
                for name in Set(given) where !names.insert(name).inserted { return false }
                entry.fields[index].takesByType = takesByType
            }
            entry.keepsChildOrder = true
        }
        entry.fields[text].form = .mixedText
        // `value` (a text field's usual name) would read as one value: `texts`, when free.
        if entry.fields[text].propertyName == "value", !entry.fields.contains(where: { $0.propertyName == "texts" }) {
            entry.fields[text].propertyName = "texts"
        }
        entry.fields[text].swiftType = "String"
        entry.fields[text].conversion = nil
        return true
    }

    /// Every element a class and the classes derived from it are registered for: what a
    /// slot that takes the class by type takes.
    static func familyElements(
        of root: EmissionPlan.PlannedClass, in classes: [QualifiedName: EmissionPlan.PlannedClass]
    ) -> [QualifiedName] {
        var members = [root.swiftName]
        var elements: [QualifiedName] = []
        for member in classes.values.sorted(by: { $0.xmlName < $1.xmlName }) where member.superclass != nil {
            var current: String? = member.superclass
            var steps = 0
            while let name = current, steps <= classes.count {
                if name == root.swiftName {
                    members.append(member.swiftName)
                    break
                }
                current = classes.values.first { $0.swiftName == name }?.superclass
                steps += 1
            }
        }
        for member in classes.values where members.contains(member.swiftName) {
            elements += member.elementNames + member.typedElementNames.map(\.element)
        }
        return elements
    }

    /// Why a mixed type keeps its text as one string, for the warning.
    static func whyTextIsNotInPlace(_ entry: EmissionPlan.PlannedClass) -> String {
        if entry.superclass != nil || entry.hasSubclasses { return "the type is part of a family of derived types" }
        if entry.fields.contains(where: { $0.form == .element || $0.form == .elements }) {
            return "some child elements hold only a value, not an object"
        }
        if entry.fields.contains(where: { $0.form == .otherElements }) { return "it allows xs:any" }
        return "its child objects cannot be kept in one order"
    }

}
