import XMLBind

/// Makes the ``EmissionPlan`` of a model: names first, then each class's fields.
struct EmissionPlanner {
    let model: SchemaModel
    var plan: EmissionPlan
    /// Swift names of the model's types, by XML name.
    var typeNames: [QualifiedName: String] = [:]
    var typesByName: [QualifiedName: ModelType] = [:]
    var conversionNames: [String: String] = [:]
    var conversionAllocator = NameAllocator(
        reserved: SwiftIdentifier.keywords.union(["restricted", "floating", "hexBinary"]), ignoresCase: false)
    /// Which types are subclasses and which slots take any type of a family.
    private let polymorphism: PolymorphismPlan
    /// Substitution groups whose head has no type, and their protocols' names by head.
    private let untypedGroups: UntypedSubstitutionGroups
    private var memberProtocols: [QualifiedName: String] = [:]

    init(model: SchemaModel, moduleName: String) {
        self.model = model
        self.plan = EmissionPlan(moduleName: moduleName)
        self.polymorphism = PolymorphismPlan(model)
        self.untypedGroups = UntypedSubstitutionGroups(model, familyRegistrations: polymorphism.registrations)
        self.plan.diagnostics = polymorphism.diagnostics
    }

    /// The plan, with warnings for what could not be expressed.
    static func plan(_ model: SchemaModel, moduleName: String) -> EmissionPlan {
        let hinted = model.keepsSchemaLocationHints ? SchemaLocationHints.added(to: model) : model
        var planner = EmissionPlanner(model: withTextChildrenAsTypes(hinted), moduleName: moduleName)
        planner.nameTypes()
        planner.planClasses()
        planner.planIdentityConstraints()
        planner.planPrefixes()
        return planner.plan
    }

    // MARK: Names

    private mutating func nameTypes() {
        var allocator = NameAllocator(
            reserved: SwiftIdentifier.reservedTypeNames.union([plan.moduleName, "Conversions", "IdentityConstraints"])
                .union(model.services.isEmpty ? [] : ServiceShape.reservedTypeNames)
                .union(ServiceShape.scopes(of: model.services, moduleName: plan.moduleName).compactMap { $0 }),
            ignoresCase: true)
        for type in model.types.sorted(by: { $0.name < $1.name }) {
            guard typesByName[type.name] == nil else {
                warn("type \(type.name) is declared twice; the second declaration is skipped", at: type.origin)
                continue
            }
            typesByName[type.name] = type
            var base = SwiftIdentifier.pascalCase(type.name.localName, fallback: "Type")
            if base.lowercased() == plan.moduleName.lowercased() { base += "Type" }
            let name = allocator.claim(SwiftIdentifier.reservedTypeNames.contains(base) ? base + "_" : base)
            typeNames[type.name] = name
            if case .enumeration(let enumeration) = type.kind {
                plan.enums.append(planEnum(type, enumeration, swiftName: name))
            }
        }
        // Roots of simple type get a wrapper class of their own, named after the element.
        for root in model.rootElements.sorted(by: { $0.name < $1.name }) where !isComplex(root.type) {
            let base = SwiftIdentifier.pascalCase(root.name.localName, fallback: "Element") + "Element"
            let name = allocator.claim(base)
            let text = Field(name: "", kind: .text, type: root.type, occurrence: .optional, origin: root.origin)
            plan.classes.append(
                EmissionPlan.PlannedClass(
                    swiftName: name, xmlName: root.name, documentation: root.documentation,
                    fields: planFields([text], in: name).fields, elementNames: [root.name], choices: []))
        }
        // A protocol for each substitution group of an untyped head, after the types' names.
        for (head, members) in untypedGroups.members.sorted(by: { $0.key < $1.key }) {
            let name = allocator.claim(SwiftIdentifier.pascalCase(head.localName, fallback: "Group") + "Member")
            memberProtocols[head] = name
            plan.protocols.append(EmissionPlan.PlannedProtocol(swiftName: name, head: head, members: members))
        }
    }

    private func planEnum(_ type: ModelType, _ enumeration: EnumerationType, swiftName: String)
        -> EmissionPlan.PlannedEnum
    {
        var allocator = NameAllocator(
            reserved: ["init", "rawValue", "allCases", "xmlConversion", "self", "Self", "Type", "Protocol"],
            ignoresCase: false)
        var seen: Set<String> = []
        var values: [(caseName: String, value: EnumerationType.Value)] = []
        for value in enumeration.values where seen.insert(value.value).inserted {
            let base = value.value.isEmpty ? "empty" : SwiftIdentifier.camelCase(value.value, fallback: "value")
            values.append((allocator.claim(base), value))
        }
        return EmissionPlan.PlannedEnum(swiftName: swiftName, type: type, values: values)
    }

    private func isComplex(_ reference: TypeReference) -> Bool {
        guard case .named(let name) = reference, let type = typesByName[name] else { return false }
        return type.complexType != nil
    }

    // MARK: Classes

    private mutating func planClasses() {
        var usedElementNames = Set(model.rootElements.map(\.name))
        for registrations in polymorphism.registrations.values {
            usedElementNames.formUnion(registrations.map(\.element))
        }
        let wrappers = plan.classes
        plan.classes = []
        var planned: [QualifiedName: EmissionPlan.PlannedClass] = [:]
        // Bases first, so that a subclass knows the properties it inherits.
        let types = model.types.sorted { $0.name < $1.name }
        func depth(_ name: QualifiedName) -> Int {
            var depth = 0
            var current = name
            while let next = polymorphism.superclass[current], depth < types.count {
                depth += 1
                current = next
            }
            return depth
        }
        var homes: [QualifiedName: QualifiedName] = [:]
        for type in types where type.complexType != nil {
            let isRoot = model.rootElements.contains { $0.type == .named(type.name) }
            let isRegistered = polymorphism.registrations[type.name]?.contains { $0.xsiType == nil } ?? false
            guard !isRoot && !isRegistered, homes[type.name] == nil else { continue }
            // A type no root element uses is registered for an element of its own name
            // (which no document of the schema uses), so that child slots can bind it.
            var home = type.name
            while usedElementNames.contains(home) { home.localName += "Type" }
            usedElementNames.insert(home)
            homes[type.name] = home
        }
        for type in types.sorted(by: { (depth($0.name), $0.name) < (depth($1.name), $1.name) }) {
            guard let complex = type.complexType, let swiftName = typeNames[type.name],
                !planned.values.contains(where: { $0.swiftName == swiftName })
            else { continue }
            let isFamily = polymorphism.familyTypes.contains(type.name)
            // An abstract type of a family is never bound without an `xsi:type`, not even at a
            // (then abstract) element of its own: a slot of it would take such elements as it.
            var elements =
                complex.isAbstract && isFamily
                ? [] : model.rootElements.filter { $0.type == .named(type.name) }.map(\.name)
            let registrations = polymorphism.registrations[type.name] ?? []
            for registration in registrations
            where registration.xsiType == nil && !elements.contains(registration.element) {
                elements.append(registration.element)
            }
            if let home = homes[type.name] { elements.append(home) }
            if complex.isAbstract && !isFamily {
                warn(
                    "abstract type \(type.name) is generated as a concrete class; no element of the schema holds a "
                        + "type derived from it", at: type.origin)
            }
            let parent = polymorphism.superclass[type.name].flatMap { planned[$0] }
            var inherited: [String: String] = [:]
            // A class's fields are all its properties, declared or inherited: what a subclass inherits.
            for field in parent?.fields ?? [] { inherited[field.propertyName] = Self.propertyKey(field) }
            let (fields, indexMap) = planFields(
                complex.fields, in: swiftName, owner: type.name, inherited: inherited)
            let choices = complex.choices.compactMap { group -> [Int]? in
                let members = group.compactMap { indexMap[$0] }.filter {
                    fields[$0].form == .element || fields[$0].form == .child
                }
                return members.count >= 2 ? members : nil
            }
            var entry = EmissionPlan.PlannedClass(
                swiftName: swiftName, xmlName: type.name, documentation: type.documentation, fields: fields,
                elementNames: elements, choices: choices)
            entry.typedElementNames = registrations.compactMap { registration in
                registration.xsiType.map { (registration.element, $0) }
            }
            entry.superclass = parent?.swiftName
            entry.hasSubclasses = polymorphism.hasSubclasses.contains(type.name)
            entry.recordsElementName = isFamily
            entry.inheritsOtherAttributes =
                parent.map { $0.keepsOtherAttributes || $0.inheritsOtherAttributes } ?? false
            entry.inheritsOtherElements = parent.map { $0.keepsOtherElements || $0.inheritsOtherElements } ?? false
            planned[type.name] = entry
        }
        Self.markGeneratedElements(in: &planned, wrappers: wrappers)
        for type in types {
            guard let complex = type.complexType, complex.isMixed || complex.keepsChildOrder,
                var entry = planned[type.name]
            else { continue }
            // Mixed content that cannot keep its children's order cannot keep its text in place
            // either: that warning says it.
            if complex.keepsChildOrder, let why = keepsChildOrder(&entry, classes: planned), !complex.isMixed {
                warn(
                    "the children of \(type.name) may come in any order; they are written back in declaration "
                        + "order (" + why + ")", at: type.origin)
            }
            if complex.isMixed {
                if keepsTextInPlace(&entry, classes: planned) {
                    // Kept in place.
                } else if entry.fields.contains(where: { Self.elementForms.contains($0.form) }) {
                    warn(
                        "mixed content of \(type.name): the text between child elements is kept as one string; its "
                            + "place among them is not written back (" + Self.whyTextIsNotInPlace(entry) + ")",
                        at: type.origin)
                }
            }
            planned[type.name] = entry
        }
        Self.markInheritedChildOrder(in: &planned)
        var seen: Set<QualifiedName> = []
        plan.classes = types.filter { seen.insert($0.name).inserted }.compactMap { planned[$0.name] } + wrappers
        // Members of untyped heads' groups conform to their groups' protocols.
        for index in plan.classes.indices {
            let elements = Set(plan.classes[index].elementNames)
            plan.classes[index].memberProtocols = plan.protocols.filter { !elements.isDisjoint(with: $0.members) }
                .map(\.swiftName)
        }
    }

    /// The forms of fields that hold child elements.
    static let elementForms: [EmissionPlan.Form] = [.child, .children, .element, .elements, .otherElements]

    /// What makes two properties the same: the Swift type of the declaration.
    private static func propertyKey(_ field: EmissionPlan.PlannedField) -> String {
        "\(field.form == .elements || field.form == .children || field.form == .otherElements || field.form == .otherAttributes)"
            + field.swiftType
    }

    /// The planned fields, and for each field of the input that became one, its index.
    ///
    /// - Parameters:
    ///   - owner: The type's XML name, for its open slots (see ``PolymorphismPlan``).
    ///   - inherited: The properties a superclass declares, by name: a field of the same name
    ///     and Swift type is that property; another takes another name.
    private mutating func planFields(
        _ fields: [Field], in className: String, owner: QualifiedName? = nil, inherited: [String: String] = [:]
    ) -> (fields: [EmissionPlan.PlannedField], indexMap: [Int: Int]) {
        var allocator = NameAllocator(
            reserved: SwiftIdentifier.reservedPropertyNames.union([
                "addAttribute", "addChild", "childrenToWrite", "childOrder", "elementName", "foreignElements",
            ]).union(inherited.keys),
            ignoresCase: false)
        var planned: [EmissionPlan.PlannedField] = []
        var indexMap: [Int: Int] = [:]
        var hasOtherElements = false
        var hasOtherAttributes = false
        for (index, field) in fields.enumerated() {
            let form: EmissionPlan.Form
            var swiftType = "String"
            var conversion: String?
            switch field.kind {
            case .any:
                if hasOtherElements { continue }
                hasOtherElements = true
                form = .otherElements
                swiftType = "Any"
            case .anyAttribute:
                if hasOtherAttributes { continue }
                hasOtherAttributes = true
                form = .otherAttributes
                swiftType = "XMLAttribute"
            case .attribute, .text:
                form = field.kind == .attribute ? .attribute : .text
                (swiftType, conversion) = valueShape(of: field.type, at: field.origin)
            case .element:
                if case .named(let name) = field.type, let type = typesByName[name], type.complexType != nil,
                    let childName = typeNames[name]
                {
                    form = field.occurrence.isRepeated ? .children : .child
                    swiftType = childName
                } else if field.type == .builtin(.anyType), let name = memberProtocols[field.qualifiedName] {
                    // An untyped substitution head: its members' objects, by type.
                    form = field.occurrence.isRepeated ? .children : .child
                    swiftType = "(any \(name))"
                } else if field.type == .builtin(.anyType) {
                    // Content the schema does not describe: the element kept whole, markup and all.
                    form = field.occurrence.isRepeated ? .elements : .element
                    swiftType = "XMLElementNode"
                } else {
                    form = field.occurrence.isRepeated ? .elements : .element
                    (swiftType, conversion) = valueShape(of: field.type, at: field.origin)
                }
            }
            let base: String
            switch form {
            case .otherElements: base = "otherElements"
            case .otherAttributes: base = "otherAttributes"
            case .text: base = field.name.isEmpty ? "value" : SwiftIdentifier.camelCase(field.name, fallback: "value")
            case .attribute where field.namespace == Self.schemaInstance && field.name == "nil": base = "isNil"
            case .attribute where field.namespace == Self.schemaInstance:
                base =
                    SchemaLocationHints.attributes.first { $0.name == field.name }?.property
                    ?? SwiftIdentifier.camelCase(field.name, fallback: "value")
            default: base = SwiftIdentifier.camelCase(field.name, fallback: "value")
            }
            let reserved = SwiftIdentifier.reservedPropertyNames.contains(base) || base == "elementName"
            var plannedField = EmissionPlan.PlannedField(
                field: field, propertyName: reserved ? base + "Value" : base, form: form, swiftType: swiftType,
                conversion: conversion)
            if let key = inherited[plannedField.propertyName], key == Self.propertyKey(plannedField),
                !planned.contains(where: { $0.propertyName == plannedField.propertyName })
            {
                plannedField.isInherited = true
            } else {
                plannedField.propertyName = allocator.claim(plannedField.propertyName)
            }
            if memberProtocols[field.qualifiedName] != nil, form == .child || form == .children,
                field.type == .builtin(.anyType)
            {
                plannedField.takesByType = true
                plannedField.memberElements = untypedGroups.members[field.qualifiedName]
            } else if let owner, form == .child || form == .children {
                plannedField.isOpenSlot = polymorphism.openSlots.contains(
                    PolymorphismPlan.FieldKey(owner: owner, field: field.qualifiedName))
            }
            indexMap[index] = planned.count
            // Attribute defaults fill an absent attribute; element defaults an empty element
            // (the core's `.defaultWhenEmpty()`). Lists convert their default as any value.
            if form == .attribute || form == .element || form == .text,
                let value = field.defaultValue ?? field.fixedValue
            {
                plannedField.appliedDefault = value
            }
            if swiftType == "XMLElementNode", form == .element || form == .elements {
                plannedField.appliedDefault = nil
                plannedField.keepsElementWhole = true
            }
            planned.append(plannedField)
        }
        return (planned, indexMap)
    }

    // MARK: Prefixes

    private mutating func planPrefixes() {
        plan.prefixes = model.prefixes.filter { !$0.key.isEmpty && $0.value != BuiltinType.namespace }
            .map { (prefix: $0.key, uri: $0.value) }.sorted { $0.prefix < $1.prefix }
    }

    mutating func warn(_ message: String, at origin: Origin?) {
        plan.diagnostics.append(GenerationDiagnostic(.warning, message, at: origin))
    }
}
