#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Object elements: creating an object when its start tag is read, binding its
/// attributes, property elements' text, and handing the finished object to its parent.
extension BindingEngine {
    /// - Parameters:
    ///   - name: The element's name as expat gave it (split only when needed).
    ///   - namespace: Its namespace's number, when the binding records it (see
    ///     ``namespaceNumber(_:of:)``).
    @inline(__always)
    func startObject(
        _ bindingIndex: Int, name: ExpatName, namespace: Int32,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        withBinding(bindingIndex) { binding in
            startObject(
                binding, at: bindingIndex, name: name, namespace: namespace, attributes: attributes,
                byteIndex: byteIndex)
        }
    }

    /// The work of ``startObject(_:name:namespace:attributes:byteIndex:)``, inlined into
    /// its binding's closure there (its only caller), which its own callers inline in turn:
    /// one call per object element, not three.
    @inline(__always)
    private func startObject(
        _ binding: ElementBinding, at bindingIndex: Int, name: ExpatName, namespace: Int32,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        if binding.readerFactory != nil {
            startReader(binding, at: bindingIndex, name: name, attributes: attributes, byteIndex: byteIndex)
            return
        }
        let access = binding.access
        let held = access.makeRetainedObject()
        // The frame goes on the stack first and is filled in place (it is large); it holds
        // the engine's reference to the object, which keeps the object alive.
        frames.append(
            Frame(
                isObject: true, namespace: namespace, bindingIndex: bindingIndex, object: held, base: nil,
                textStart: binding.keepsOwnText ? text.count : -1,
                byteIndex: byteIndex, assigned: PropertySet(capacity: binding.assignableCount),
                assignmentMark: elementAssignments.count, childMark: collectedChildren.count, errorMark: errorCount))
        guard let frame = frames.lastSlot else { return }
        held.withObject { object in
            let base = FieldAccess.of(object, isClass: access.isClass)
            frame.pointee.base = base
            // Called in place rather than bound (`if let`), which would retain the closure.
            if access.setOrigin != nil {
                let position = withDriver { $0.currentLineColumn } ?? (line: 0, column: 0)
                access.setOrigin?(object, file, position.line, position.column &+ 1)
            }
            if let setByteOffset = access.setByteOffset { setByteOffset(object, byteIndex) }
            if binding.storesNames { storeNames(of: binding, object: object, name: name) }
            // expat hands over an empty list for a tag without attributes: nothing to set up.
            if !attributes.isEmpty {
                bindAttributes(
                    attributes, of: binding, at: bindingIndex, object: object, base: base, element: name,
                    byteIndex: byteIndex,
                    assigned: &frame.pointee.assigned)
            }
            if frames.count == 1 {
                rootBinding = binding
                rootByteIndex = byteIndex
            }
            // Streaming (issue 5): mark the outermost object of the streamed type.
            if let stream, stream.openFrame < 0, stream.opens(binding, at: bindingIndex, object) {
                stream.openFrame = frames.count &- 1
            }
        }
    }

    /// A child element that a slot declared with `xml:` takes: an object of the mapping
    /// registered for the slot's type, placed into that slot when it ends.
    func startNamedChild(
        _ slot: Int, of binding: ElementBinding, at bindingIndex: Int, name: ExpandedName,
        rawName: ExpatName, attributes: ExpatAttributes, byteIndex: Int
    ) {
        let child = registry.namedSlotChild(parent: bindingIndex, slot: slot)
        // `xsi:type` may choose a subclass's mapping (see BindingEngine+SlotTypes.swift).
        if !registry.namedSlotTypes.isEmpty,
            case let variants = registry.namedSlotVariants(parent: bindingIndex, slot: slot),
            !variants.isEmpty
        {
            guard
                let chosen = chooseSlotVariant(
                    variants, base: child, slot: slot, of: binding, name: name, attributes: attributes,
                    byteIndex: byteIndex)
            else { return }
            startNamedChild(
                chosen, slot: slot, name: rawName, namespace: namespaceNumber(name, of: chosen),
                attributes: attributes, byteIndex: byteIndex)
            return
        }
        guard child >= 0 else {
            let declared = binding.childSlots[slot]
            unknownElement(
                name, in: binding, attributes: { attributes.made }, byteIndex: byteIndex,
                message: {
                    "<\(name.qualifiedName)> inside <\(binding.elementName)> cannot be bound: no mapping is "
                        + "registered for \(TypeName.forMessages(declared.elementType)), the type of its property "
                        + "'\(declared.propertyName)'"
                },
                suggestions: { [] })
            return
        }
        startNamedChild(
            child, slot: slot, name: rawName, namespace: namespaceNumber(name, of: child), attributes: attributes,
            byteIndex: byteIndex)
    }

    /// Starts the object of a slot declared with `xml:`, once its binding `child` is known
    /// (by the full lookup or by ``ChildNameCache``).
    @inline(__always)
    func startNamedChild(
        _ child: Int, slot: Int, name rawName: ExpatName, namespace: Int32, attributes: ExpatAttributes,
        byteIndex: Int
    ) {
        startObject(child, name: rawName, namespace: namespace, attributes: attributes, byteIndex: byteIndex)
        // A value an element reader reads goes into the slot when it is finished.
        if readerLevels.count > 0 {
            readerState.slot = slot
            return
        }
        // The object's frame, unless the child was refused before it had one.
        if skipDepth == 0, frames.count > 0, let top = frames.lastSlot, top.pointee.isObject,
            top.pointee.bindingIndex == child
        {
            top.pointee.propertyIndex = slot
        }
    }

    func startPropertyElement(
        _ index: Int, of binding: ElementBinding, at bindingIndex: Int, name: ExpandedName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        // Attributes (a map's key, `xsi:nil`, or unexpected ones) and keyed maps are the
        // rare case, in a call of their own (see BindingEngine+Shapes.swift).
        if binding.hasKeyedProperties || !attributes.isEmpty {
            startSpecialPropertyFrame(
                index, of: binding, at: bindingIndex, name: name, attributes: attributes, byteIndex: byteIndex)
            return
        }
        frames.append(
            Frame(
                isObject: false, bindingIndex: bindingIndex, propertyIndex: index, textStart: text.count,
                byteIndex: byteIndex))
    }

    /// ``startPropertyElement(_:of:at:name:attributes:byteIndex:)`` for a child the
    /// cache knows: its name is split only when the special case needs it.
    @inline(__always)
    func startPropertyElement(
        _ index: Int, of binding: ElementBinding, at bindingIndex: Int, rawName: ExpatName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        if binding.hasKeyedProperties || !attributes.isEmpty {
            startSpecialPropertyFrame(
                index, of: binding, at: bindingIndex, name: ExpandedName(rawName), attributes: attributes,
                byteIndex: byteIndex)
            return
        }
        frames.append(
            Frame(
                isObject: false, bindingIndex: bindingIndex, propertyIndex: index, textStart: text.count,
                byteIndex: byteIndex))
    }

    @inline(never)
    private func startSpecialPropertyFrame(
        _ index: Int, of binding: ElementBinding, at bindingIndex: Int, name: ExpandedName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        guard
            let chosen = startSpecialPropertyElement(
                index, of: binding, at: bindingIndex, name: name, attributes: attributes, byteIndex: byteIndex)
        else { return }
        frames.append(
            Frame(
                isObject: false, bindingIndex: bindingIndex, propertyIndex: chosen.property,
                textStart: chosen.keepsText ? text.count : -1, byteIndex: byteIndex))
    }

    func bindAttributes(
        _ attributes: ExpatAttributes, of binding: ElementBinding, at bindingIndex: Int,
        object: AnyObject, base: FieldAccess, element: ExpatName, byteIndex: Int,
        assigned: inout PropertySet
    ) {
        let table = binding.plainAttributes
        // Names seen before, by address (see AttributeNameCache).
        var names = attributeNames.slots(of: bindingIndex)
        // Nothing to substitute: the attribute table can answer (values are stored as read).
        let usesTable = resolver == nil
        let cacheBase = propertyBase[bindingIndex]
        var index = 0
        while let rawName = attributes[index], let rawValue = attributes[index + 1] {
            index += 2
            let value = rawValue.bytes
            // The common case inline: a declared attribute in no namespace, its first
            // value, nothing to substitute; plain text is stored straight into its field.
            if usesTable,
                let entry = names.entry(for: rawName) ?? Self.tableEntry(rawName, in: table, remembering: &names),
                case let property = Int(truncatingIfNeeded: entry.pointee.property),
                assigned.insert(bit: entry.pointee.bit)
            {
                if entry.pointee.textOffset >= 0 {
                    storeString(
                        strings.string(value, property: cacheBase &+ property),
                        in: base, at: Int(truncatingIfNeeded: entry.pointee.textOffset),
                        isOptional: entry.pointee.textIsOptional)
                } else if entry.pointee.boolOffset >= 0, let flag = PlainAttributeTable.plainBool(value) {
                    base.storeBool(flag, at: Int(truncatingIfNeeded: entry.pointee.boolOffset))
                } else {
                    // The conversion's way; `store` marks the property assigned itself.
                    assigned.remove(bit: entry.pointee.bit)
                    store(
                        value, into: property, of: binding, at: bindingIndex, object: object, base: base,
                        assigned: &assigned,
                        place: .attribute(rawName, tagOffset: byteIndex))
                }
                continue
            }
            bindOtherAttribute(
                rawName, value: value, rawValue: rawValue, of: binding, at: bindingIndex, object: object, base: base,
                element: element, byteIndex: byteIndex, assigned: &assigned)
        }
    }

    /// The table's entry for an attribute name not remembered yet, remembered when there is
    /// one. A call of its own: each mapping's names take it once a parse (unknown names
    /// each time).
    @inline(never)
    private static func tableEntry(
        _ rawName: ExpatName, in table: PlainAttributeTable,
        remembering names: inout AttributeNameCache.Slots
    ) -> ValueSlot<PlainAttributeTable.Entry>? {
        guard let entry = table.entry(named: rawName) else { return nil }
        names.remember(rawName, as: entry)
        return entry
    }

    /// An attribute the table does not answer: namespaced, repeated, substituted, kept by
    /// an ``AttributeContainer``, `xsi:`, ignored or unknown. A call of its own, so that the
    /// loop over the usual attributes stays small.
    @inline(never)
    private func bindOtherAttribute(
        _ rawName: ExpatName, value: UnsafeBufferPointer<UInt8>, rawValue: ExpatName,
        of binding: ElementBinding, at bindingIndex: Int, object: AnyObject, base: FieldAccess,
        element: ExpatName, byteIndex: Int, assigned: inout PropertySet
    ) {
        let name = ExpandedName(rawName)
        if let property = binding.attributeProperty(
            local: name.local, uri: name.uri, prefix: matchingPrefix(uri: name.uri, prefix: name.prefix))
        {
            store(
                value, into: property, of: binding, at: bindingIndex, object: object, base: base,
                assigned: &assigned,
                place: .attribute(rawName, tagOffset: byteIndex))
        } else if binding.access.keepsAttributes {
            if takesSpecialAttribute(name, value: rawValue, of: binding, includingHints: false) { return }
            binding.access.addAttribute(
                object,
                XMLAttribute(
                    name: name.qualifiedName, namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                    value: String(decoding: value, as: UTF8.self)))
        } else if !takesSpecialAttribute(name, value: rawValue, of: binding, includingHints: true) {
            unknownAttribute(
                name, value: { rawValue.string }, in: binding, byteIndex: byteIndex,
                message: {
                    "unknown attribute '\(name.qualifiedName)' on <\(ExpandedName(element).qualifiedName)>"
                },
                suggestions: { binding.properties.filter(\.form.acceptsAttribute).map(\.xmlName.description) })
        }
    }

    /// The namespace of XML Schema instance attributes (`xsi:`).
    static let schemaInstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// Whether an attribute is `xsi:schemaLocation` or `xsi:noNamespaceSchemaLocation`,
    /// which every mode accepts without a declaration.
    static func isSchemaLocation(_ name: ExpandedName) -> Bool {
        guard let uri = name.uri, uri.elementsEqual(schemaInstanceNamespace.utf8) else { return false }
        return name.local.elementsEqual("schemaLocation".utf8)
            || name.local.elementsEqual("noNamespaceSchemaLocation".utf8)
    }

    /// Converts the text gathered since `start` into a property, then drops that text.
    func storeText(
        from start: Int, into index: Int, of binding: ElementBinding, at bindingIndex: Int, object: AnyObject,
        base: FieldAccess, assigned: inout PropertySet, place: ValuePlace
    ) {
        guard start >= 0 else { return }
        let bytes = text.values(from: start)
        // The usual text: the property's first value, plain text, nothing to substitute and
        // no choice to check. `store` would come to the same, through its checks and a call.
        if resolver == nil, !binding.hasChoices, binding.setters[index].textOffset >= 0, !assigned.contains(index) {
            assigned.insert(index)
            storePlainText(bytes, into: index, of: binding, at: bindingIndex, base: base)
        } else {
            store(
                bytes, into: index, of: binding, at: bindingIndex, object: object, base: base, assigned: &assigned,
                place: place)
        }
        dropText(from: start)
    }

    /// Hands a completed object to its parent, or keeps it as the root; takes over the
    /// engine's reference to it.
    ///
    /// The usual cases (a collected child, a single reference) stay inline in the end
    /// tag's path; the rest is a call of its own.
    @inline(__always)
    func place(_ held: HeldObject, of bindingIndex: Int, byteIndex: Int, slot: Int) {
        if let parent = frames.lastSlot {
            // Fields, not the whole frame.
            let parentIndex = parent.pointee.bindingIndex
            if registry.hasChildOrder { noteChildOrder(of: bindingIndex, parentIndex: parentIndex, slot: slot) }
            if registry.hasMixedText { noteMixedText(parentIndex: parentIndex) }
            if slot >= 0 {
                placeInNamedSlot(
                    held, slot: slot, parentIndex: parentIndex, top: frames.count &- 1, byteIndex: byteIndex)
                return
            }
            let collectedSlot = registry.collectedSlot(parent: parentIndex, child: bindingIndex)
            if collectedSlot >= 0 {
                collectChild(held, slot: collectedSlot)
                return
            }
        }
        placeOtherwise(held, of: bindingIndex, byteIndex: byteIndex)
    }

    /// Adds a child object's element name to its parent's `.childOrder` list, if it keeps one:
    /// the name of the slot declared with `xml:` that took it (`slot`), else its mapping's.
    @inline(never)
    private func noteChildOrder(of bindingIndex: Int, parentIndex: Int, slot: Int) {
        let parent = registry.bindings[parentIndex]
        guard let order = parent.childOrderSlot else { return }
        var name = registry.bindings[bindingIndex].elementName.local
        if slot >= 0 {
            // A slot through a path is written inside its path, out of the order: no name.
            guard parent.childSlots[slot].path.isEmpty, let slotName = parent.childSlots[slot].xmlName else { return }
            name = slotName.local
        }
        // A child inside a path element belongs to the path's owner.
        let parentTop = frames.count &- 1
        let top = frames[parentTop].pathNodeReference == nil ? parentTop : frames[parentTop].pathOwner
        guard let parentObject = frames[top].object?.object else { return }
        order.append(parentObject, name)
    }

    /// Ends the text piece before a child object in its parent's `.mixedText` list, if it
    /// keeps one: the parent's text gathered since its last child (the child's own text is
    /// gone from the buffer by now). Also called as an element kept by `.otherElements` starts.
    @inline(never)
    func noteMixedText(parentIndex: Int) {
        guard let mixed = registry.bindings[parentIndex].mixedTextSlot else { return }
        let top = frames.count &- 1
        // `.mixedText` has no paths beside it (refused at registration): the parent is on top.
        guard frames[top].pathNodeReference == nil, let parentObject = frames[top].object?.object else { return }
        let start = frames[top].textStart
        guard start >= 0 else { return }
        mixed.append(parentObject, String(decoding: text.values(from: start), as: UTF8.self))
        dropText(from: start)
    }

    /// Places a child into the parent's slot declared with `xml:` that took it.
    @inline(never)
    private func placeInNamedSlot(
        _ held: HeldObject, slot: Int, parentIndex: Int, top parentTop: Int, byteIndex: Int
    ) {
        if isPiece, pieceContainerOwns(parentTop) {
            held.release()
            return
        }
        // A slot through a path: the object is in a path element; its owner's frame takes it.
        let top = frames[parentTop].pathNodeReference == nil ? parentTop : frames[parentTop].pathOwner
        let placement = registry.namedSlotTargets(parent: parentIndex, slot: slot)
        if placement.keyedSlot >= 0, let parentObject = frames[top].object?.object {
            let child = held.take()
            let binding = registry.bindings[registry.namedSlotChild(parent: parentIndex, slot: slot)]
            insertKeyedChild(
                binding.access.value(child), slot: placement.keyedSlot, of: registry.bindings[parentIndex],
                parent: parentObject, parentOffset: frames[top].byteIndex, childName: binding.elementName,
                byteIndex: byteIndex)
            return
        }
        if placement.collectedSlot >= 0 {
            collectChild(held, slot: placement.collectedSlot)
            return
        }
        if placement.singleSlot >= 0, !claimSingleSlot(slot, byteIndex: byteIndex) {
            held.release()
            return
        }
        let object = held.take()
        guard let parentBase = frames[top].base else { return }
        if placement.directOffset >= 0 {
            parentBase.storeReference(object, at: placement.directOffset)
            return
        }
        guard let parentObject = frames[top].object?.object else { return }
        registry.namedSlotPlacement(parent: parentIndex, slot: slot).place?(parentObject, parentBase, object)
    }

    @inline(never)
    private func placeOtherwise(_ held: HeldObject, of bindingIndex: Int, byteIndex: Int) {
        let top = frames.count - 1
        if isPiece, pieceContainerOwns(top) {
            held.release()
            return
        }
        guard top >= 0 else {
            root = registry.bindings[bindingIndex].access.value(held.take())
            return
        }
        let parentIndex = frames[top].bindingIndex
        let single = registry.singleSlot(parent: parentIndex, child: bindingIndex)
        if single >= 0, !claimSingleSlot(single, byteIndex: byteIndex) {
            held.release()
            return
        }
        let direct = registry.directOffset(parent: parentIndex, child: bindingIndex)
        if direct >= 0, let parentBase = frames[top].base {
            // A `C` or `C?` field: the reference is the value (its old one is released).
            parentBase.storeReference(held.take(), at: direct)
            return
        }
        let placement = registry.placement(parent: parentIndex, child: bindingIndex)
        let object = held.take()
        guard let parentObject = frames[top].object?.object, let parentBase = frames[top].base else {
            return
        }
        if let placer = placement.place {
            placer(parentObject, parentBase, object)
            return
        }
        let binding = registry.bindings[bindingIndex]
        let parentBinding = registry.bindings[parentIndex]
        if placement.keyedSlot >= 0 {
            insertKeyedChild(
                binding.access.value(object), slot: placement.keyedSlot, of: parentBinding, parent: parentObject,
                parentOffset: frames[top].byteIndex, childName: binding.elementName, byteIndex: byteIndex)
            return
        }
        if parentBinding.access.addChild(parentObject, binding.access.value(object)) {
            return
        }
        let slots = parentBinding.childSlots.map { "'\($0.propertyName)'" }.joined(separator: ", ")
        let reason =
            slots.isEmpty
            ? "\(parentBinding.typeName) declares no children and is not an Ancestor"
            : "none of its child properties (\(slots)) holds values of type \(binding.typeName)"
        reportUnknown(
            policy: parentBinding.unknownContentPolicy ?? globalPolicy, code: .unplacedChild,
            message:
                "<\(binding.elementName)> cannot be placed in its parent <\(parentBinding.elementName)>: \(reason)",
            byteOffset: byteIndex, focus: .offset,
            content: UnknownContent(
                kind: .element, name: binding.elementName.description, namespace: nil,
                parent: parentBinding.elementName.description, origin: nil))
    }
}
