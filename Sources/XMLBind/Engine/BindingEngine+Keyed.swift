/// Keyed members (`.keyedMembers`): `<member><name>age</name><value><int>36</int></value></member>`.
///
/// Each element of a member gets a path frame (``Frame/pathNodeReference``, a node of the
/// mapping's ``KeyedLayout``) owned by the object's frame (``Frame/pathOwner``), so the
/// engine's usual end-tag path reaches these methods through its path hook, and values
/// go to the owner with its duplicate tracking, as nested paths' do. A keyed frame's
/// ``Frame/propertyIndex`` is the member's declaration once its key is known (a
/// property's index, or a slot's index plus the property count; -1 before), copied into
/// every frame under the member. Its ``Frame/childOrdinal`` (unused by path frames) holds
/// the flags below. Nothing here runs for mappings without a keyed shape.
extension BindingEngine {
    /// ``Frame/childOrdinal`` flags of keyed frames.
    private enum KeyedFlag {
        /// A value holder has met a wrapper or an object: its own text is layout.
        static let wrapped: UInt8 = 1
        /// A member has met its value element.
        static let valueSeen: UInt8 = 2
    }

    /// The start tag of a member element inside an object of a keyed mapping.
    func startKeyedMember(
        _ keyed: KeyedLayout, of binding: ElementBinding, name: ExpandedName, attributes: ExpatAttributes,
        byteIndex: Int
    ) {
        let owner = frames.count - 1
        // A piece's container has no object for the member's value (BindingEngine+Pieces.swift):
        // the piece is inexact, and the document is bound sequentially.
        if isPiece, pieceContainerOwns(owner) { return }
        var target = -1
        var keySeen = false
        var cursor = 0
        while let rawName = attributes[cursor], let rawValue = attributes[cursor + 1] {
            cursor += 2
            let attribute = ExpandedName(rawName)
            if let keyAttribute = keyed.keyAttribute, !keySeen, keyAttribute.local.utf8.elementsEqual(attribute.local),
                PropertyBinding.matches(
                    keyAttribute, uri: attribute.uri,
                    prefix: matchingPrefix(uri: attribute.uri, prefix: attribute.prefix), attribute: true,
                    owner: .none)
            {
                keySeen = true
                guard let found = memberTarget(rawValue.bytes, keyed, of: binding, owner: owner, byteIndex: byteIndex)
                else {
                    skipDepth = 1
                    return
                }
                target = found
                continue
            }
            unknownAttribute(
                attribute, value: { rawValue.string }, in: binding, byteIndex: byteIndex,
                message: {
                    "unknown attribute '\(attribute.qualifiedName)' on <\(name.qualifiedName)> in <\(binding.elementName)>"
                },
                suggestions: { keyed.keyAttribute.map { [$0.description] } ?? [] })
        }
        if let keyAttribute = keyed.keyAttribute, !keySeen {
            reportMemberProblem(
                "<\(name.qualifiedName)> in <\(binding.elementName)> has no key: attribute '\(keyAttribute)' is missing",
                byteIndex: byteIndex)
            skipDepth = 1
            return
        }
        frames.append(
            Frame(
                isObject: false, bindingIndex: frames[owner].bindingIndex, propertyIndex: target,
                pathNodeReference: UnretainedReference(keyed.memberNode), pathOwner: owner, textStart: -1,
                byteIndex: byteIndex))
        // The member's own content is the value: it holds text from here on.
        if target >= 0, keyed.valueElement == nil, let top = frames.lastSlot {
            top.pointee.textStart = holdsText(target, keyed, of: binding, isItem: false) ? text.count : -1
        }
    }

    /// A child element of an element of a keyed member.
    func startInsideKeyed(
        _ node: PathNode, owner: Int, name: ExpandedName, rawName: ExpatName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        guard let role = node.keyedRole, let parent = frames.lastSlot else { return }
        let bindingIndex = frames[owner].bindingIndex
        let binding = registry.bindings[bindingIndex]
        guard let keyed = binding.keyed else { return }
        let target = parent.pointee.propertyIndex
        func push(_ child: PathNode, textStart: Int) {
            frames.append(
                Frame(
                    isObject: false, bindingIndex: bindingIndex, propertyIndex: target,
                    pathNodeReference: UnretainedReference(child), pathOwner: owner, textStart: textStart,
                    byteIndex: byteIndex))
        }
        func unknown(_ expected: [XMLName]) {
            unknownElement(
                name, in: binding, attributes: { attributes.made }, byteIndex: byteIndex,
                message: {
                    "unexpected element <\(name.qualifiedName)> inside <\(node.name)> in <\(binding.elementName)>"
                        + (expected.isEmpty
                            ? "" : ", which holds " + expected.map { "<\($0)>" }.joined(separator: " or "))
                },
                suggestions: { expected.map(\.local) })
        }
        switch role {
        case .member where target < 0:
            // Before the key, only the key element.
            guard let key = keyed.keyElement, Self.matches(key, name) else {
                unknown(keyed.keyElement.map { [$0] } ?? [])
                return
            }
            push(keyed.keyNode, textStart: text.count)
        case .member where keyed.valueElement != nil:
            guard let value = keyed.valueElement, Self.matches(value, name),
                parent.pointee.childOrdinal & KeyedFlag.valueSeen == 0
            else {
                unknown(keyed.valueElement.map { [$0] } ?? [])
                return
            }
            parent.pointee.childOrdinal |= KeyedFlag.valueSeen
            push(keyed.valueNode, textStart: holdsText(target, keyed, of: binding, isItem: false) ? text.count : -1)
        case .member, .value, .item:
            startInValue(
                role == .item, keyed: keyed, of: binding, at: bindingIndex, holder: parent, name: name,
                rawName: rawName, attributes: attributes, byteIndex: byteIndex, push: push, unknown: unknown)
        case .listStep(let step):
            let next = step + 1
            guard next < keyed.listSteps.count, Self.matches(keyed.listSteps[next], name) else {
                unknown(next < keyed.listSteps.count ? [keyed.listSteps[next]] : [])
                return
            }
            if next == keyed.listSteps.count - 1 {
                push(keyed.itemNode, textStart: holdsText(target, keyed, of: binding, isItem: true) ? text.count : -1)
            } else {
                push(keyed.listStepNodes[next], textStart: -1)
            }
        case .key, .wrapper:
            unknown([])
        }
    }

    /// A child element of a member's value (or of an item of its list): a list's first
    /// step, a typed wrapper around a scalar, or an object's element.
    private func startInValue(
        _ isItem: Bool, keyed: KeyedLayout, of binding: ElementBinding, at bindingIndex: Int,
        holder: ValueSlot<Frame>, name: ExpandedName, rawName: ExpatName, attributes: ExpatAttributes,
        byteIndex: Int, push: (PathNode, Int) -> Void, unknown: ([XMLName]) -> Void
    ) {
        let target = holder.pointee.propertyIndex
        if !isItem, isList(target, keyed, of: binding), let first = keyed.listSteps.first {
            guard Self.matches(first, name), holder.pointee.childOrdinal & KeyedFlag.wrapped == 0 else {
                unknown([first])
                return
            }
            holder.pointee.childOrdinal |= KeyedFlag.wrapped
            if keyed.listSteps.count == 1 {
                push(keyed.itemNode, holdsText(target, keyed, of: binding, isItem: true) ? text.count : -1)
            } else {
                push(keyed.listStepNodes[0], -1)
            }
            return
        }
        if target < keyed.propertyCount {
            guard let wrapper = keyed.wrapper(local: name.local), holder.pointee.childOrdinal & KeyedFlag.wrapped == 0
            else {
                unknown(holder.pointee.childOrdinal & KeyedFlag.wrapped == 0 ? keyed.wrappers : [])
                return
            }
            // Text around a wrapper is layout.
            holder.pointee.childOrdinal |= KeyedFlag.wrapped
            if holder.pointee.textStart >= 0 { dropText(from: holder.pointee.textStart) }
            push(keyed.wrapperNodes[wrapper], keyed.wrapperIsNil[wrapper] ? -1 : text.count)
            return
        }
        let slot = target - keyed.propertyCount
        let child = registry.namedSlotChild(parent: bindingIndex, slot: slot)
        guard child >= 0 else {
            // No mapping for the slot's type: reported as for a slot with `xml:`.
            startNamedChild(
                slot, of: binding, at: bindingIndex, name: name, rawName: rawName, attributes: attributes,
                byteIndex: byteIndex)
            return
        }
        guard Self.matches(registry.bindings[child].elementName, name),
            holder.pointee.childOrdinal & KeyedFlag.wrapped == 0
        else {
            unknown([registry.bindings[child].elementName])
            return
        }
        holder.pointee.childOrdinal |= KeyedFlag.wrapped
        startNamedChild(
            slot, of: binding, at: bindingIndex, name: name, rawName: rawName, attributes: attributes,
            byteIndex: byteIndex)
    }

    /// The end of an element of a keyed member, whose frame is popped.
    func endKeyed(_ node: PathNode, owner: Int, frame: Frame) {
        guard let role = node.keyedRole else { return }
        let bindingIndex = frame.bindingIndex
        let binding = registry.bindings[bindingIndex]
        guard let keyed = binding.keyed else { return }
        switch role {
        case .key:
            guard let member = frames.lastSlot else { return }
            let found = memberTarget(
                text.values(from: frame.textStart), keyed, of: binding, owner: owner,
                byteIndex: member.pointee.byteIndex)
            dropText(from: frame.textStart)
            guard let found else {
                // The rest of the member is skipped; its end tag ends the skip.
                frames.removeLast()
                skipDepth = 1
                return
            }
            member.pointee.propertyIndex = found
            if keyed.valueElement == nil {
                member.pointee.textStart = holdsText(found, keyed, of: binding, isItem: false) ? text.count : -1
            }
        case .wrapper(let index):
            guard !keyed.wrapperIsNil[index], frame.textStart >= 0 else { return }
            storeMemberText(frame, owner: owner, of: binding)
        case .value, .item:
            endValueHolder(frame, owner: owner, of: binding)
        case .member:
            if frame.propertyIndex < 0 {
                reportMemberProblem(
                    "<\(node.name)> in <\(binding.elementName)> has no key: its first child must be "
                        + "<\(keyed.keyElement?.description ?? "")>",
                    byteIndex: frame.byteIndex)
                return
            }
            if let value = keyed.valueElement {
                if frame.childOrdinal & KeyedFlag.valueSeen == 0 {
                    reportMemberProblem(
                        "member '\(keyed.key(of: frame.propertyIndex))' "
                            + "of <\(binding.elementName)> has no <\(value)>",
                        byteIndex: frame.byteIndex)
                }
                return
            }
            endValueHolder(frame, owner: owner, of: binding)
        case .listStep:
            return
        }
    }

    /// The end of a value holder (the value element, a list item, or a member whose
    /// content is its value): its text is the value, unless a wrapper held it.
    private func endValueHolder(_ frame: Frame, owner: Int, of binding: ElementBinding) {
        guard frame.textStart >= 0 else { return }
        if frame.childOrdinal & KeyedFlag.wrapped != 0 {
            dropText(from: frame.textStart)
            return
        }
        storeMemberText(frame, owner: owner, of: binding)
    }

    /// Stores a member's text into its property, with the owner's duplicate tracking.
    private func storeMemberText(_ frame: Frame, owner: Int, of binding: ElementBinding) {
        guard let object = frames[owner].object?.object, let base = frames[owner].base else {
            dropText(from: frame.textStart)
            return
        }
        var assigned = frames[owner].assigned
        store(
            text.values(from: frame.textStart), into: frame.propertyIndex, of: binding, at: frame.bindingIndex,
            object: object, base: base, assigned: &assigned,
            place: .element(
                offset: frame.byteIndex, textOffset: frame.textOffset, ownerMark: frames[owner].assignmentMark,
                ownerOffset: frames[owner].byteIndex))
        dropText(from: frame.textStart)
        frames[owner].assigned = assigned
    }

    /// The declaration a member's key names, once checked: unknown keys follow the
    /// mapping's policy, a key given twice is reported at the member; `nil` skips the member.
    private func memberTarget(
        _ key: UnsafeBufferPointer<UInt8>, _ keyed: KeyedLayout, of binding: ElementBinding, owner: Int,
        byteIndex: Int
    ) -> Int? {
        guard let target = keyed.target(of: key) else {
            let text = String(decoding: key, as: UTF8.self)
            let policy = binding.unknownContentPolicy ?? globalPolicy
            if case .ignore = policy { return nil }
            reportUnknown(
                policy: policy, code: .unknownElement,
                message: "unknown member '\(text)' in <\(binding.elementName)>"
                    + Self.didYouMean(text, among: keyed.keyNames),
                byteOffset: byteIndex, focus: .offset,
                content: UnknownContent(
                    kind: .element, name: text, namespace: nil, parent: binding.elementName.description, origin: nil))
            return nil
        }
        let isSingle =
            target < keyed.propertyCount
            ? binding.properties[target].collection == nil
            : binding.childSlots[target - keyed.propertyCount].isSingle
        if isSingle, frames[owner].assigned.contains(target) {
            let mark = min(frames[owner].assignmentMark, elementAssignments.count)
            let earlier =
                elementAssignments[mark...].first { $0.property == target }?.offset ?? frames[owner].byteIndex
            reportGivenTwice(
                "member '\(String(decoding: key, as: UTF8.self))' of <\(binding.elementName)> is given more than once",
                byteOffset: byteIndex, focus: .offset,
                first: PendingDiagnostic.Note(message: "first given here", byteOffset: earlier))
            return nil
        }
        // A property is marked given when its value is stored; a slot here, by its member.
        if target >= keyed.propertyCount, isSingle { frames[owner].assigned.insert(target) }
        elementAssignments.append((target, byteIndex))
        return target
    }

    /// A member without its key or value: an error, or a warning in lenient mode.
    private func reportMemberProblem(_ message: String, byteIndex: Int) {
        report(
            PendingDiagnostic(
                severity: options.mode == .lenient ? .warning : .error, code: .missingValue, message: message,
                byteOffset: byteIndex))
    }

    /// Whether a value holder for `target` keeps its text: a property's value, unless the
    /// property is a list read through the list path and the holder is not an item.
    private func holdsText(_ target: Int, _ keyed: KeyedLayout, of binding: ElementBinding, isItem: Bool) -> Bool {
        guard target >= 0, target < keyed.propertyCount else { return false }
        return isItem || !isList(target, keyed, of: binding)
    }

    /// Whether a member is a list read through the shape's list path.
    private func isList(_ target: Int, _ keyed: KeyedLayout, of binding: ElementBinding) -> Bool {
        guard !keyed.listSteps.isEmpty, target >= 0 else { return false }
        if target < keyed.propertyCount { return binding.properties[target].collection != nil }
        return !binding.childSlots[target - keyed.propertyCount].isSingle
    }

    /// Whether an element's name is a shape's name: unprefixed, in no namespace or any.
    private static func matches(_ declared: XMLName, _ name: ExpandedName) -> Bool {
        guard declared.hasLocal(name.local) else { return false }
        switch declared.namespace {
        case .any: return true
        case .none: return name.uri == nil
        case .uri(let uri): return name.uri.map { $0.elementsEqual(uri.utf8) } ?? false
        case .prefix(let prefix): return name.prefix.map { $0.elementsEqual(prefix.utf8) } ?? false
        }
    }
}
