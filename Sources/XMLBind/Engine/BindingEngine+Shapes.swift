#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shapes of issue 13 that need the engine: whole text, keyed maps, `xsi:nil`,
/// element names and ignored names.
///
/// Everything here runs off the usual paths (an attribute on a property element, an
/// element no declaration takes, a mapping that asked for it), so mappings that use none
/// of these shapes do no work for them.
extension BindingEngine {
    /// One entry of a keyed map in one owner element.
    struct MapEntryID: Hashable {
        let ownerOffset: Int
        let property: Int
        let key: String
    }

    /// What a property element with attributes, or of a mapping with keyed maps, binds to.
    struct PropertyElementChoice {
        /// The property its text goes to (a map chosen by its key, or its plain sibling).
        let property: Int
        /// Whether its text is wanted (not for `xsi:nil="true"`).
        let keepsText: Bool
    }

    // MARK: Element names

    /// Stores a new object's namespace and element name, as its mapping asks.
    func storeNames(of binding: ElementBinding, object: AnyObject, name: ExpatName) {
        if let setNamespace = binding.access.setNamespace {
            setNamespace(object) { ExpandedName(name).uri.map { String(decoding: $0, as: UTF8.self) } }
        }
        if let slot = binding.elementNameSlot {
            let expanded = ExpandedName(name)
            slot.store(
                object, slot.qualified ? expanded.qualifiedName : String(decoding: expanded.local, as: UTF8.self))
        }
    }

    // MARK: Whole text

    /// Whether a registered child is not an object here, as its parent has no place for it:
    /// the parent takes its whole text (the child is text), or keeps other elements of the
    /// child's namespace (`.otherElements`, the child is kept as a tree) and takes no
    /// children itself (an ``Ancestor`` or ``ChildrenProvider`` does).
    func absorbsUnplacedChild(_ child: Int, under parent: Int, name: ExpandedName) -> Bool {
        let absorbs = withBinding(parent) { binding in
            if binding.textTakesWholeText { return true }
            guard let kept = binding.keptElementsSlot, !binding.access.takesChildren else { return false }
            return kept.admits(name.uri) && !ignores(element: name, in: binding)
        }
        guard absorbs else { return false }
        let placement = registry.placement(parent: parent, child: child)
        return placement.place == nil && placement.collectedSlot < 0 && placement.directOffset < 0
            && placement.singleSlot < 0 && placement.keyedSlot < 0
    }

    /// Whether the innermost open element gathers its whole text, so that an element
    /// inside it is part of that text.
    func topFrameTakesWholeText() -> Bool {
        guard let top = frames.lastSlot, top.pointee.textStart >= 0 else { return false }
        let binding = registry.bindings[top.pointee.bindingIndex]
        if let node = top.pointee.pathNode {
            return node.textProperty.map { binding.properties[$0].takesWholeText } ?? false
        }
        if top.pointee.isObject { return binding.textTakesWholeText }
        return binding.properties[top.pointee.propertyIndex].takesWholeText
    }

    // MARK: Ignored names

    /// Whether the mapping skips this element without a word (`.ignoring`).
    func ignores(element name: ExpandedName, in binding: ElementBinding) -> Bool {
        ignores(name, names: binding.ignoredElements, namespaces: binding.ignoredNamespaces, attribute: false)
    }

    /// Whether the mapping skips this attribute without a word, or it is an `xsi:` hint
    /// for validators (`xsi:schemaLocation`, `xsi:noNamespaceSchemaLocation`).
    func ignores(attribute name: ExpandedName, in binding: ElementBinding) -> Bool {
        if Self.isSchemaLocation(name) { return true }
        return ignores(name, names: binding.ignoredAttributes, namespaces: binding.ignoredNamespaces, attribute: true)
    }

    private func ignores(_ name: ExpandedName, names: [XMLName], namespaces ignored: [String], attribute: Bool) -> Bool
    {
        if let uri = name.uri, ignored.contains(where: { uri.elementsEqual($0.utf8) }) { return true }
        guard !names.isEmpty else { return false }
        let prefix = matchingPrefix(uri: name.uri, prefix: name.prefix)
        // Unprefixed element names match in the namespace of the element that owns them.
        let owner = frames.lastIndex { $0.isObject }.map { namespaces.owner(frames[$0].namespace) } ?? .none
        return names.contains { ignored in
            ignored.local.utf8.elementsEqual(name.local)
                && PropertyBinding.matches(ignored, uri: name.uri, prefix: prefix, attribute: attribute, owner: owner)
        }
    }

    // MARK: xsi:nil

    /// Whether an attribute is `xsi:nil="true"` (or `"1"`); `nil` when it is not `xsi:nil`.
    static func nilMark(_ name: ExpandedName, value: ExpatName) -> Bool? {
        guard isSchemaInstance(name, "nil") else { return nil }
        let text = XMLWhitespace.trimmed(value.bytes)
        return text.elementsEqual("true".utf8) || text.elementsEqual("1".utf8)
    }

    /// An attribute of an object element that no property declares but that is not
    /// unknown either: `xsi:nil` (the element then stands for no object in its parent), or
    /// a name the mapping ignores. Validator hints (`xsi:schemaLocation`) too, unless the
    /// type keeps unmapped attributes.
    func takesSpecialAttribute(
        _ name: ExpandedName, value: ExpatName, of binding: ElementBinding, includingHints: Bool
    ) -> Bool {
        if let mark = Self.nilMark(name, value: value) {
            if mark {
                nilFrames.append(frames.count - 1)
                watchesEnds = true
            }
            return true
        }
        if registry.choosesByType, Self.isSchemaInstance(name, "type"), isTyped(binding) { return true }
        if includingHints { return ignores(attribute: name, in: binding) }
        return ignores(name, names: binding.ignoredAttributes, namespaces: binding.ignoredNamespaces, attribute: true)
    }

    // MARK: Property elements with attributes

    /// Reads a property element's attributes (a keyed map's key, `xsi:nil`) and chooses
    /// the property its text goes to; `nil` when the element is skipped.
    func startSpecialPropertyElement(
        _ declared: Int, of binding: ElementBinding, at bindingIndex: Int, name: ExpandedName,
        attributes: ExpatAttributes, byteIndex: Int
    ) -> PropertyElementChoice? {
        var index = declared
        var key: (property: Int, value: String, attribute: String)?
        var isNil = false
        // The declarations of the same element, for its keyed maps: none without maps (an
        // RSS `<guid isPermaLink="true">` only has an attribute to pass over).
        let siblings =
            !binding.hasKeyedProperties
            ? []
            : binding.properties.indices.filter { candidate in
                binding.properties[candidate].path.isEmpty && binding.properties[candidate].form.acceptsElement
                    && binding.properties[candidate].xmlName == binding.properties[declared].xmlName
            }
        var cursor = 0
        while let rawName = attributes[cursor], let rawValue = attributes[cursor + 1] {
            cursor += 2
            let attribute = ExpandedName(rawName)
            if let mark = Self.nilMark(attribute, value: rawValue) {
                isNil = mark
                continue
            }
            let prefix = matchingPrefix(uri: attribute.uri, prefix: attribute.prefix)
            if let map = siblings.first(where: { candidate in
                guard let keyName = binding.properties[candidate].collection?.key else { return false }
                return keyName.local.utf8.elementsEqual(attribute.local)
                    && PropertyBinding.matches(
                        keyName, uri: attribute.uri, prefix: prefix, attribute: true, owner: .none)
            }) {
                key = (map, rawValue.string, attribute.qualifiedName)
                continue
            }
            if ignores(attribute: attribute, in: binding) { continue }
            unknownAttribute(
                attribute, value: { rawValue.string }, in: binding, byteIndex: byteIndex,
                message: {
                    "unexpected attribute '\(attribute.qualifiedName)' on property element "
                        + "<\(name.qualifiedName)> of <\(binding.elementName)>, which holds text only"
                },
                suggestions: { siblings.compactMap { binding.properties[$0].collection?.key?.description } })
        }
        if let key {
            index = key.property
            pendingMapKey = (key.value, byteIndex, key.attribute)
        } else if binding.properties[index].collection?.isMap == true {
            // Without its key, the element is the plain sibling's, if there is one.
            guard let plain = siblings.first(where: { binding.properties[$0].collection?.isMap != true }) else {
                let property = binding.properties[index]
                report(
                    PendingDiagnostic(
                        code: .missingValue,
                        message:
                            "<\(name.qualifiedName)> in <\(binding.elementName)> has no '\(property.collection?.key?.description ?? "")' "
                            + "attribute, the key of map '\(property.propertyName)'",
                        byteOffset: byteIndex))
                skipDepth = 1
                return nil
            }
            index = plain
        }
        guard isNil else { return PropertyElementChoice(property: index, keepsText: true) }
        storeNil(into: index, of: binding, byteIndex: byteIndex)
        return PropertyElementChoice(property: index, keepsText: false)
    }

    /// `xsi:nil="true"` on a property element: the optional property becomes `nil`.
    private func storeNil(into index: Int, of binding: ElementBinding, byteIndex: Int) {
        let property = binding.properties[index]
        guard let owner = frames.lastSlot, let object = owner.pointee.object?.object,
            let base = owner.pointee.base
        else { return }
        guard property.collection == nil, let setNil = property.makeNilSetter(binding.isClass) else {
            report(
                PendingDiagnostic(
                    code: .conversionFailed,
                    message: "xsi:nil=\"true\" on <\(property.xmlName)>, but property '\(property.propertyName)' of "
                        + "<\(binding.elementName)> is not optional",
                    byteOffset: byteIndex, focus: .attributeName("xsi:nil")))
            return
        }
        if owner.pointee.assigned.contains(index) {
            report(
                PendingDiagnostic(
                    code: .duplicateValue,
                    message: "property '\(property.propertyName)' of <\(binding.elementName)> is given more than once",
                    byteOffset: byteIndex))
            return
        }
        if binding.hasChoices, let conflict = binding.givenAlternative(to: index, in: owner.pointee.assigned) {
            reportChoiceConflict(
                conflict, bit: index, of: binding, at: owner.pointee.bindingIndex, byteOffset: byteIndex,
                ownerMark: owner.pointee.assignmentMark, ownerOffset: owner.pointee.byteIndex)
            return
        }
        owner.pointee.assigned.insert(index)
        setNil(object, base)
    }

    // MARK: Keyed maps

    /// Converts a keyed map's value and adds it under the key its element carried.
    func insertKeyed(
        _ bytes: UnsafeBufferPointer<UInt8>, into index: Int, of binding: ElementBinding, object: AnyObject,
        base: FieldAccess, place: ValuePlace
    ) {
        guard let (key, offset, attribute) = pendingMapKey, let insert = binding.setters[index].insert else { return }
        pendingMapKey = nil
        var ownerOffset = -1
        if case .element(_, _, _, let owner) = place { ownerOffset = owner }
        let entry = MapEntryID(ownerOffset: ownerOffset, property: index, key: key)
        let property = binding.properties[index]
        do {
            if try insert(object, base, key, bytes) {
                mapKeyOffsets[entry] = offset
                return
            }
            report(
                PendingDiagnostic(
                    code: .duplicateValue,
                    message: "map '\(property.propertyName)' of <\(binding.elementName)> is given the key \"\(key)\" "
                        + "more than once",
                    byteOffset: offset, focus: .attributeValue(attribute),
                    notes: mapKeyOffsets[entry].map {
                        [
                            PendingDiagnostic.Note(
                                message: "first given here", byteOffset: $0, focus: .attributeValue(attribute))
                        ]
                    } ?? []))
        } catch {
            let (at, focus) = place.focus()
            report(
                PendingDiagnostic(
                    code: .conversionFailed,
                    message: Self.conversionMessage(bytes, property, element: binding, error: error),
                    byteOffset: at, focus: focus))
        }
    }

    /// Adds a child to a keyed map of children (`.children(_:key:)`), reporting a missing
    /// or repeated key.
    func insertKeyedChild(
        _ child: Any, slot: Int, of parentBinding: ElementBinding, parent: AnyObject, parentOffset: Int,
        childName: XMLName, byteIndex: Int
    ) {
        guard let insert = parentBinding.childSlots[slot].keyedInsert else { return }
        let name = parentBinding.childSlots[slot].propertyName
        switch insert(parent, child) {
        case .inserted(let key):
            mapKeyOffsets[MapEntryID(ownerOffset: parentOffset, property: -1 - slot, key: key)] = byteIndex
        case .missingKey:
            report(
                PendingDiagnostic(
                    code: .missingValue,
                    message: "<\(childName)> has no key for map '\(name)' of <\(parentBinding.elementName)>",
                    byteOffset: byteIndex))
        case .duplicate(let key):
            let first = mapKeyOffsets[MapEntryID(ownerOffset: parentOffset, property: -1 - slot, key: key)]
            report(
                PendingDiagnostic(
                    code: .duplicateValue,
                    message:
                        "map '\(name)' of <\(parentBinding.elementName)> is given the key \"\(key)\" more than once",
                    byteOffset: byteIndex,
                    notes: first.map { [PendingDiagnostic.Note(message: "first given here", byteOffset: $0)] } ?? []))
        }
    }

    // MARK: xsi:type

    /// Whether a name is `local` in the XML Schema instance namespace.
    static func isSchemaInstance(_ name: ExpandedName, _ local: String) -> Bool {
        guard let uri = name.uri else { return false }
        return uri.elementsEqual(schemaInstanceNamespace.utf8) && name.local.elementsEqual(local.utf8)
    }

    /// Whether a binding is one of an element's mappings chosen by `xsi:type`, or the one
    /// without a type beside them.
    private func isTyped(_ binding: ElementBinding) -> Bool {
        registry.typedVariants.contains { base, variants in
            registry.bindings[base] === binding || variants.contains { registry.bindings[$0.binding] === binding }
        } || registry.namedSlotTypes.typedBindings.contains { registry.bindings[$0] === binding }
    }

    /// The mapping an element's `xsi:type` chooses among `variants` (the element's own
    /// mapping, `base`, when it has none); `nil`, with the element skipped and the problem
    /// reported, when it names none of them or is missing where every mapping needs one.
    func chooseVariant(
        _ variants: [(type: XMLName, binding: Int)], base: Int, name: ExpandedName,
        attributes: ExpatAttributes, byteIndex: Int
    ) -> Int? {
        let expected = variants.map { "'\($0.type.prefixHint.map { $0 + ":" } ?? "")\($0.type.local)'" }
            .joined(separator: ", ")
        var cursor = 0
        while let rawName = attributes[cursor], let rawValue = attributes[cursor + 1] {
            cursor += 2
            guard Self.isSchemaInstance(ExpandedName(rawName), "type") else { continue }
            let value = XMLWhitespace.trimmed(rawValue.string)
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            let (prefix, local) = parts.count == 2 ? (parts[0], parts[1]) : (nil, value)
            let uri = documentNamespaces[prefix ?? ""]
            if let match = variants.first(where: { matches($0.type, prefix: prefix, local: local, uri: uri) }) {
                return match.binding
            }
            let parent = innermostObject()
            unknownElement(
                name, in: parent, attributes: { attributes.made }, byteIndex: byteIndex,
                message: {
                    "<\(name.qualifiedName)> has xsi:type \"\(value)\", which names none of its mappings (\(expected))"
                },
                suggestions: { [] })
            return nil
        }
        if registry.bindings[base].schemaType == nil { return base }
        unknownElement(
            name, in: innermostObject(), attributes: { attributes.made }, byteIndex: byteIndex,
            message: { "<\(name.qualifiedName)> needs an xsi:type to choose its mapping (\(expected))" },
            suggestions: { [] })
        return nil
    }

    /// Whether a document's type name (its prefix resolved to `uri`) is the declared one.
    func matches(_ declared: XMLName, prefix: String?, local: String, uri: String?) -> Bool {
        guard declared.local == local else { return false }
        switch declared.namespace {
        case .any: return true
        case .none: return uri == nil
        case .uri(let expected): return uri == expected
        case .prefix(let expected):
            guard let bound = documentNamespaces[expected] else { return prefix == expected }
            return uri == bound
        }
    }
}
