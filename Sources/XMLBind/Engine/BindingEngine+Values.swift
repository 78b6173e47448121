/// Storing values: substitution, conversion, duplicates, and the checks run when an
/// element is complete (defaults, required properties, validators).
extension BindingEngine {
    /// Where a value came from, for diagnostics.
    ///
    /// Built for every value, so it holds no `String`: an attribute's name stays expat's
    /// C string (valid for the callback that stores the value, which is also when any
    /// problem with it is reported) and becomes a `String` only for a diagnostic.
    enum ValuePlace {
        /// An attribute (expat's expanded name) of the start tag at `tagOffset`.
        case attribute(ExpatName, tagOffset: Int)
        /// A child element at `offset`, whose text starts at `textOffset` (-1: unknown);
        /// its owner object starts at `ownerOffset` with assignments from `ownerMark`.
        case element(offset: Int, textOffset: Int, ownerMark: Int, ownerOffset: Int)
        /// The element's own text.
        case text(offset: Int, textOffset: Int)

        /// Where the caret goes for a problem with the value, with `marker` found inside.
        func focus(marker: String? = nil, occurrence: Int = 0) -> (offset: Int, focus: PendingDiagnostic.Focus) {
            switch self {
            case .attribute(let name, let tagOffset):
                return (
                    tagOffset,
                    .attributeValue(ExpandedName(name).qualifiedName, marker: marker, occurrence: occurrence)
                )
            case .element(let offset, let textOffset, _, _), .text(let offset, let textOffset):
                guard let marker else { return (offset, .elementText) }
                return textOffset >= 0 ? (textOffset, .search(marker, occurrence: occurrence)) : (offset, .offset)
            }
        }
    }

    /// Substitutes, converts and stores one value, reporting what goes wrong.
    func store(
        _ raw: UnsafeBufferPointer<UInt8>, into index: Int, of binding: ElementBinding, at bindingIndex: Int,
        object: AnyObject, base: FieldAccess, assigned: inout PropertySet, place: ValuePlace
    ) {
        if assigned.contains(index) {
            // Lists and maps take many values (issue 13); a map checks its keys itself.
            if binding.properties[index].collection == nil {
                reportDuplicate(binding.properties[index], index: index, of: binding, place: place)
                return
            }
        } else {
            if binding.hasChoices, let conflict = binding.givenAlternative(to: index, in: assigned) {
                choiceConflict(conflict, index: index, of: binding, at: bindingIndex, place: place)
                return
            }
            assigned.insert(index)
        }
        // XML Schema's element default: an empty element stands for it.
        if binding.hasEmptyDefaults, let setDefault = binding.emptyDefaultSetters[index],
            XMLWhitespace.trimmed(raw).isEmpty
        {
            setDefault(object, base)
            return
        }
        guard let resolver, VariableResolver.needsWork(raw) else {
            convert(
                raw, into: index, of: binding, at: bindingIndex, object: object, base: base, place: place,
                substitutedFrom: nil)
            return
        }
        do {
            let readSoFar = driver?.currentByteIndex ?? place.focus().offset
            let substituted = try resolver.substitute(raw, documentOffset: readSoFar)
            substitutionRecord?.note(
                object, binding: binding, property: index, original: String(decoding: raw, as: UTF8.self),
                resolved: String(decoding: substituted, as: UTF8.self))
            substituted.withUnsafeBufferPointer { bytes in
                convert(
                    bytes, into: index, of: binding, at: bindingIndex, object: object, base: base, place: place,
                    substitutedFrom: String(decoding: raw, as: UTF8.self))
            }
        } catch {
            let (offset, focus) = place.focus(marker: "${", occurrence: error.occurrence)
            report(
                PendingDiagnostic(
                    code: error.code,
                    message: "\(error.message), in \(Self.named(binding.properties[index])) "
                        + "of <\(binding.elementName)>" + (error.suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                    byteOffset: offset, focus: focus))
        }
    }

    private func convert(
        _ bytes: UnsafeBufferPointer<UInt8>, into index: Int, of binding: ElementBinding, at bindingIndex: Int,
        object: AnyObject, base: FieldAccess, place: ValuePlace, substitutedFrom original: String?
    ) {
        // Plain text into a stored `String` or `String?`: no conversion to call, and equal
        // values share one `String`. (Fields of the slot, not the slot: copying it would
        // retain its closure.)
        if binding.setters[index].textOffset >= 0 {
            storePlainText(bytes, into: index, of: binding, at: bindingIndex, base: base)
            return
        }
        if binding.setters[index].textOffset == -2 {
            insertKeyed(bytes, into: index, of: binding, object: object, base: base, place: place)
            return
        }
        // A qualified name, resolved where it is written: only parses that keep the
        // scope look (see NamespaceScopeTracker), so the others pay one test here.
        if let scopeTracker, PropertyBinding.isQualifiedName(binding.properties[index].valueType) {
            let resolved =
                PropertyBinding.isQualifiedNameList(binding.properties[index].valueType)
                ? scopeTracker.resolvingQualifiedNames(bytes) : scopeTracker.resolvingQualifiedName(bytes)
            resolved.withUnsafeBufferPointer { resolved in
                convertResolved(
                    resolved, shown: bytes, into: index, of: binding, object: object, base: base, place: place,
                    substitutedFrom: original)
            }
            return
        }
        convertResolved(
            bytes, shown: bytes, into: index, of: binding, object: object, base: base, place: place,
            substitutedFrom: original)
    }

    /// Calls the property's setter with `bytes`, reporting what goes wrong with `shown`
    /// (the text as written).
    private func convertResolved(
        _ bytes: UnsafeBufferPointer<UInt8>, shown: UnsafeBufferPointer<UInt8>, into index: Int,
        of binding: ElementBinding, object: AnyObject, base: FieldAccess, place: ValuePlace,
        substitutedFrom original: String?
    ) {
        do {
            try binding.setters[index].set(object, base, bytes)
        } catch {
            let property = binding.properties[index]
            let (offset, focus) = place.focus()
            var diagnostic = PendingDiagnostic(
                code: .conversionFailed,
                message: Self.conversionMessage(shown, property, element: binding, error: error, original: original),
                byteOffset: offset, focus: focus)
            // A value that came from `${…}` is not written where the caret points: no fix-it.
            if original == nil, let suggestion = (error as? ConversionError)?.suggestion {
                diagnostic.fix = .replaceValue(with: suggestion)
            }
            report(diagnostic)
        }
    }

    /// Stores text into a plain-text property (see ``SetterSlot/textOffset``).
    @inline(__always)
    func storePlainText(
        _ bytes: UnsafeBufferPointer<UInt8>, into index: Int, of binding: ElementBinding, at bindingIndex: Int,
        base: FieldAccess
    ) {
        storePlainText(
            bytes, trims: binding.textTrims(of: index), at: binding.textOffset(of: index),
            isOptional: binding.textIsOptional(of: index), property: cacheIndex(of: index, in: bindingIndex),
            base: base)
    }

    /// ``storePlainText(_:into:of:at:base:)`` with its setter slot's fields already read:
    /// whether the text is trimmed, the field's offset, whether it is optional, and the
    /// property's number in the string cache.
    @inline(__always)
    func storePlainText(
        _ bytes: UnsafeBufferPointer<UInt8>, trims: Bool, at offset: Int, isOptional: Bool, property: Int,
        base: FieldAccess
    ) {
        let text = trims ? XMLWhitespace.trimmed(bytes) : bytes
        storeString(strings.string(text, property: property), in: base, at: offset, isOptional: isOptional)
    }

    /// Writes a value into a `String` or `String?` field (see
    /// ``FieldAccess/storeString(_:at:isOptional:)``).
    @inline(__always)
    func storeString(_ value: String, in base: FieldAccess, at offset: Int, isOptional: Bool) {
        base.storeString(value, at: offset, isOptional: isOptional)
    }

    /// A member of a choice given when another is (see BindingEngine+Choices.swift).
    @inline(never)
    private func choiceConflict(
        _ conflict: (choice: Int, given: Int), index: Int, of binding: ElementBinding, at bindingIndex: Int,
        place: ValuePlace
    ) {
        var ownerMark = elementAssignments.count
        var ownerOffset = place.focus().offset
        if case .element(_, _, let mark, let offset) = place {
            ownerMark = mark
            ownerOffset = offset
        }
        reportChoiceConflict(
            conflict, bit: index, of: binding, at: bindingIndex, byteOffset: place.focus().offset,
            ownerMark: ownerMark, ownerOffset: ownerOffset)
    }

    /// A single-valued property given a second value: an error in strict mode; in
    /// lenient mode the first value stays, with a warning.
    private func reportDuplicate(_ property: PropertyBinding, index: Int, of binding: ElementBinding, place: ValuePlace)
    {
        // A repeated element is pointed at by its `<`, not its text.
        var (offset, focus) = place.focus()
        if case .elementText = focus { focus = .offset }
        var first: PendingDiagnostic.Note
        switch place {
        case .element(_, _, let ownerMark, let ownerOffset):
            if let earlier = elementAssignments[min(ownerMark, elementAssignments.count)...].first(where: {
                $0.property == index
            }) {
                first = PendingDiagnostic.Note(message: "first given here", byteOffset: earlier.offset)
            } else {
                first = PendingDiagnostic.Note(
                    message: "first given here", byteOffset: ownerOffset,
                    focus: .attributeName(property.xmlName.description))
            }
        case .attribute(_, let tagOffset):
            // Two attributes of one name are malformed XML; a prefixed one can still collide.
            first = PendingDiagnostic.Note(message: "first given here", byteOffset: tagOffset)
        case .text(let offset, _):
            first = PendingDiagnostic.Note(message: "first given here", byteOffset: offset)
        }
        // A repeated element with the same text as the first value: removing it is the fix.
        var fix: PendingFix?
        if case .element = place {
            if case .attributeName(let name) = first.focus {
                fix = .removeRepeatedElement(sameAs: first.byteOffset, attribute: name)
            } else {
                fix = .removeRepeatedElement(sameAs: first.byteOffset, attribute: nil)
            }
        }
        reportGivenTwice(
            "\(Self.named(property)) of <\(binding.elementName)> is given more than once",
            byteOffset: offset, focus: focus, first: first, fix: fix)
    }

    /// Reports a second value for a single-valued property or child slot.
    func reportGivenTwice(
        _ message: String, byteOffset: Int, focus: PendingDiagnostic.Focus, first: PendingDiagnostic.Note,
        fix: PendingFix? = nil
    ) {
        let lenient = options.mode == .lenient
        var diagnostic = PendingDiagnostic(
            severity: lenient ? .warning : .error, code: .duplicateValue,
            message: lenient ? message + "; the first value is kept" : message,
            byteOffset: byteOffset, focus: focus, notes: [first])
        diagnostic.fix = fix
        report(diagnostic)
    }

    /// Marks the parent's single child slot (`.child`) as given, for a child whose start
    /// tag is at `byteIndex`; `false` (and a report) when it already holds one: the
    /// first child stays.
    ///
    /// The parent's frame is the top one (the child's is popped), read in place.
    func claimSingleSlot(_ slot: Int, byteIndex: Int) -> Bool {
        guard let parent = frames.lastSlot else { return true }
        let bit = withBinding(parent.pointee.bindingIndex) { $0.properties.count } &+ slot
        guard parent.pointee.assigned.contains(bit) else {
            let parentIndex = parent.pointee.bindingIndex
            if let conflict = withBinding(
                parentIndex,
                { binding in
                    binding.hasChoices ? binding.givenAlternative(to: bit, in: parent.pointee.assigned) : nil
                })
            {
                reportChoiceConflict(
                    conflict, bit: bit, of: registry.bindings[parentIndex], at: parentIndex, byteOffset: byteIndex,
                    ownerMark: parent.pointee.assignmentMark, ownerOffset: parent.pointee.byteIndex)
                return false
            }
            parent.pointee.assigned.insert(bit)
            elementAssignments.append((bit, byteIndex))
            return true
        }
        let binding = registry.bindings[parent.pointee.bindingIndex]
        let mark = min(parent.pointee.assignmentMark, elementAssignments.count)
        let earlier = elementAssignments[mark...].first { $0.property == bit }?.offset ?? parent.pointee.byteIndex
        reportGivenTwice(
            "property '\(binding.childSlots[slot].propertyName)' of <\(binding.elementName)> is given more than once: "
                + "it holds one child",
            byteOffset: byteIndex, focus: .offset,
            first: PendingDiagnostic.Note(message: "first given here", byteOffset: earlier))
        return false
    }

    /// Defaults, required properties and validators, once an element's content is bound.
    func complete(
        _ binding: ElementBinding, object: AnyObject, base: FieldAccess, frame: ValueSlot<Frame>
    ) {
        for entry in binding.defaultSetters where !frame.pointee.assigned.contains(entry.property) {
            entry.set(object, base)
        }
        for index in binding.requiredProperties where !frame.pointee.assigned.contains(index) {
            // A default that fills an empty element does not stand in for a missing one.
            guard binding.properties[index].makeDefaultSetter == nil || binding.properties[index].defaultsWhenEmpty
            else { continue }
            let property = binding.properties[index]
            report(
                PendingDiagnostic(
                    code: .missingValue,
                    message: "<\(binding.elementName)> is missing required property '\(property.propertyName)' "
                        + "(\(property.placeDescription))",
                    byteOffset: frame.pointee.byteIndex))
        }
        for (slot, bit) in zip(binding.requiredSlots, binding.requiredSlotBits) {
            // A single slot is marked when given; an array is complete by now. (The slot is
            // only copied for a message: a copy retains each of its closures.)
            let given = bit >= 0 ? frame.pointee.assigned.contains(bit) : !binding.childSlots[slot].read(object).isEmpty
            guard !given else { continue }
            let declared = binding.childSlots[slot]
            report(
                PendingDiagnostic(
                    code: .missingValue,
                    message: "<\(binding.elementName)> is missing required property '\(declared.propertyName)' "
                        + "(\(declared.placeDescription))",
                    byteOffset: frame.pointee.byteIndex))
        }
        // A check on an element that already has errors would mostly repeat them.
        guard !binding.validators.isEmpty, errorCount == frame.pointee.errorMark else { return }
        runValidators(of: binding, on: object, byteOffset: frame.pointee.byteIndex)
    }

    /// Runs the mapping's `.validate` checks on a finished object, reporting what they find
    /// at its start tag (an object the engine built, or a value an element reader made).
    func runValidators(of binding: ElementBinding, on object: AnyObject, byteOffset: Int) {
        let context = ValidationContext(elementName: binding.elementName.description)
        for validator in binding.validators {
            do {
                try validator(object, context)
            } catch {
                context.error(String(describing: error))
            }
        }
        for item in context.reports {
            if let origin = item.origin {
                // A descendant's place, known by line and column only: found in the source
                // by them when the diagnostics are resolved.
                var diagnostic = PendingDiagnostic(
                    severity: item.severity, code: .validationFailed, message: item.message, byteOffset: -1,
                    fallback: (origin.line, origin.column - 1))
                diagnostic.placedByLineAndColumn = true
                report(diagnostic)
                continue
            }
            report(
                PendingDiagnostic(
                    severity: item.severity, code: .validationFailed, message: item.message,
                    byteOffset: byteOffset, focus: item.attribute.map { .attributeName($0) } ?? .offset))
        }
    }

    static func conversionMessage(
        _ value: UnsafeBufferPointer<UInt8>, _ property: PropertyBinding, element: ElementBinding, error: any Error,
        original: String? = nil
    ) -> String {
        func shortened(_ text: String) -> String {
            text.count > 60 ? String(text.prefix(57)) + "..." : text
        }
        let text = shortened(String(decoding: value, as: UTF8.self))
        let source = original.map { " (from \"\(shortened($0))\")" } ?? ""
        let reason = (error as? ConversionError)?.reason ?? String(describing: error)
        return "cannot convert \"\(text)\"\(source) to \(property.typeName) for \(named(property)) "
            + "of <\(element.elementName)>: \(reason)"
    }

    /// A property as messages name it: `property 'timeout'`, or with the XML name first
    /// when the document writes it differently, `'protocol' (property 'proto')`, so the
    /// message speaks the file's language and still names the Swift property.
    static func named(_ property: PropertyBinding) -> String {
        let written = property.xmlName.description
        return written == property.propertyName
            ? "property '\(written)'" : "'\(written)' (property '\(property.propertyName)')"
    }
}
