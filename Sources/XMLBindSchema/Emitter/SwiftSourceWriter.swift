import XMLBind

/// Writes the text of each generated file from an ``EmissionPlan``.
struct SwiftSourceWriter {
    let plan: EmissionPlan
    let header: String

    var imports: String { "import Foundation\nimport XMLBind\n" }

    // MARK: The binder

    func binderFile() -> String {
        var text = header + "\n" + imports + "\n"
        text += "/// The generated model: its types are nested here, and ``binder`` binds their documents\n"
        text += "/// and writes them back.\n"
        text += "public enum \(plan.moduleName) {\n"
        text += "    /// Binds documents of this model and writes them back: every generated mapping registered.\n"
        let prefixes =
            plan.prefixes.isEmpty
            ? ""
            : "prefixes: ["
                + plan.prefixes.map { SwiftLiteral.string($0.prefix) + ": " + SwiftLiteral.string($0.uri) }
                .joined(separator: ", ") + "]"
        // Per class, the registrations chosen by `xsi:type` first: a program's new object (which
        // names no element) is written by the type's last registration, its own element.
        let mappings = plan.classes.flatMap { planned in
            planned.typedElementNames.map { mapping(of: planned, element: $0.element, xsiType: $0.xsiType) }
                + planned.elementNames.map { mapping(of: planned, element: $0) }
        }
        guard !mappings.isEmpty else {
            return text + "    public static let binder: XMLBinder = XMLBinder(\(prefixes))\n}\n"
        }
        // One function per mapping, called from a function the stored property's initializer
        // calls: the type checker takes each body alone, and the module's interface needs none
        // of them. Inside one closure, MathML's 405 mappings kept `emit-module` over ten minutes.
        // The mappings go into one batch, registered once: registered one by one, the registry
        // was compiled again for each (IP-XACT's 485 mappings took two minutes to register).
        text += "    public static let binder: XMLBinder = makeBinder()\n\n"
        text += "    private static func makeBinder() -> XMLBinder {\n"
        text += "        var batch = MappingBatch()\n"
        for index in mappings.indices {
            text += "        add\(index)(to: &batch)\n"
        }
        text += "        do {\n"
        text += "            return try XMLBinder(\(prefixes)).register(batch: batch)\n"
        text += "        } catch {\n"
        text += "            // The mappings are fixed at generation; one that does not register is a generator bug.\n"
        text +=
            "            preconditionFailure(\"the generated mappings of \(plan.moduleName) do not register: \\(error)\")\n"
        text += "        }\n"
        text += "    }\n"
        for (index, mapping) in mappings.enumerated() {
            text += "\n" + registration(mapping, index: index)
        }
        text += "}\n"
        return text
    }

    /// One mapping's registration function. One declaration per statement: one chain of thirty
    /// overloaded calls (fontconfig's `<ceil>`) takes the type checker minutes, while each
    /// statement alone checks fast.
    private func registration(_ mapping: String, index: Int) -> String {
        let indent = "                    "
        let lines = mapping.split(separator: "\n", omittingEmptySubsequences: false)
        let declares = lines.dropFirst().contains { $0.hasPrefix(indent + ".") || $0.hasPrefix(indent + "(") }
        var text = "    private static func add\(index)(to batch: inout MappingBatch) {\n"
        text += "        \(declares ? "var" : "let") definition = "
        text += (lines.first?.trimmingCharacters(in: .whitespaces) ?? "") + "\n"
        for line in lines.dropFirst() {
            if line.hasPrefix(indent + ".") {
                text += "        definition = definition" + line.dropFirst(indent.count) + "\n"
            } else if line.hasPrefix(indent + "(") {
                // A declaration that depends on a value (a default, see `declaration(of:)`).
                text += "        definition = " + line.dropFirst(indent.count) + "\n"
            } else {
                // The lines of a closure (a `.validate` check), moved left with their statement.
                text += (line.hasPrefix(indent) ? line.dropFirst(indent.count - 8) : line[...]) + "\n"
            }
        }
        text += "        batch.add(definition)\n"
        text += "    }\n"
        return text
    }

    private func mapping(
        of planned: EmissionPlan.PlannedClass, element: QualifiedName, xsiType: QualifiedName? = nil
    ) -> String {
        let indent = "                    "
        // `prefix:local` with the namespace given: the prefix is the writer's first choice for it.
        let prefix = element.namespace.flatMap { uri in plan.prefixes.first { $0.uri == uri }?.prefix }
        let name = prefix.map { $0 + ":" + element.localName } ?? element.localName
        var text =
            "                mapping(\(planned.swiftName).self, element: \(SwiftLiteral.string(name)), "
            + "namespace: \(SwiftLiteral.string(element.namespace ?? "")))"
        if let xsiType { text += "\n" + indent + ".xsiType(\(SwiftLiteral.string(xsiType.description)))" }
        if planned.recordsElementName { text += "\n" + indent + ".elementName(\\.elementName)" }
        for field in planned.fields {
            text += declaration(of: field, indent: indent, ownerNamespace: element.namespace)
        }
        if planned.keepsChildOrder { text += "\n" + indent + ".childOrder(\\.childOrder)" }
        for choice in planned.choices {
            text +=
                "\n" + indent + ".choice("
                + choice.map { "\\." + SwiftIdentifier.escaped(planned.fields[$0].propertyName) }
                .joined(separator: ", ") + ")"
        }
        if let checks = planned.identityChecks[element] {
            // XML Schema's identity constraints, checked when the element is complete.
            text += "\n" + indent + ".validate { value, context in\n"
            text += checks.map { indent + "    " + $0 + "\n" }.joined() + indent + "}"
        }
        if planned.keepsOtherElements {
            // xs:any: elements of registered types go to `Ancestor`; the others, in the namespaces
            // the wildcard admits, are kept as trees; any beyond them are reported, not lost silently.
            let wildcard = planned.fields.first { $0.form == .otherElements }?.field.wildcard
            text += "\n" + indent + ".otherElements(\\.foreignElements, namespaces: \(Self.literal(wildcard)))"
            text += "\n" + indent + ".unknownContent(.warning)"
        }
        return text
    }

    /// One field's declaration; a child slot takes its elements by name (`xml:`) unless it
    /// takes them by type (a family's open slot, or a slot in a class that keeps its
    /// children's order whose type is registered for exactly its element).
    private func declaration(
        of planned: EmissionPlan.PlannedField, indent: String, ownerNamespace: String?
    ) -> String {
        let field = planned.field
        let keyPath = "\\." + SwiftIdentifier.escaped(planned.propertyName)
        var xml = SwiftLiteral.string(field.qualifiedName.description)
        let isElement = [.element, .elements, .child, .children].contains(planned.form)
        if field.namespace == nil, ownerNamespace != nil, isElement, !field.acceptsOwnerNamespace {
            // An unqualified local element (SOAP 1.1's `<faultcode>` in `<soap:Fault>`): an
            // unprefixed name would be written in its owner's namespace; `{}` keeps it in none.
            xml = SwiftLiteral.string("{}" + field.name)
        }
        if field.namespace == EmissionPlanner.schemaInstance,
            let prefix = plan.prefixes.first(where: { $0.uri == EmissionPlanner.schemaInstance })?.prefix
        {
            // `xsi:nil` (mixed content's objects): the prefix makes the binder's the writer's choice.
            xml = SwiftLiteral.string(prefix + ":" + field.name)
        }
        let conversion = planned.conversion.map { ", conversion: \($0)" } ?? ""
        let occurrence = field.occurrence
        var text = "\n" + indent
        switch planned.form {
        case .attribute:
            if let defaultValue = planned.appliedDefault {
                // The default is read by the value's own conversion when the binder is made: one
                // that does not convert (a schema whose default breaks its own facets) is not
                // applied, rather than stopping the program.
                // A required attribute (DATEX II's `modelBaseVersion`, `use="required" fixed="2"`)
                // is always written: left out as its default, the document would be invalid.
                let converter = planned.conversion ?? "\(planned.swiftType).xmlConversion"
                let plain = "definition.attribute(\(keyPath), xml: \(xml), conversion: \(converter)"
                let omitted = occurrence.minimum > 0 ? "" : ".omittedWhenDefault()"
                return text + "(try? \(converter).parse(\(SwiftLiteral.string(defaultValue)))).map { "
                    + plain + ", default: $0)\(omitted) } ?? " + plain + ")"
            }
            text += ".attribute(\(keyPath), xml: \(xml)\(conversion))"
            if occurrence.minimum > 0 && field.defaultValue == nil && field.fixedValue == nil {
                text += ".required()"
            }
        case .element where planned.keepsElementWhole, .elements where planned.keepsElementWhole:
            // Kept whole: no conversion, and no modifier (its bounds are checked by `.validate`).
            text += ".\(planned.form == .element ? "element" : "elements")(\(keyPath), xml: \(xml))"
            text += bounds(of: planned, indent: indent)
        case .element:
            let required = occurrence.minimum > 0 && !field.isNillable ? ".required()" : ""
            if let defaultValue = planned.appliedDefault {
                // An element's default fills an empty element, converted as an attribute's is.
                let converter = planned.conversion ?? "\(planned.swiftType).xmlConversion"
                let plain = "definition.element(\(keyPath), xml: \(xml), conversion: \(converter)"
                return text + "(try? \(converter).parse(\(SwiftLiteral.string(defaultValue)))).map { "
                    + plain + ", default: $0).defaultWhenEmpty()\(required) } ?? " + plain + ")\(required)"
            }
            text += ".element(\(keyPath), xml: \(xml)\(conversion))"
            text += required
        case .elements:
            text += ".elements(\(keyPath), xml: \(xml)\(conversion))"
            if occurrence.minimum > 0 { text += ".required()" }
            text += bounds(of: planned, indent: indent)
        case .text:
            if let defaultValue = planned.appliedDefault {
                // An element's default (mixed content's objects): it fills an empty element, which
                // a value equal to it is written back as.
                let converter = planned.conversion ?? "\(planned.swiftType).xmlConversion"
                let plain = "definition.text(\(keyPath), conversion: \(converter)"
                return text + "(try? \(converter).parse(\(SwiftLiteral.string(defaultValue)))).map { "
                    + plain + ", default: $0).omittedWhenDefault() } ?? " + plain + ")"
            }
            text += ".text(\(keyPath)\(conversion))"
        case .mixedText:
            text += ".mixedText(\(keyPath))"
        case .child:
            text += planned.takesByType || planned.isOpenSlot ? ".child(\(keyPath))" : ".child(\(keyPath), xml: \(xml))"
            if occurrence.minimum > 0 && !field.isNillable { text += ".required()" }
        case .children:
            text +=
                planned.takesByType || planned.isOpenSlot
                ? ".children(\(keyPath))" : ".children(\(keyPath), xml: \(xml))"
            if occurrence.minimum > 0 { text += ".required()" }
            text += bounds(of: planned, indent: indent)
        case .otherElements, .otherAttributes:
            return ""
        }
        return text
    }

    /// A check of a repeated field's occurrence bounds beyond "at least one".
    private func bounds(of planned: EmissionPlan.PlannedField, indent: String) -> String {
        let occurrence = planned.field.occurrence
        let property = "value." + SwiftIdentifier.escaped(planned.propertyName)
        let count = property + ".count"
        let element = "<" + planned.field.name + ">"
        var checks: [String] = []
        if planned.keepsElementWhole, occurrence.minimum == 1 || (occurrence.minimum > 0 && planned.form == .element) {
            // An element kept whole takes no `.required()`: the check is its own.
            let message = SwiftLiteral.string("the element \(element) is required")
            let missing = planned.form == .element ? "\(property) == nil" : "\(count) == 0"
            checks.append("if \(missing) { context.error(\(message)) }")
        }
        if occurrence.minimum > 1 {
            let message = SwiftLiteral.string("at least \(occurrence.minimum) \(element) elements are required, not ")
            checks.append("if \(count) < \(occurrence.minimum) { context.error(\(message) + String(\(count))) }")
        }
        if let maximum = occurrence.maximum, maximum > 1 {
            let message = SwiftLiteral.string("at most \(maximum) \(element) elements are allowed, not ")
            checks.append("if \(count) > \(maximum) { context.error(\(message) + String(\(count))) }")
        }
        guard !checks.isEmpty else { return "" }
        return "\n" + indent + ".validate { value, context in\n"
            + checks.map { indent + "    " + $0 + "\n" }.joined() + indent + "}"
    }

    // MARK: Classes

    func classFile(_ planned: EmissionPlan.PlannedClass) -> String {
        // A subclass (a type derived in a family, see ``PolymorphismPlan``) inherits its base's
        // conformances and the properties its base declares.
        var conformances = planned.superclass.map { [$0] } ?? ["Bindable", "OriginAware"]
        let keepsOtherAttributes = planned.keepsOtherAttributes && !planned.inheritsOtherAttributes
        let keepsOtherElements = planned.keepsOtherElements && !planned.inheritsOtherElements
        // XMLBind's other name for `AttributeContainer`, which Foundation also has.
        if keepsOtherAttributes { conformances.append("XMLAttributeContainer") }
        // Elements of generated types under `xs:any`, where it admits their namespaces.
        let takesObjects = keepsOtherElements && planned.takesGeneratedElements
        if takesObjects { conformances += ["Ancestor", "ChildrenProvider"] }
        conformances += planned.memberProtocols
        var text = header + "\n" + imports + "\n"
        text += "extension \(plan.moduleName) {\n"
        let about =
            "Bound from `<\(planned.elementNames.first?.localName ?? planned.xmlName.localName)>`"
            + (planned.xmlName.namespace.map { " in `\($0)`" } ?? "") + "."
        text += SwiftLiteral.documentation(joined(planned.documentation, about), indent: "    ")
        let kind = planned.hasSubclasses ? "class" : "final class"
        text += "    public \(kind) \(planned.swiftName): \(conformances.joined(separator: ", ")) {\n"
        for field in planned.fields where !field.isInherited && (field.form != .otherElements || takesObjects) {
            text += SwiftLiteral.documentation(joined(field.field.documentation, describe(field)), indent: "        ")
            text += "        public var \(SwiftIdentifier.escaped(field.propertyName)): \(propertyType(of: field))\n"
        }
        if keepsOtherElements {
            text += "        /// Elements that `xs:any` allows and no generated mapping binds (other vocabularies),\n"
            text += "        /// kept as they were read and written back after the declared children.\n"
            text += "        public var foreignElements: [XMLElementNode] = []\n"
        }
        if planned.keepsChildOrder && !planned.inheritsChildOrder {
            text += "        /// The element names of the children, in document order: written back in that order.\n"
            text += "        public var childOrder: [String] = []\n"
        }
        if planned.superclass == nil {
            if planned.recordsElementName {
                text += "        /// The element it was read from: writing chooses the same registration, so that a\n"
                text +=
                    "        /// type derived from the declared one keeps its `xsi:type`, and a substitution group's\n"
                text += "        /// member its element. Empty for a new object: the type's own element.\n"
                text += "        public var elementName = \"\"\n"
            }
            text += "        /// Where the element starts in its document.\n"
            text += "        public var origin: Origin?\n\n"
        } else {
            text += "\n"
        }
        text += "        /// Creates an empty value, for the binder to fill.\n"
        if planned.superclass != nil {
            text += "        public required init() { super.init() }\n"
        } else {
            text += planned.hasSubclasses ? "        public required init() {}\n" : "        public init() {}\n"
        }
        if keepsOtherAttributes, let field = planned.fields.first(where: { $0.form == .otherAttributes }) {
            text += "\n        /// Keeps an attribute that `xs:anyAttribute` allows, with its namespace.\n"
            text +=
                "        public func addAttribute(_ attribute: XMLAttribute) { \(SwiftIdentifier.escaped(field.propertyName)).append(attribute) }\n\n"
            text += "        /// Not called: ``addAttribute(_:)`` receives every attribute.\n"
            text += "        public func addAttribute(_ name: String, value: String) {}\n\n"
            text += "        /// The kept attributes, written after the declared ones.\n"
            text +=
                "        public var keptAttributesToWrite: [XMLAttribute] { \(SwiftIdentifier.escaped(field.propertyName)) }\n"
        }
        if takesObjects, let field = planned.fields.first(where: { $0.form == .otherElements }) {
            text += "\n        /// Keeps an element that `xs:any` allows and a generated mapping binds.\n"
            text +=
                "        public func addChild(_ child: Any) { \(SwiftIdentifier.escaped(field.propertyName)).append(child) }\n\n"
            text += "        /// The kept elements, written after the declared children.\n"
            text += "        public var childrenToWrite: [Any] { \(SwiftIdentifier.escaped(field.propertyName)) }\n"
        }
        text += "    }\n}\n"
        return text
    }

    /// An ``ElementWildcard`` as Swift source: `.any` for `nil`.
    static func literal(_ wildcard: ElementWildcard?) -> String {
        guard let wildcard, !(wildcard.excludes && wildcard.namespaces.isEmpty) else { return ".any" }
        let listed = wildcard.namespaces.map { $0.map(SwiftLiteral.string) ?? "nil" }.sorted()
        return (wildcard.excludes ? ".except([" : ".only([") + listed.joined(separator: ", ") + "])"
    }

    private func propertyType(of planned: EmissionPlan.PlannedField) -> String {
        switch planned.form {
        case .attribute, .element, .text, .child: "\(planned.swiftType)?"
        case .elements, .children, .otherElements, .otherAttributes, .mixedText: "[\(planned.swiftType)] = []"
        }
    }

    /// One line saying where the value is in the XML, with its bounds and default.
    private func describe(_ planned: EmissionPlan.PlannedField) -> String {
        let field = planned.field
        if planned.form == .mixedText {
            return "Mixed content's text, in pieces: piece i before the i-th child, the last after the last one."
        }
        if planned.memberElements != nil {
            return
                "The elements in the place of `<\(field.name)>`, its substitution group's (\(field.occurrence.description))."
        }
        var text: String
        switch field.kind {
        case .attribute: text = "The attribute `\(field.name)`"
        case .element: text = "The element `<\(field.name)>`"
        case .text: text = "The element's text"
        case .any: return "Elements that `xs:any` allows, of the generated types (others: `foreignElements`)."
        case .anyAttribute: return "Attributes that `xs:anyAttribute` allows."
        }
        text += " (\(field.type), \(field.occurrence.description)"
        if field.isNillable { text += ", nillable" }
        text += ")."
        if let value = field.defaultValue { text += " Default: `\(value)`." }
        if let value = field.fixedValue { text += " Fixed: `\(value)`." }
        return text
    }

    private func joined(_ documentation: String?, _ line: String) -> String {
        guard let documentation, !documentation.allSatisfy(\.isWhitespace) else { return line }
        return documentation + "\n\n" + line
    }

    // MARK: Enums

    func enumFile(_ planned: EmissionPlan.PlannedEnum) -> String {
        var text = header + "\n" + imports + "\n"
        text += "extension \(plan.moduleName) {\n"
        let about = "The values of `\(planned.type.name.localName)`."
        text += SwiftLiteral.documentation(joined(planned.type.documentation, about), indent: "    ")
        let name = planned.swiftName
        guard !planned.values.isEmpty else {
            text += "    public typealias \(name) = String\n}\n"
            return text
        }
        text += "    public enum \(name): String, Sendable, CaseIterable, XMLValueConvertible {\n"
        for (caseName, value) in planned.values {
            text += SwiftLiteral.documentation(value.documentation, indent: "        ")
            text += "        case \(SwiftIdentifier.escaped(caseName)) = \(SwiftLiteral.string(value.value))\n"
        }
        let listed =
            planned.values.prefix(20).map(\.value.value).joined(separator: ", ")
            + (planned.values.count > 20 ? ", …" : "")
        text += "\n        /// Reads a value by its text (surrounding whitespace ignored) and writes its text.\n"
        text += "        public static var xmlConversion: Conversion<\(name)> {\n"
        text += "            Conversion(\n"
        text += "                parse: { text in\n"
        text += "                    if let value = \(name)(rawValue: text)"
        text += " ?? \(name)(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines)) {\n"
        text += "                        return value\n"
        text += "                    }\n"
        text += "                    throw ConversionError(\(SwiftLiteral.string("not one of " + listed)))\n"
        text += "                },\n"
        text += "                format: { $0.rawValue })\n"
        text += "        }\n"
        text += "    }\n}\n"
        return text
    }
}
