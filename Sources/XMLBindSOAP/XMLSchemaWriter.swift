import XMLBind

/// Writes one namespace's `<xs:schema>` from an ``XMLSchemaPlan``.
struct XMLSchemaWriter {
    let plan: XMLSchemaPlan
    let targetNamespace: String?
    /// Prefixes for the other namespaces the schema refers to, in first-use order.
    private var foreign: [(uri: String?, prefix: String)] = []
    private var body = ""
    /// Named simple types (enums, lists) made on the way, written after the complex types.
    private var simpleTypes: [(name: String, definition: String)] = []

    /// The file each namespace's schema is in, for `xs:import schemaLocation`; empty for
    /// schemas that are not files (the WSDL's).
    private let locations: [String?: String]

    init(plan: XMLSchemaPlan, targetNamespace: String?, locations: [String?: String] = [:]) {
        self.plan = plan
        self.targetNamespace = targetNamespace
        self.locations = locations
    }

    mutating func write() throws(XMLSchemaError) -> String {
        for index in plan.elementsByNamespace[targetNamespace] ?? [] {
            let mapping = plan.mappings[index]
            // An element that holds only text is of a simple type: no complex type for it.
            let type: String
            if let text = Self.onlyText(of: mapping) {
                type = try simpleType(of: text, in: mapping)
            } else {
                type = reference(plan.typeNames[index], in: targetNamespace)
            }
            body += "<xs:element name=\"\(mapping.element.local)\" type=\"\(type)\"/>"
        }
        for definition in plan.typeDefinitions[targetNamespace] ?? []
        where Self.onlyText(of: plan.mappings[definition.mapping]) == nil {
            try writeComplexType(definition.name, mapping: plan.mappings[definition.mapping])
        }
        body += simpleTypes.map(\.definition).joined()
        var head = "<xs:schema xmlns:xs=\"\(XMLSchemaGenerator.schemaNamespace)\""
        if let targetNamespace {
            head +=
                " xmlns:tns=\"\(Self.escaped(targetNamespace))\" targetNamespace=\"\(Self.escaped(targetNamespace))\""
        }
        for entry in foreign where entry.uri != nil {
            head += " xmlns:\(entry.prefix)=\"\(Self.escaped(entry.uri ?? ""))\""
        }
        head += " elementFormDefault=\"qualified\">"
        for entry in foreign {
            head += "<xs:import"
            if let uri = entry.uri { head += " namespace=\"\(Self.escaped(uri))\"" }
            if let location = locations[entry.uri] { head += " schemaLocation=\"\(Self.escaped(location))\"" }
            head += "/>"
        }
        return head + body + "</xs:schema>"
    }

    /// `tns:Name`, `nsN:Name`, or `Name` for a schema without a target namespace.
    private mutating func reference(_ name: String, in namespace: String?) -> String {
        if namespace == targetNamespace { return targetNamespace == nil ? name : "tns:\(name)" }
        if let known = foreign.first(where: { $0.uri == namespace }) {
            return namespace == nil ? name : "\(known.prefix):\(name)"
        }
        let prefix = "ns\(foreign.count + 1)"
        foreign.append((namespace, prefix))
        return namespace == nil ? name : "\(prefix):\(name)"
    }

    // MARK: Complex types

    private typealias Content = XMLSchemaContent

    /// Value elements that carry attributes and an optional value (`details/price` with
    /// `details/price/@currency`) are written empty without the value: their type then
    /// also allows the empty string.
    private mutating func allowEmptyValues(in content: inout Content) {
        for index in content.children.indices {
            guard case .named(var named) = content.children[index], var inner = named.content else { continue }
            allowEmptyValues(in: &inner)
            if named.valueIsOptional, let type = named.type, inner.children.isEmpty {
                let local = type.split(separator: ":").last.map(String.init) ?? type
                let name = "\(local)OrEmpty"
                named.type = namedSimpleType(
                    name,
                    definition: "<xs:simpleType name=\"\(name)\"><xs:union memberTypes=\"\(type)\"><xs:simpleType>"
                        + "<xs:restriction base=\"xs:string\"><xs:length value=\"0\"/></xs:restriction></xs:simpleType>"
                        + "</xs:union></xs:simpleType>")
            }
            named.content = inner
            content.children[index] = .named(named)
        }
    }

    /// The text property of a mapping that declares nothing else.
    private static func onlyText(of mapping: XMLBinder.DeclaredMapping) -> XMLBinder.DeclaredProperty? {
        guard mapping.contents.count == 1, case .property(let property) = mapping.contents[0], property.kind == .text,
            !property.takesWholeText
        else { return nil }
        return property
    }

    private mutating func writeComplexType(_ name: String, mapping: XMLBinder.DeclaredMapping) throws(XMLSchemaError) {
        var content = Content()
        var textType: String?
        var wholeText = false
        for item in mapping.contents {
            switch item {
            case .property(let property):
                if property.kind == .text {
                    textType = try simpleType(of: property, in: mapping)
                    wholeText = property.takesWholeText
                    continue
                }
                try add(property, of: mapping, to: &content, steps: property.path[...])
            case .child(let child):
                try add(child, of: mapping, to: &content)
            case .keptElement(let kept):
                // Kept whole: any content, attributes and elements (xs:anyType).
                let form = try elementForm(kept.name, ofSlot: kept.swiftName, in: mapping)
                try content.named(kept.name.local, form: form) {
                    (element: inout Content.Named) throws(XMLSchemaError) in
                    element.type = "xs:anyType"
                    element.occurs = kept.isList ? Content.repeated : " minOccurs=\"0\""
                }
            }
        }
        allowEmptyValues(in: &content)
        // Attributes that no property takes are kept, and written back.
        if mapping.type is any AttributeContainer.Type { content.allowAttributes(in: "##any") }
        if wholeText, content.children.isEmpty {
            // `.text(…).wholeText()`: any elements inside, their text part of the value.
            body +=
                Content.anyMixedContent.replacingOccurrences(
                    of: "<xs:complexType ", with: "<xs:complexType name=\"\(name)\" ")
                + content.writtenAttributes() + "</xs:complexType>"
            return
        }
        body += "<xs:complexType name=\"\(name)\""
        if let textType {
            if content.children.isEmpty {
                body +=
                    "><xs:simpleContent><xs:extension base=\"\(textType)\">"
                    + content.writtenAttributes()
                body += "</xs:extension></xs:simpleContent></xs:complexType>"
                return
            }
            body += " mixed=\"true\""
        } else if mapping.keepsMixedText {
            // `.mixedText`: text among the child elements.
            body += " mixed=\"true\""
        }
        body += ">" + content.written() + "</xs:complexType>"
    }

    private mutating func add(
        _ property: XMLBinder.DeclaredProperty, of mapping: XMLBinder.DeclaredMapping, to content: inout Content,
        steps: ArraySlice<XMLBinder.DeclaredName>
    ) throws(XMLSchemaError) {
        if let step = steps.first {
            let form = try elementForm(step, of: property, in: mapping)
            // `link/@type` into a list: one value per `<link>`, which repeats.
            let repeats = steps.count == 1 && property.repetition != .single && property.kind == .attribute
            try content.named(step.local, form: form) { (wrapper: inout Content.Named) throws(XMLSchemaError) in
                var inner = wrapper.content ?? Content()
                try add(property, of: mapping, to: &inner, steps: steps.dropFirst())
                wrapper.content = inner
                if repeats { wrapper.occurs = Content.repeated }
            }
            return
        }
        let type = try simpleType(of: property, in: mapping)
        let shape = SwiftTypeShape(property.valueType)
        let isAttribute: Bool
        switch property.kind {
        case .attribute: isAttribute = true
        case .element, .text: isAttribute = false
        case .attributeOrElement:
            isAttribute = (property.writtenForm ?? mapping.propertyForm ?? plan.generator.propertyForm) == .attribute
        }
        if isAttribute {
            switch property.name.namespace.orNoneForAttribute {
            case .none: break
            case .uri(let uri):
                // xsi: attributes are allowed on every element; others are described as
                // any attribute of their namespace (a local declaration cannot name one).
                if uri != SOAPMarkup.instanceNamespace { content.allowAttributes(in: uri) }
                return
            default:
                throw XMLSchemaError(
                    message:
                        "cannot describe attribute '\(property.name.local)' of \(mapping.typeName): the binder does not "
                        + "know its namespace")
            }
            let use = property.isRequired && property.repetition == .single ? " use=\"required\"" : ""
            content.attributes.append("<xs:attribute name=\"\(property.name.local)\" type=\"\(type)\"\(use)/>")
        } else {
            let form = try elementForm(property.name, of: property, in: mapping)
            let optional = shape.isOptional || property.hasDefault ? " minOccurs=\"0\"" : ""
            try content.named(property.name.local, form: form) {
                (element: inout Content.Named) throws(XMLSchemaError) in
                element.type = type
                element.takesWholeText = property.takesWholeText
                switch property.repetition {
                case .single:
                    element.occurs = optional
                    element.valueIsOptional = shape.isOptional
                    // The reader takes `xsi:nil="true"` for an optional, and the writer
                    // writes it where `nil` is not what `init()` gives.
                    element.isNillable = shape.isOptional && property.path.isEmpty
                case .list:
                    element.occurs = Content.repeated
                case .map(let key):
                    element.occurs = Content.repeated
                    var keyed = element.content ?? Content()
                    if case .uri(let uri) = key.namespace {
                        // `xml:lang`: an attribute of another namespace, described as any of it.
                        keyed.allowAttributes(in: uri)
                    } else {
                        let attribute = "<xs:attribute name=\"\(key.local)\" type=\"xs:string\" use=\"required\"/>"
                        if !keyed.attributes.contains(attribute) { keyed.attributes.append(attribute) }
                    }
                    element.content = keyed
                }
            }
        }
    }

    /// `form="unqualified"` for a child element in no namespace, nothing for one in the
    /// target namespace; an error for any other.
    private func elementForm(
        _ name: XMLBinder.DeclaredName, of property: XMLBinder.DeclaredProperty, in mapping: XMLBinder.DeclaredMapping
    ) throws(XMLSchemaError) -> String {
        try elementForm(name, ofSlot: property.swiftName, in: mapping)
    }

    private func elementForm(
        _ name: XMLBinder.DeclaredName, ofSlot swiftName: String, in mapping: XMLBinder.DeclaredMapping
    )
        throws(XMLSchemaError) -> String
    {
        switch name.namespace {
        case .any: return ""
        case .none: return targetNamespace == nil ? "" : " form=\"unqualified\""
        case .uri(let uri) where uri == targetNamespace: return ""
        default:
            throw XMLSchemaError(
                message:
                    "cannot describe element <\(name.local)> of property '\(swiftName)' of \(mapping.typeName): "
                    + "a child element in another namespace than its parent's needs a mapping of its own")
        }
    }

    private mutating func add(
        _ child: XMLBinder.DeclaredChild, of mapping: XMLBinder.DeclaredMapping, to content: inout Content
    )
        throws(XMLSchemaError)
    {
        let taken = child.mappings
        guard !taken.isEmpty else { return }
        let occurs = child.isList ? Content.repeated : " minOccurs=\"0\""
        if let name = child.name {
            // A named slot: its children are elements of that name, of their own types.
            let form = try elementForm(name, ofSlot: child.swiftName, in: mapping)
            let types = taken.map { reference(plan.typeNames[$0], in: plan.elementNamespaces[$0]) }
            let type = types.count == 1 ? " type=\"\(types[0])\"" : ""
            content.children.append(
                .raw(open: "<xs:element name=\"\(name.local)\"\(form)\(type)", occurs: occurs, close: "/>"))
            return
        }
        var references: [String] = []
        for index in taken {
            let element = plan.mappings[index].element.local
            references.append(reference(element, in: plan.elementNamespaces[index]))
        }
        if references.count == 1 {
            content.children.append(.raw(open: "<xs:element ref=\"\(references[0])\"", occurs: occurs, close: "/>"))
        } else {
            content.children.append(
                .raw(
                    open: "<xs:choice", occurs: occurs,
                    close: ">" + references.map { "<xs:element ref=\"\($0)\"/>" }.joined() + "</xs:choice>"))
        }
    }

    /// The simple type of a property's value: a named override, its built-in conversion's
    /// type, a restriction for an enum, an `xs:list` for a whitespace list (an array read from
    /// one element or attribute); for `.elements`, the type of each value.
    private mutating func simpleType(of property: XMLBinder.DeclaredProperty, in mapping: XMLBinder.DeclaredMapping)
        throws(XMLSchemaError) -> String
    {
        if let named = plan.generator.override(for: property.keyPath) { return named.description }
        let shape = SwiftTypeShape(property.valueType)
        let item = itemType(of: shape)
        // `.elements`: each element (or attribute) holds one value.
        guard shape.isList, property.repetition == .single else { return item }
        let name = "\(TypeNames.base(shape.base))List"
        return namedSimpleType(
            name, definition: "<xs:simpleType name=\"\(name)\"><xs:list itemType=\"\(item)\"/></xs:simpleType>")
    }

    /// The type of one value: built in, or an enum's restriction (named after the enum).
    private mutating func itemType(of shape: SwiftTypeShape) -> String {
        if let builtIn = XMLSchemaType.builtIn(for: shape.base) { return builtIn.description }
        guard let raw = shape.rawType else { return XMLSchemaType.string.description }
        let base = (XMLSchemaType.builtIn(for: raw) ?? .string).description
        guard let cases = shape.cases else { return base }
        let name = TypeNames.base(shape.base)
        let values = cases.map { "<xs:enumeration value=\"\(Self.escaped($0))\"/>" }.joined()
        return namedSimpleType(
            name,
            definition:
                "<xs:simpleType name=\"\(name)\"><xs:restriction base=\"\(base)\">\(values)</xs:restriction></xs:simpleType>"
        )
    }

    /// A reference to a named simple type of this schema, defined once.
    private mutating func namedSimpleType(_ name: String, definition: String) -> String {
        if !simpleTypes.contains(where: { $0.name == name }) { simpleTypes.append((name, definition)) }
        return targetNamespace == nil ? name : "tns:\(name)"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}

/// Type names as schema names: `Color` for an enum `Shapes.Color`.
enum TypeNames {
    static func base(_ type: Any.Type) -> String {
        let name = String(describing: type)
        return String(name.split(separator: ".").last ?? Substring(name))
    }
}

extension XMLBinder.DeclaredNamespace {
    /// An attribute registered without a namespace is in none.
    fileprivate var orNoneForAttribute: XMLBinder.DeclaredNamespace {
        self == .any ? .none : self
    }
}
