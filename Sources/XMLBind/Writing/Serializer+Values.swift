extension Serializer {
    // MARK: Attributes

    /// Writes the declared attributes, then an ``AttributeContainer``'s.
    ///
    /// A `String`, `String?` or `Bool` with its built-in conversion is read from its field
    /// and written straight after its ` name="` (unless defaults are omitted or
    /// substitutions restored, which compare the text first).
    mutating func writeAttributes(_ form: WritingForm, _ box: AnyObject) throws(XMLBindError) {
        let binding = form.binding
        let readsFields = readsFieldsInPlace
        // The names are lent once for all the attributes; the first refusal ends the loop.
        let refused: (index: Int, character: XMLWriter.InvalidCharacter)? = form.attributeStarts.withUnsafeBytes {
            names in
            for attribute in form.attributes {
                let source = attribute.value
                let start = UnsafeRawBufferPointer(rebasing: names[attribute.start])
                if readsFields, source.isPlain {
                    let fields = FieldAccess.of(box, isClass: form.isClass)
                    if source.boolOffset >= 0 {
                        writer.raw(start)
                        writer.raw(fields.load(Bool.self, at: source.boolOffset) ? "true\"" : "false\"")
                        continue
                    }
                    // The string is read where it is, without a copy (see FieldAccess.withUTF8).
                    let outcome = fields.withUTF8(ofStringAt: source.textOffset, isOptional: source.textIsOptional) {
                        text -> XMLWriter.InvalidCharacter? in
                        do throws(XMLWriter.InvalidCharacter) {
                            try writer.attribute(start: start, utf8: text)
                            return nil
                        } catch {
                            return error
                        }
                    }
                    if case .some(.some(let character)) = outcome { return (source.index, character) }
                } else {
                    guard let value = value(source, of: form, box) else { continue }
                    do throws(XMLWriter.InvalidCharacter) {
                        try writer.attribute(start: start, value)
                    } catch {
                        return (source.index, error)
                    }
                }
            }
            return nil
        }
        if let refused {
            throw Self.invalid(
                refused.character, "property '\(binding.properties[refused.index].propertyName)'", binding)
        }
        guard let extras = binding.access.readAttributes?(box), !extras.isEmpty else { return }
        try writeKeptAttributes(extras, form, box)
    }

    /// Whether a value with ``WritingForm/Value/isPlain`` may be read from its field: not
    /// when it is compared with its default or its substitution first.
    var readsFieldsInPlace: Bool { !options.omitsDefaultValues && options.restoresSubstitutions == nil }

    /// A property's formatted value, or `nil` when it is not written (see
    /// ``value(_:of:_:)-(Int,_,_)``). A `String`, `String?` or `Bool` with its built-in
    /// conversion is read from its field: the text its conversion would give, without a
    /// call through the key path.
    mutating func value(_ source: WritingForm.Value, of form: WritingForm, _ box: AnyObject) -> String? {
        guard source.isPlain, !options.omitsDefaultValues, options.restoresSubstitutions == nil else {
            return value(source.index, of: form.binding, box)
        }
        let fields = FieldAccess.of(box, isClass: form.isClass)
        if source.boolOffset >= 0 { return fields.load(Bool.self, at: source.boolOffset) ? "true" : "false" }
        return source.textIsOptional
            ? fields.load(String?.self, at: source.textOffset) : fields.load(String.self, at: source.textOffset)
    }

    /// The attributes an ``AttributeContainer`` gives, each checked: an XML name, not a
    /// namespace declaration, not one already written.
    private mutating func writeKeptAttributes(_ extras: [XMLAttribute], _ form: WritingForm, _ box: AnyObject)
        throws(XMLBindError)
    {
        let binding = form.binding
        var written = Set(
            form.attributes.compactMap { attribute in
                value(attribute.value.index, of: binding, box).map { _ in
                    let name = binding.properties[attribute.value.index].xmlName
                    return plan.qualified(name.local, plan.target(of: name, attribute: true))
                }
            })
        for extra in extras {
            let name = plan.qualified(extra.localName, plan.target(of: extra))
            let qualifiedName = extra.name
            let problem: String? =
                !XMLNameCheck.isQualifiedName(qualifiedName)
                ? "it is not an XML name"
                : qualifiedName == "xmlns" || qualifiedName.hasPrefix("xmlns:")
                    ? "namespace declarations are written by the writer"
                    : written.contains(name) ? "the element already has an attribute of that name" : nil
            if let problem {
                throw XMLBindError(
                    code: .invalidAttribute,
                    message: "cannot write attribute '\(qualifiedName)' of <\(binding.elementName)>: \(problem)")
            }
            try checked("attribute '\(qualifiedName)'", binding) { try $0.attribute(name, extra.value) }
            written.insert(name)
        }
    }

    // MARK: Values

    /// Where a declared property is written: `.property` by its own, its definition's or
    /// the options' form; CDATA only fits an element.
    static func placement(of property: PropertyBinding, in binding: ElementBinding, options: WritingOptions)
        -> Placement
    {
        switch property.form {
        case .attribute: return .attribute
        case .element: return .element
        case .text: return .text
        case .either:
            if property.writesCDATA { return .element }
            switch property.writtenForm ?? binding.propertyForm ?? options.propertyForm {
            case .attribute: return .attribute
            case .element: return .element
            }
        }
    }

    /// A property's formatted value, or `nil` when it is not written: a `nil` optional,
    /// or (with ``WritingOptions/omitsDefaultValues`` or `.omittedWhenDefault()`) a value
    /// equal to its default. With
    /// ``WritingOptions/restoresSubstitutions``, the `${…}` text a value was resolved from.
    mutating func value(_ index: Int, of binding: ElementBinding, _ box: AnyObject) -> String? {
        // The property's fields are read in place: a copy of the whole binding (a dozen
        // closures) per value would cost more than most values' formatting.
        guard var text = binding.properties[index].read(box) else { return nil }
        if text.utf8.first == UInt8(ascii: "{"), PropertyBinding.isQualifiedName(binding.properties[index].valueType) {
            text =
                PropertyBinding.isQualifiedNameList(binding.properties[index].valueType)
                ? text.split(separator: " ").map { qualifiedNameText(String($0)) }.joined(separator: " ")
                : qualifiedNameText(text)
        }
        if let original = options.restoresSubstitutions?.original(
            of: box, binding: binding, property: index, current: text)
        {
            text = original
        }
        // An element default (`.defaultWhenEmpty()`) is written as its value: documents spell
        // it out far more often than they leave the element empty (IP-XACT's
        // `<direction>out</direction>`, every ReqIF's fixed `<REQ-IF-VERSION>1.0<…>`), and a
        // schema-aware reader reads either the same.
        if binding.properties[index].defaultsWhenEmpty { return text }
        guard options.omitsDefaultValues || binding.properties[index].omitsDefault,
            !binding.properties[index].isRequired || binding.properties[index].makeDefaultSetter != nil
        else { return text }
        let initial = binding.properties[index].defaultText ?? initialValue(index, of: binding)
        return text == initial ? nil : text
    }

    mutating func initialValue(_ index: Int, of binding: ElementBinding) -> String? {
        let key = ObjectIdentifier(binding)
        if let values = initialValues[key] { return values[index] }
        let fresh = binding.access.makeObject()
        let values = binding.properties.map { $0.read(fresh) }
        initialValues[key] = values
        return values[index]
    }

    /// Writes a text value, as character data or CDATA as the property asks.
    mutating func writeValue(_ text: String, _ index: Int, _ binding: ElementBinding) throws(XMLBindError) {
        // A keyed member's key (Serializer+Keyed.swift) belongs to no property.
        guard index >= 0 else {
            do { try writer.text(text) } catch { throw Self.invalid(error, "a member key", binding) }
            return
        }
        do {
            if binding.properties[index].writesCDATA { try writer.cdata(text) } else { try writer.text(text) }
        } catch {
            throw Self.invalid(error, "property '\(binding.properties[index].propertyName)'", binding)
        }
    }

    /// A qualified name's value as written: `{uri}prefix:local` (``XMLQualifiedName``'s
    /// conversion) as `prefix:local` with the prefix the plan declares for the URI (noted
    /// by the planning walk, ``noteQualifiedNames(_:_:)``).
    func qualifiedNameText(_ text: String) -> String {
        let name = XMLQualifiedName(text)
        guard let uri = name.namespace else { return name.qualifiedName }
        return plan.qualified(name.localName, .uri(uri, hint: name.prefix))
    }

    /// Notes the namespaces an object's qualified-name values need declared: the URI of
    /// each (with its prefix as the first choice), and no default namespace for an
    /// unprefixed name in none.
    mutating func noteQualifiedNames(_ binding: ElementBinding, _ box: AnyObject) {
        for index in binding.qualifiedNameProperties {
            guard let text = binding.properties[index].read(box) else { continue }
            // A list's items are written space-separated, each as one name is.
            let items =
                PropertyBinding.isQualifiedNameList(binding.properties[index].valueType)
                ? text.split(separator: " ").map(String.init) : [text]
            for item in items {
                let name = XMLQualifiedName(item)
                if let uri = name.namespace {
                    plan.note(.uri(uri, hint: name.prefix), attribute: false)
                } else if name.prefix == nil {
                    plan.note(.noNamespace, attribute: false)
                }
            }
        }
    }
}
