#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The engine's parser events: start and end tags, text.
extension BindingEngine {
    /// Whether character data goes anywhere now: the innermost element keeps text and
    /// nothing is being skipped. The driver gives expat a text handler only while it does.
    var wantsText: Bool {
        @inline(__always) get {
            // An element reader gets all text inside its element.
            if readerLevels.count > 0 { return true }
            // Skipped content keeps text only inside a whole text or a kept element; tested
            // only while skipping.
            if skipDepth > 0 {
                guard skipKeepsText else { return false }
                if keeper != nil { return true }
            }
            return (frames.lastSlot?.pointee.textStart ?? -1) >= 0
        }
    }

    /// ``wantsText`` as the driver asks it after every tag: the usual case (no reader
    /// reading, nothing skipped) is one test of the two counts and the top frame's text
    /// start; the rest is ``wantsText`` itself.
    var wantsTextAfterTag: Bool {
        @inline(__always) get {
            guard readerLevels.count | skipDepth == 0 else { return wantsUnusualText() }
            return (frames.lastSlot?.pointee.textStart ?? -1) >= 0
        }
    }

    @inline(never)
    private func wantsUnusualText() -> Bool { wantsText }

    /// Whether `xmlns:p` declarations matter: some registration names a prefix that
    /// only the document can resolve.
    var needsNamespaceDeclarations: Bool {
        !registry.pendingPrefixes.isEmpty || !registry.pendingPropertyPrefixes.isEmpty
            || registry.choosesByType
    }

    // MARK: Events

    /// A start tag. Inside an element read by an ``ElementReader``, it goes to the reader, and
    /// the test for that is inlined into the driver's handler: the reader's events skip the
    /// entry to the engine's own (large) handler.
    ///
    /// - Returns: ``wantsTextAfterTag``, known without asking on the usual property element's
    ///   path (its frame, just pushed, keeps text).
    @inline(__always)
    func startElement(
        name rawName: ExpatName, attributes: ExpatAttributes, byteIndex: Int
    ) -> Bool {
        if readerLevels.count > 0 {
            readerStartOutOfLine(name: rawName, attributes: attributes, byteIndex: byteIndex)
            return wantsTextAfterTag
        }
        return startBoundElement(name: rawName, attributes: attributes, byteIndex: byteIndex)
    }

    /// ``readerStart(name:attributes:byteIndex:)`` in a call of its own: the driver's own
    /// handlers rarely see a reader's tags (it installs the reader handlers while one
    /// reads), so its code stays out of theirs.
    @inline(never)
    private func readerStartOutOfLine(
        name rawName: ExpatName, attributes: ExpatAttributes, byteIndex: Int
    ) {
        readerStart(name: rawName, attributes: attributes, byteIndex: byteIndex)
    }

    /// A start tag outside elements read by readers: inlined into the driver's handler, so
    /// that a child the cache knows goes from it straight to its object or property.
    @inline(__always)
    private func startBoundElement(
        name rawName: ExpatName, attributes: ExpatAttributes, byteIndex: Int
    ) -> Bool {
        if skipDepth > 0 {
            skipDepth += 1
            // Inside an element kept by `.otherElements` (BindingEngine+KeptElements.swift).
            if keeper != nil { keepStart(rawName, attributes: attributes) }
            return wantsTextAfterTag
        }
        guard let parent = frames.lastSlot, parent.pointee.isObject else {
            startLookedUp(rawName, under: -1, ordinal: 0, attributes: attributes, byteIndex: byteIndex)
            return wantsTextAfterTag
        }
        let parentIndex = parent.pointee.bindingIndex
        // The child's place among its parent's children, for the cache (see ChildNameCache).
        let ordinal = Int(parent.pointee.childOrdinal)
        if ordinal < ChildNameCache.places &- 1 { parent.pointee.childOrdinal &+= 1 }
        // The name entry is read from the engine again after the place's compare (not kept
        // across it), which spares the handler spilling the cache's fields around `strncmp`.
        if let answer = childNames.lookupByPlace(rawName, under: parentIndex, ordinal: ordinal)
            ?? lookupChildByName(rawName, under: parentIndex, ordinal: ordinal)
        {
            return startRemembered(
                answer, name: rawName, under: parentIndex, attributes: attributes, byteIndex: byteIndex)
        }
        startLookedUp(rawName, under: parentIndex, ordinal: ordinal, attributes: attributes, byteIndex: byteIndex)
        return wantsTextAfterTag
    }

    /// ``ChildNameCache/lookupByName(_:under:ordinal:)`` of the engine's cache, in a call of
    /// its own.
    @inline(never)
    private func lookupChildByName(
        _ rawName: ExpatName, under parentIndex: Int, ordinal: Int
    ) -> ChildNameCache.Answer? {
        childNames.lookupByName(rawName, under: parentIndex, ordinal: ordinal)
    }

    /// A start tag the child-name cache does not answer: its name is split and looked up.
    /// A call of its own, so that the cached path (most tags) keeps a small frame.
    ///
    /// - Parameters:
    ///   - parentIndex: The binding of the parent object element, or -1 (the root, or a
    ///     child of a property or path element).
    ///   - ordinal: The child's place among the parent object's children.
    @inline(never)
    private func startLookedUp(
        _ rawName: ExpatName, under parentIndex: Int, ordinal: Int,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        let name = ExpandedName(rawName)
        if let parent = frames.lastSlot {
            let handled = withBinding(parent.pointee.bindingIndex) { binding in
                startElement(
                    name, rawName: rawName, inside: parent, of: binding, ordinal: ordinal, attributes: attributes,
                    byteIndex: byteIndex)
            }
            if handled { return }
        }
        let found = lookupElement(name, parent: frames.lastSlot)
        guard let bindingIndex = found,
            !registry.hasAlternativeLookups || parentIndex < 0
                || !absorbsUnplacedChild(bindingIndex, under: parentIndex, name: name)
        else {
            // An unknown root still has a place, for an unexpected-root error in lenient mode.
            if frames.isEmpty { rootByteIndex = byteIndex }
            // An unknown name in no namespace stays unknown under an object of the same
            // mapping: its declarations and the registered names decide, and neither
            // changes during a parse (the document's prefixes only add names in a namespace).
            if parentIndex >= 0, name.uri == nil, found == nil {
                // Content the parent's policy ignores is remembered as such: nothing about it
                // is reported, so the next one needs neither its name split nor a report.
                let kind: ChildNameCache.Kind =
                    withBinding(parentIndex) { ignoresUnknownContent($0) } ? .ignored : .unknown
                childNames.remember(
                    rawName, length: name.key.count, as: .init(kind: kind, namespace: -1, child: -1),
                    under: parentIndex, ordinal: ordinal)
            }
            // The innermost object's binding, borrowed: its policy decides.
            unknownChild(
                name, under: frames.lastIndex { $0.isObject }.map { frames[$0].bindingIndex }, attributes: attributes,
                byteIndex: byteIndex)
            return
        }
        // Mappings chosen by `xsi:type` (issue 13): never cached, since the next element of
        // the name may choose another.
        if registry.hasAlternativeLookups, let variants = registry.typedVariants[bindingIndex] {
            guard
                let chosen = chooseVariant(
                    variants, base: bindingIndex, name: name, attributes: attributes, byteIndex: byteIndex)
            else { return }
            startObject(
                chosen, name: rawName, namespace: namespaceNumber(name, of: chosen), attributes: attributes,
                byteIndex: byteIndex)
            return
        }
        // Remembered only when the parent's declarations cannot take the name in some
        // namespace: which of them matches can depend on the parent element's namespace.
        // A name in no namespace that an unprefixed mapping took is remembered too: only a
        // child in a namespace depends on its parent's for that match (see `lookupElement`).
        let namespace = namespaceNumber(name, of: bindingIndex)
        if parentIndex >= 0,
            registry.exact.lookup(name.key) == bindingIndex
                || (name.uri == nil && registry.wildcard.lookup(name.local) == bindingIndex),
            !withBinding(parentIndex, { $0.declaresElement(local: name.local) })
        {
            childNames.remember(
                rawName, length: rawName.length, as: .init(kind: .object, namespace: namespace, child: bindingIndex),
                under: parentIndex, ordinal: ordinal)
        }
        startObject(bindingIndex, name: rawName, namespace: namespace, attributes: attributes, byteIndex: byteIndex)
    }

    /// Starts a child whose answer the cache remembered, as the full lookup would.
    ///
    /// - Returns: ``wantsTextAfterTag``.
    @inline(__always)
    private func startRemembered(
        _ answer: ChildNameCache.Answer, name rawName: ExpatName, under parentIndex: Int,
        attributes: ExpatAttributes, byteIndex: Int
    ) -> Bool {
        switch answer.kind {
        case .object:
            startObject(
                answer.child, name: rawName, namespace: answer.namespace, attributes: attributes, byteIndex: byteIndex)
        case .property:
            // The usual property element (no attributes; the kind says no keyed maps) is pushed
            // here, in the driver's handler: a call of its own would cost more than the frame's stores.
            guard attributes.isEmpty else {
                startRememberedSpecialProperty(
                    answer.child, name: rawName, under: parentIndex, attributes: attributes, byteIndex: byteIndex)
                return wantsTextAfterTag
            }
            frames.append(
                Frame(
                    isObject: false, bindingIndex: parentIndex, propertyIndex: answer.child, textStart: text.count,
                    byteIndex: byteIndex))
            // Nothing is read or skipped (the caller's tests), and the new frame keeps text.
            return true
        case .namedChild:
            startRememberedNamedChild(answer, name: rawName, attributes: attributes, byteIndex: byteIndex)
        case .keyedMember:
            startRememberedKeyedMember(name: rawName, under: parentIndex, attributes: attributes, byteIndex: byteIndex)
        case .keyedProperty:
            startRememberedSpecialProperty(
                answer.child, name: rawName, under: parentIndex, attributes: attributes, byteIndex: byteIndex)
        case .unknown:
            reportRememberedUnknown(name: rawName, under: parentIndex, attributes: attributes, byteIndex: byteIndex)
        case .ignored:
            // What `unknownElement` does for content its policy ignores: skipped with
            // everything inside it, its text kept only inside a whole text.
            skipDepth = 1
            // `topFrameTakesWholeText()` for the parent, an object element of this binding.
            if withBinding(parentIndex, { $0.textTakesWholeText }) { skipKeepsText = true }
        }
        return wantsTextAfterTag
    }

    /// A remembered property element with attributes, or of a mapping with keyed maps (see
    /// ``startPropertyElement(_:of:at:rawName:attributes:byteIndex:)``).
    @inline(never)
    private func startRememberedSpecialProperty(
        _ property: Int, name rawName: ExpatName, under parentIndex: Int,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        withBinding(parentIndex) { binding in
            startPropertyElement(
                property, of: binding, at: parentIndex, rawName: rawName, attributes: attributes, byteIndex: byteIndex)
        }
    }

    /// A remembered object child of a slot declared with `xml:`, in a call of its own: the
    /// handler already holds one copy of the object's start (for ``ChildNameCache/Kind/object``).
    @inline(never)
    private func startRememberedNamedChild(
        _ answer: ChildNameCache.Answer, name rawName: ExpatName, attributes: ExpatAttributes, byteIndex: Int
    ) {
        startNamedChild(
            answer.child, slot: Int(answer.slot), name: rawName, namespace: answer.namespace, attributes: attributes,
            byteIndex: byteIndex)
    }

    /// A remembered member element of the parent's keyed shape.
    @inline(never)
    private func startRememberedKeyedMember(
        name rawName: ExpatName, under parentIndex: Int, attributes: ExpatAttributes, byteIndex: Int
    ) {
        withBinding(parentIndex) { binding in
            guard let keyed = binding.keyed else { return }
            startKeyedMember(
                keyed, of: binding, name: ExpandedName(rawName), attributes: attributes, byteIndex: byteIndex)
        }
    }

    /// Reports an unknown child the cache remembered, each time, as the full lookup would.
    /// A call of its own: splitting the name for the report would otherwise widen the
    /// frame of the cached path every tag takes.
    @inline(never)
    private func reportRememberedUnknown(
        name rawName: ExpatName, under parentIndex: Int,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        unknownChild(ExpandedName(rawName), under: parentIndex, attributes: attributes, byteIndex: byteIndex)
    }

    /// Whether the policy for unknown content inside objects of `binding` skips it silently.
    private func ignoresUnknownContent(_ binding: ElementBinding) -> Bool {
        // Elements a `.otherElements` slot may keep are never skipped by name alone.
        if binding.keptElementsSlot != nil { return false }
        if case .ignore = binding.unknownContentPolicy ?? globalPolicy { return true }
        return false
    }

    /// An element nothing takes, inside the object of binding `parentIndex` (or the root).
    private func unknownChild(
        _ name: ExpandedName, under parentIndex: Int?, attributes: ExpatAttributes,
        byteIndex: Int
    ) {
        func report(_ parent: ElementBinding?) {
            var context: String { parent.map { "inside <\($0.elementName)>" } ?? "as the root element" }
            unknownElement(
                name, in: parent, attributes: { attributes.made }, byteIndex: byteIndex,
                message: { "unknown element <\(name.qualifiedName)> \(context)" },
                suggestions: { self.elementSuggestions(in: parent) })
        }
        if let parentIndex {
            if withBinding(parentIndex, { $0.keptElementsSlot != nil }),
                keepsUnknownChild(name, attributes: attributes, byteIndex: byteIndex)
            {
                return
            }
            withBinding(parentIndex, report)
        } else {
            report(nil)
        }
    }

    /// A start tag inside an open element, when that element's binding decides what it
    /// is (a property element, a path element, or content a property element cannot
    /// hold); `false` when it is an object element to look up.
    private func startElement(
        _ name: ExpandedName, rawName: ExpatName, inside parentFrame: ValueSlot<Frame>,
        of binding: ElementBinding, ordinal: Int, attributes: ExpatAttributes,
        byteIndex: Int
    ) -> Bool {
        if parentFrame.pointee.isObject {
            // The usual property element: in no namespace (so without a prefix), declared
            // without one. Remembered: which property takes a name in no namespace depends
            // on the mapping alone.
            if name.uri == nil, let property = binding.plainElementProperty(local: name.local) {
                childNames.remember(
                    rawName, length: name.key.count,
                    as: .init(
                        kind: binding.hasKeyedProperties ? .keyedProperty : .property, namespace: -1, child: property),
                    under: parentFrame.pointee.bindingIndex, ordinal: ordinal)
                startPropertyElement(
                    property, of: binding, at: parentFrame.pointee.bindingIndex, name: name, attributes: attributes,
                    byteIndex: byteIndex)
                return true
            }
            let prefix = matchingPrefix(uri: name.uri, prefix: name.prefix)
            // Only a child in a namespace asks for the owner's.
            let owner = name.uri == nil ? OwnerNamespace.none : namespaces.owner(parentFrame.pointee.namespace)
            // A keyed mapping's member element (BindingEngine+Keyed.swift).
            if let keyed = binding.keyed, keyed.member.local.utf8.elementsEqual(name.local),
                PropertyBinding.matches(keyed.member, uri: name.uri, prefix: prefix, attribute: false, owner: owner)
            {
                // Remembered for a name in no namespace: it matches the mapping's member
                // element by the mapping alone.
                if name.uri == nil {
                    childNames.remember(
                        rawName, length: name.key.count, as: .init(kind: .keyedMember, namespace: -1, child: -1),
                        under: parentFrame.pointee.bindingIndex, ordinal: ordinal)
                }
                startKeyedMember(keyed, of: binding, name: name, attributes: attributes, byteIndex: byteIndex)
                return true
            }
            if let property = binding.elementProperty(local: name.local, uri: name.uri, prefix: prefix, owner: owner) {
                startPropertyElement(
                    property, of: binding, at: parentFrame.pointee.bindingIndex, name: name, attributes: attributes,
                    byteIndex: byteIndex)
                return true
            }
            // Nested paths: only mappings that declare one have `paths`.
            if let node = binding.paths?.child(local: name.local, uri: name.uri, prefix: prefix, owner: owner) {
                startPathElement(
                    node, owner: frames.count - 1, name: name, attributes: attributes, byteIndex: byteIndex)
                return true
            }
            // Child slots declared with `xml:`: only mappings that declare one have them.
            if !binding.namedSlots.isEmpty,
                let slot = binding.namedSlot(local: name.local, uri: name.uri, prefix: prefix, owner: owner)
            {
                // Remembered for a name in no namespace, as a property element is: which slot
                // takes it, and the slot's binding, depend on the mappings alone.
                let child = registry.namedSlotChild(parent: parentFrame.pointee.bindingIndex, slot: slot)
                // Not when an `xsi:type` may choose another binding for the next one.
                if name.uri == nil, child >= 0, let small = Int16(exactly: slot),
                    registry.namedSlotTypes.isEmpty
                        || registry.namedSlotVariants(parent: parentFrame.pointee.bindingIndex, slot: slot).isEmpty
                {
                    let answer = ChildNameCache.Answer(
                        kind: .namedChild, slot: small, namespace: namespaceNumber(name, of: child), child: child)
                    childNames.remember(
                        rawName, length: name.key.count, as: answer, under: parentFrame.pointee.bindingIndex,
                        ordinal: ordinal)
                }
                startNamedChild(
                    slot, of: binding, at: parentFrame.pointee.bindingIndex, name: name, rawName: rawName,
                    attributes: attributes, byteIndex: byteIndex)
                return true
            }
            // Named elements kept whole (BindingEngine+KeptElements.swift): never remembered
            // by the cache, so that its answers stay the usual ones.
            if !binding.namedKeptSlots.isEmpty,
                let kept = binding.namedKeptSlot(local: name.local, uri: name.uri, prefix: prefix, owner: owner)
            {
                keepNamedChild(kept, of: binding, name: name, attributes: attributes, byteIndex: byteIndex)
                return true
            }
            return false
        }
        if let node = parentFrame.pointee.pathNode {
            startElement(
                inside: node, owner: parentFrame.pointee.pathOwner, name: name, rawName: rawName,
                attributes: attributes, byteIndex: byteIndex)
            return true
        }
        let holder = binding.properties[parentFrame.pointee.propertyIndex].xmlName.description
        unknownElement(
            name, in: binding, attributes: { attributes.made }, byteIndex: byteIndex,
            message: {
                "unexpected element <\(name.qualifiedName)> inside property element <\(holder)>, "
                    + "which holds text only"
            },
            suggestions: { [] })
        return true
    }

    /// An end tag; inside an element read by an ``ElementReader``, the reader's (see
    /// ``startElement(name:attributes:byteIndex:)``).
    @inline(__always)
    func endElement(name rawName: ExpatName) {
        if readerLevels.count > 0 {
            readerEndOutOfLine(name: rawName)
        } else {
            endBoundElement(name: rawName)
        }
    }

    /// ``readerEnd(name:)`` in a call of its own (see `readerStartOutOfLine`).
    @inline(never)
    private func readerEndOutOfLine(name rawName: ExpatName) {
        readerEnd(name: rawName)
    }

    /// An end tag outside elements read by readers: inlined into the driver's handler, so
    /// that the usual end tag goes from it straight to ``end(_:of:)``.
    @inline(__always)
    private func endBoundElement(name rawName: ExpatName) {
        if skipDepth > 0 {
            skipDepth -= 1
            if keeper != nil { keepEnd() }
            if skipDepth == 0 { skipKeepsText = false }
            return
        }
        guard let top = frames.lastSlot else { return }
        if top.pointee.pathNodeReference != nil {
            endPathFrame(top)
            return
        }
        guard top.pointee.isObject else {
            endPropertyElement(top)
            return
        }
        endObjectFrame(top)
    }

    /// Character data of the innermost element, which keeps text.
    ///
    /// No test is needed here: the driver gives expat a text handler only while
    /// ``wantsText`` holds (most character data, the whitespace between elements, then
    /// goes by without a call), and what it depends on (the frames, skipping) changes
    /// only at a tag, after which the driver asks again.
    ///
    /// Each branch ends in its only call, which can then be a jump (see
    /// ``EngineStack/appendText(_:)``).
    @inline(__always)
    func characters(_ run: ExpatText) {
        guard resolver == nil else {
            Self.charactersNotingOffset(run, of: self)
            return
        }
        text.appendText(run)
    }

    /// ``characters(_:)`` when values are substituted: notes where the text starts.
    /// Static, so that the engine is an argument and the call can be a jump.
    @inline(never)
    private static func charactersNotingOffset(_ run: ExpatText, of engine: BindingEngine) {
        // An empty run (which the text handler does not filter out) starts no text.
        guard run.count > 0 else { return }
        engine.noteTextOffset()
        engine.text.append(run)
    }

    /// Records where the innermost element's text starts, for substitution.
    @inline(never)
    private func noteTextOffset() {
        // Text an element reader reads is not substituted, nor text inside a kept element.
        guard readerLevels.count == 0, keeper == nil, let top = frames.lastSlot, top.pointee.textOffset < 0,
            let driver
        else { return }
        top.pointee.textOffset = driver.currentByteIndex
    }

    /// Drops the shared text buffer's bytes from `start` on (an element's text, once used).
    @inline(__always)
    func dropText(from start: Int) {
        text.truncate(to: start)
    }
}
