/// Mixed content: text among the child elements, kept in its place (the core's `.mixedText`)
/// where every child element is an object and the objects come in one order.
extension EmissionPlanner {
    /// XML Schema instances' namespace, whose `xsi:nil` a nillable element's object keeps.
    static let schemaInstance = "http://www.w3.org/2001/XMLSchema-instance"

    /// The model with each element of simple type inside mixed content, or among children
    /// that may interleave (``ComplexType/keepsChildOrder``), made a type of its own (a class
    /// holding the element's text), so that its place among the text pieces and its siblings
    /// is kept: a value property has none. Each such type is named after its element (a name
    /// taken gets `Text` added), so it is registered for that element. An element's default
    /// (or fixed value) becomes its text's, which fills an empty element and is written back
    /// as one; a nillable element's class keeps its `xsi:nil` as an attribute (an object the
    /// core drops for `xsi:nil` would lose its place).
    static func withTextChildrenAsTypes(_ model: SchemaModel) -> SchemaModel {
        var model = model
        let complexNames = Set(model.types.filter { $0.complexType != nil }.map(\.name))
        var takenNames = Set(model.types.map(\.name))
        var made: [String: QualifiedName] = [:]
        var added: [ModelType] = []
        for index in model.types.indices {
            guard case .complex(var complex) = model.types[index].kind, complex.isMixed || complex.keepsChildOrder
            else { continue }
            for position in complex.fields.indices where complex.fields[position].kind == .element {
                let field = complex.fields[position]
                if case .named(let name) = field.type, complexNames.contains(name) { continue }
                // Content the schema does not describe is kept whole (`XMLElementNode`), not an object.
                guard field.type != .builtin(.anyType) else { continue }
                let key =
                    field.qualifiedName.description + " " + field.type.description + " "
                    + (field.defaultValue ?? field.fixedValue ?? "") + (field.isNillable ? " nil" : "")
                if let known = made[key] {
                    complex.fields[position] = Self.slot(field, of: known)
                    continue
                }
                var name = field.qualifiedName
                while takenNames.contains(name) { name.localName += "Text" }
                takenNames.insert(name)
                made[key] = name
                var fields = [
                    Field(
                        name: "", kind: .text, type: field.type, occurrence: .optional,
                        defaultValue: field.defaultValue ?? field.fixedValue, origin: field.origin)
                ]
                if field.isNillable {
                    fields.append(
                        Field(
                            name: "nil", namespace: schemaInstance, kind: .attribute, type: .builtin(.boolean),
                            occurrence: .optional, documentation: "Whether the element says `xsi:nil=\"true\"`.",
                            origin: field.origin))
                    if !model.prefixes.values.contains(schemaInstance), model.prefixes["xsi"] == nil {
                        model.prefixes["xsi"] = schemaInstance
                    }
                }
                added.append(
                    ModelType(
                        name: name, kind: .complex(ComplexType(fields: fields)),
                        documentation: complex.isMixed
                            ? "The element `<\(field.name)>` in mixed content, as an object: its place among the "
                                + "text is kept."
                            : "The element `<\(field.name)>`, as an object: its place among its siblings, which "
                                + "may come in any order, is kept.",
                        origin: field.origin))
                complex.fields[position] = Self.slot(field, of: name)
            }
            model.types[index].kind = .complex(complex)
        }
        model.types += added
        return model
    }

    /// An element field of mixed content as a slot of its made type: its value's default
    /// and `xsi:nil` are the object's now.
    private static func slot(_ field: Field, of type: QualifiedName) -> Field {
        var slot = field
        slot.type = .named(type)
        slot.defaultValue = nil
        slot.fixedValue = nil
        slot.isNillable = false
        return slot
    }

    /// Makes a mixed type's text field keep its pieces among the child objects (the core's
    /// `.mixedText`), when every child element is an object and they come in one order: one
    /// slot, or slots the core's `.childOrder` orders; elements kept for `xs:any` count as
    /// children (alone, they are one order; beside slots, `.childOrder` names them too). Each slot then takes its elements by
    /// type when its class is registered for exactly that element (or is a family's open
    /// slot), else by name (`xml:`), as two elements of one type need; no two slots may give
    /// their children one local name, which is what the order keeps.
    /// - Returns: `false` when the class cannot, and keeps its text as one string.
    func keepsTextInPlace(
        _ entry: inout EmissionPlan.PlannedClass, classes: [QualifiedName: EmissionPlan.PlannedClass]
    ) -> Bool {
        guard entry.superclass == nil, !entry.hasSubclasses,
            entry.fields.allSatisfy({
                [.attribute, .text, .child, .children, .otherAttributes, .otherElements].contains($0.form)
                    || $0.keepsElementWhole
            }),
            let text = entry.fields.firstIndex(where: { $0.form == .text }),
            entry.fields.filter({ $0.form == .text }).count == 1
        else { return false }
        let slots = entry.fields.indices.filter {
            entry.fields[$0].form == .child || entry.fields[$0].form == .children
        }
        // Elements kept for xs:any stand among the pieces as child objects do, those of
        // generated types too: as trees, not as an `Ancestor`'s objects (which have no place).
        // Elements of xs:anyType, kept whole, stand among them too.
        let keepsElements = entry.fields.contains { $0.form == .otherElements || $0.keepsElementWhole }
        if entry.fields.contains(where: { $0.form == .otherElements }) { entry.takesGeneratedElements = false }
        // Text alone is the element's whole text: `.text` keeps it exactly.
        guard !slots.isEmpty || keepsElements else { return false }
        let kinds = slots.count + entry.fields.filter { $0.form == .otherElements || $0.keepsElementWhole }.count
        if kinds > 1 && !entry.keepsChildOrder {
            guard ordersSlots(&entry, classes: classes) else { return false }
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

    /// Makes a class whose children may interleave (``ComplexType/keepsChildOrder``) keep
    /// their order (the core's `.childOrder`), when every child element is an object of a
    /// slot the order can name (see ``ordersSlots(_:classes:)``).
    /// - Returns: Why it cannot, and then the class writes its children slot by slot; `nil` when it does.
    func keepsChildOrder(
        _ entry: inout EmissionPlan.PlannedClass, classes: [QualifiedName: EmissionPlan.PlannedClass]
    ) -> String? {
        entry.keepsChildOrder = false
        // A family's classes each keep their order (its mappings each declare it); the
        // topmost that does declares the property (see ``markInheritedChildOrder(in:)``).
        if entry.fields.contains(where: { ($0.form == .element || $0.form == .elements) && !$0.keepsElementWhole }) {
            return "some child elements hold only a value, not an object"
        }
        let slots = entry.fields.filter { $0.form == .child || $0.form == .children }
        // One kind of child has one order already; elements kept for xs:any are named in the
        // order as `{namespace}local`, which no slot's name is, so they interleave with any slot.
        // Elements of xs:anyType kept whole are named so too (`.element` of an `XMLElementNode?`).
        // Elements of generated types under the wildcard are kept as trees in their places,
        // not as an `Ancestor`'s objects (written after the others).
        if entry.fields.contains(where: { $0.form == .otherElements }) { entry.takesGeneratedElements = false }
        // Each slot, each element kept whole and the other elements are one kind of child.
        let kinds = slots.count + entry.fields.filter { $0.form == .otherElements || $0.keepsElementWhole }.count
        guard kinds > 1 else { return nil }
        return ordersSlots(&entry, classes: classes) ? nil : "its child objects cannot be told apart by their names"
    }

    /// Declares a class's child slots so that the core's `.childOrder` can order them: each
    /// takes its elements by type when its class is registered for exactly that element (or
    /// is a family's open slot), else by name (`xml:`), as two elements of one type need; no
    /// two slots may give their children one local name, which is what the order keeps.
    /// - Returns: `false` when two slots would give one name (the class is left as it was).
    func ordersSlots(
        _ entry: inout EmissionPlan.PlannedClass, classes: [QualifiedName: EmissionPlan.PlannedClass]
    ) -> Bool {
        var byType: Set<String> = []
        var names: Set<String> = []
        var ordered = entry
        for index in entry.fields.indices
        where entry.fields[index].form == .child || entry.fields[index].form == .children {
            let slot = entry.fields[index]
            if let members = slot.memberElements {
                // An untyped head's members: by their protocol, each named by its own element.
                guard byType.insert(slot.swiftType).inserted else { return false }
                for name in Set(members.map(\.localName)) where !names.insert(name).inserted { return false }
                continue
            }
            guard case .named(let typeName) = slot.field.type, let child = classes[typeName] else { return false }
            let exact =
                child.elementNames == [slot.field.qualifiedName] && child.typedElementNames.isEmpty
                && !child.hasSubclasses
            let takesByType = (slot.isOpenSlot || exact) && byType.insert(slot.swiftType).inserted
            // An open slot takes whatever its family is registered for: it cannot be named.
            if slot.isOpenSlot && !takesByType { return false }
            let given =
                slot.isOpenSlot
                ? Self.familyElements(of: child, in: classes).map(\.localName)
                : [slot.field.qualifiedName.localName]
            for name in Set(given) where !names.insert(name).inserted { return false }
            ordered.fields[index].takesByType = takesByType
        }
        ordered.keepsChildOrder = true
        entry = ordered
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

    /// Marks the classes whose superclass (or one above) declares `childOrder` already.
    static func markInheritedChildOrder(in classes: inout [QualifiedName: EmissionPlan.PlannedClass]) {
        let bySwiftName = Dictionary(classes.values.map { ($0.swiftName, $0) }, uniquingKeysWith: { first, _ in first })
        for (name, entry) in classes {
            var current = entry.superclass
            var steps = 0
            while let swiftName = current, let base = bySwiftName[swiftName], steps <= classes.count {
                if base.keepsChildOrder {
                    classes[name]?.inheritsChildOrder = true
                    break
                }
                current = base.superclass
                steps += 1
            }
        }
    }

    /// Why a mixed type keeps its text as one string, for the warning.
    static func whyTextIsNotInPlace(_ entry: EmissionPlan.PlannedClass) -> String {
        if entry.superclass != nil || entry.hasSubclasses { return "the type is part of a family of derived types" }
        if entry.fields.contains(where: { ($0.form == .element || $0.form == .elements) && !$0.keepsElementWhole }) {
            return "some child elements hold only a value, not an object"
        }
        return "its child objects cannot be kept in one order"
    }

    /// Decides which classes with `xs:any` take elements of generated mappings (as an
    /// `Ancestor`): those whose wildcard admits the namespace of some registered element.
    /// The others keep only trees (`foreignElements`). Classes that keep their children's
    /// order or their text in place keep such elements as trees too (the core keeps an
    /// element no slot takes when the type is no `Ancestor`), so that they keep their places.
    /// Classes of families keep the `Ancestor` they inherit or pass on.
    static func markGeneratedElements(
        in classes: inout [QualifiedName: EmissionPlan.PlannedClass], wrappers: [EmissionPlan.PlannedClass]
    ) {
        var registered: Set<String?> = []
        for entry in Array(classes.values) + wrappers {
            registered.formUnion(entry.elementNames.map(\.namespace))
            registered.formUnion(entry.typedElementNames.map(\.element.namespace))
        }
        for (name, entry) in classes where entry.superclass == nil && !entry.hasSubclasses {
            guard let field = entry.fields.first(where: { $0.form == .otherElements }) else { continue }
            let wildcard = field.field.wildcard ?? .any
            classes[name]?.takesGeneratedElements = registered.contains {
                wildcard.namespaces.contains($0) != wildcard.excludes
            }
        }
    }

}
