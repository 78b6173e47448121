import XMLBind

/// Turns a ``DTD`` into the generator's ``SchemaModel``, so that the one emitter writes the
/// Swift for it.
///
/// - Every declared element can be a document's root (a DTD does not say which one is), so
///   each is a ``RootElement``.
/// - An element with attributes, child elements or no content (`EMPTY`, `ANY`, mixed) is a
///   complex type named after it; one that holds only text and has no attributes is a
///   `String` value where it appears.
/// - An element content model is flattened into one field per child name, in the order the
///   names first appear, each with the fewest and most times the model allows it
///   (`(test?, family*)` gives `test` 0...1 and `family` 0...*, `(int, int)` gives `int`
///   2...2). A choice that is not repeated and whose names appear nowhere else becomes a
///   ``ComplexType/choices`` group.
/// - Attribute types: `CDATA` is `xs:string`, `ID`, `IDREF(S)`, `NMTOKEN(S)`, `ENTITY`,
///   `ENTITIES` their XML Schema namesakes, enumerations and `NOTATION` lists enumeration
///   types (one per distinct list of values, named after the attribute). `#REQUIRED` is a
///   required field, a default value the field's default and `#FIXED` its fixed value.
/// - Namespaces: a DTD knows none, but one that fixes `xmlns` (XML Catalogs does) puts its
///   elements in that namespace; `xmlns:p` fixed puts `p:` names in that one. `xml:space`
///   and the other `xml:` attributes are in XML's own namespace. Namespace declarations are
///   not fields.
public struct DTDModelBuilder {
    private let dtd: DTD
    private var model = SchemaModel()
    private var defaultNamespace: String?
    private var prefixes: [String: String] = [:]
    /// Enumeration types made so far, by their values, and the names taken.
    private var enumerations: [[String]: QualifiedName] = [:]
    private var takenNames: Set<String>
    /// Elements whose children may interleave, and the elements such parents hold: those
    /// are types even when they hold only text, so their order can be kept.
    private let orderedParents: Set<String>
    private let orderedChildren: Set<String>

    /// Builds the model of a DTD.
    ///
    /// - Parameter dtd: The declarations.
    /// - Returns: The model, with a warning for each thing it could not express.
    public static func model(of dtd: DTD) -> SchemaModel {
        var builder = DTDModelBuilder(dtd: dtd)
        builder.build()
        return builder.model
    }

    private init(dtd: DTD) {
        self.dtd = dtd
        self.takenNames = Set(dtd.elements.map(\.name))
        let ordered = dtd.elements.filter { Self.interleaves($0.content) }
        self.orderedParents = Set(ordered.map(\.name))
        self.orderedChildren = Set(ordered.flatMap(\.content.childNames))
        for attributes in dtd.attributeLists.values {
            for attribute in attributes {
                guard case .fixed(let uri) = attribute.defaultDeclaration else { continue }
                if attribute.name == "xmlns" {
                    defaultNamespace = defaultNamespace ?? uri
                } else if attribute.name.hasPrefix("xmlns:") {
                    prefixes[String(attribute.name.dropFirst(6))] = uri
                }
            }
        }
    }

    private mutating func build() {
        model.prefixes = prefixes
        for element in dtd.elements {
            let name = qualifiedName(ofElement: element.name, at: element.origin)
            if isSimple(element.name) {
                model.rootElements.append(
                    RootElement(
                        name: name, type: .builtin(.string), documentation: element.documentation,
                        origin: element.origin))
                continue
            }
            let complex = complexType(of: element)
            model.types.append(
                ModelType(
                    name: name, kind: .complex(complex), documentation: element.documentation, origin: element.origin))
            model.rootElements.append(
                RootElement(
                    name: name, type: .named(name), documentation: element.documentation, origin: element.origin))
        }
        for (element, attributes) in dtd.attributeLists.sorted(by: { $0.key < $1.key })
        where dtd.element(named: element) == nil {
            model.diagnostics.append(
                GenerationDiagnostic(
                    .warning,
                    "attributes are declared for '\(element)', which has no <!ELEMENT>; they are not generated",
                    at: attributes.first?.origin))
        }
    }

    /// Whether the element is a plain text value: `(#PCDATA)`, no attributes, and no parent
    /// that keeps its children's order.
    private func isSimple(_ element: String) -> Bool {
        guard let declaration = dtd.element(named: element) else { return true }
        return declaration.content == .mixed([]) && attributes(of: element).isEmpty
            && !orderedChildren.contains(element)
    }

    /// Whether children of different names may come in any order: a repeated group with two
    /// names or more (`(test | edit)+`), a name in two places of the model, or mixed content
    /// with elements.
    static func interleaves(_ content: DTDContentModel) -> Bool {
        switch content {
        case .empty, .any: return false
        case .mixed(let names): return Set(names).count > 1
        case .children(let particle):
            // A name in two places (`(%expr;), (%expr;)`) can come first or second.
            let names = particle.elementNames
            return Set(names).count < names.count || hasRepeatedGroup(particle)
        }
    }

    private static func hasRepeatedGroup(_ particle: DTDContentParticle) -> Bool {
        switch particle {
        case .element: return false
        case .sequence(let parts, let occurrence), .choice(let parts, let occurrence):
            if occurrence.allowsMany, Set(particle.elementNames).count > 1 { return true }
            return parts.contains { hasRepeatedGroup($0) }
        }
    }

    /// The attributes that are fields: namespace declarations left out.
    private func attributes(of element: String) -> [DTDAttribute] {
        dtd.attributes(of: element).filter { $0.name != "xmlns" && !$0.name.hasPrefix("xmlns:") }
    }

    // MARK: Fields

    private mutating func complexType(of element: DTDElement) -> ComplexType {
        var fields = attributes(of: element.name).map { attributeField($0, of: element.name) }
        var choices: [[Int]] = []
        var isMixed = false
        switch element.content {
        case .empty:
            break
        case .any:
            isMixed = true
            fields.append(Field(name: "", kind: .text, type: .builtin(.string), occurrence: .optional))
            fields.append(Field(name: "", kind: .any, type: .builtin(.anyType), occurrence: .any))
        case .mixed(let names):
            isMixed = !names.isEmpty
            fields.append(Field(name: "", kind: .text, type: .builtin(.string), occurrence: .optional))
            for name in Array(orderedUnique: names) {
                fields.append(elementField(name, occurrence: .any, at: element.origin))
            }
        case .children(let particle):
            let bounds = Self.bounds(of: particle)
            var indexes: [String: Int] = [:]
            for name in Array(orderedUnique: particle.elementNames) {
                let (minimum, maximum) = bounds[name] ?? (0, nil)
                indexes[name] = fields.count
                fields.append(
                    elementField(name, occurrence: Occurrence(minimum: minimum, maximum: maximum), at: element.origin))
            }
            choices = Self.exclusiveChoices(in: particle).map { group in group.compactMap { indexes[$0] } }
        }
        var complex = ComplexType(fields: fields, isMixed: isMixed, choices: choices)
        complex.keepsChildOrder = orderedParents.contains(element.name)
        return complex
    }

    private mutating func elementField(_ name: String, occurrence: Occurrence, at origin: Origin?) -> Field {
        let qualified = qualifiedName(ofElement: name, at: origin)
        if dtd.element(named: name) == nil {
            model.diagnostics.append(
                GenerationDiagnostic(
                    .warning, "the content names '\(name)', which has no <!ELEMENT>; it is read as text", at: origin))
        }
        let type: TypeReference = isSimple(name) ? .builtin(.string) : .named(qualified)
        return Field(
            name: qualified.localName, namespace: qualified.namespace, kind: .element, type: type,
            occurrence: occurrence)
    }

    private mutating func attributeField(_ attribute: DTDAttribute, of element: String) -> Field {
        var namespace: String?
        var localName = attribute.name
        if let colon = attribute.name.firstIndex(of: ":") {
            let prefix = String(attribute.name[..<colon])
            localName = String(attribute.name[attribute.name.index(after: colon)...])
            namespace = prefix == "xml" ? XMLNamespaceScope.xmlNamespace : prefixes[prefix]
            if namespace == nil {
                model.diagnostics.append(
                    GenerationDiagnostic(
                        .warning,
                        "no #FIXED xmlns:\(prefix) says which namespace '\(attribute.name)' is in; it is read without one",
                        at: attribute.origin))
                localName = attribute.name
            }
        }
        let type: TypeReference
        switch attribute.kind {
        case .cdata: type = .builtin(.string)
        case .id: type = .builtin(.id)
        case .idref: type = .builtin(.idRef)
        case .idrefs: type = .builtin(.idRefs)
        case .entity: type = .builtin(.entity)
        case .entities: type = .builtin(.entities)
        case .nmtoken: type = .builtin(.nmToken)
        case .nmtokens: type = .builtin(.nmTokens)
        case .enumeration(let values), .notation(let values):
            type = .named(enumeration(values, attribute: localName, element: element, at: attribute.origin))
        }
        var field = Field(name: localName, namespace: namespace, kind: .attribute, type: type, origin: attribute.origin)
        switch attribute.defaultDeclaration {
        case .required: field.occurrence = .required
        case .implied: field.occurrence = .optional
        case .value(let value):
            field.occurrence = .optional
            field.defaultValue = value
        case .fixed(let value):
            field.occurrence = .optional
            field.fixedValue = value
        }
        return field
    }

    /// The enumeration type of a list of values: one per distinct list, named after the
    /// attribute (`binding`), or after element and attribute (`test-target`) when another
    /// list or an element has that name.
    private mutating func enumeration(_ values: [String], attribute: String, element: String, at origin: Origin?)
        -> QualifiedName
    {
        if let name = enumerations[values] { return name }
        var local = takenNames.contains(attribute) ? "\(element)-\(attribute)" : attribute
        while takenNames.contains(local) { local += "-values" }
        takenNames.insert(local)
        let name = QualifiedName(namespace: defaultNamespace, local)
        enumerations[values] = name
        model.types.append(
            ModelType(
                name: name, kind: .enumeration(EnumerationType(values: values.map { EnumerationType.Value($0) })),
                documentation: "The values of the attribute `\(attribute)` of `<\(element)>`.", origin: origin))
        return name
    }

    private mutating func qualifiedName(ofElement name: String, at origin: Origin?) -> QualifiedName {
        guard let colon = name.firstIndex(of: ":") else { return QualifiedName(namespace: defaultNamespace, name) }
        let prefix = String(name[..<colon])
        guard let namespace = prefixes[prefix] else {
            model.diagnostics.append(
                GenerationDiagnostic(
                    .warning,
                    "no #FIXED xmlns:\(prefix) says which namespace '\(name)' is in; it is matched by its whole name",
                    at: origin))
            return QualifiedName(name)
        }
        return QualifiedName(namespace: namespace, String(name[name.index(after: colon)...]))
    }
}
