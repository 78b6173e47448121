#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Child elements kept by a mapping's `.otherElements` slot: instead of being skipped as
/// unknown, such an element is read into an ``XMLElementNode`` tree while the engine skips
/// it (``skipDepth`` counts its depth as for any skipped element, so the usual paths pay
/// nothing for it), and appended to its parent object's slot at its end.
extension BindingEngine {
    /// Whether the innermost object keeps `name`, an element nothing else takes: then it is
    /// kept from here on, and `true` is returned. Checked before it is reported unknown.
    @inline(never)
    func keepsUnknownChild(_ name: ExpandedName, attributes: ExpatAttributes, byteIndex: Int) -> Bool {
        guard let top = frames.lastSlot, top.pointee.isObject else { return false }
        let admitted = withBinding(top.pointee.bindingIndex) { binding in
            guard let slot = binding.keptElementsSlot, slot.admits(name.uri) else { return false }
            return !ignores(element: name, in: binding)
        }
        guard admitted else { return false }
        skipDepth = 1
        // A piece of a parallel parse has no container object to keep it in.
        if pieceContainerOwns(frames.count &- 1) { return true }
        // `.mixedText`: the text before a kept element is a piece of its own, as before a child object.
        noteMixedText(parentIndex: top.pointee.bindingIndex)
        keeper = ElementKeeper()
        skipKeepsText = true
        keepStart(name, attributes: attributes)
        return true
    }

    /// Keeps a child element that the innermost object's named kept slot `index` takes
    /// (`.element` of an `XMLElementNode?`, `.elements` of an `[XMLElementNode]`), from
    /// here on. A second element for a single slot is given twice: reported, and skipped.
    @inline(never)
    func keepNamedChild(
        _ index: Int, of binding: ElementBinding, name: ExpandedName, attributes: ExpatAttributes, byteIndex: Int
    ) {
        guard let top = frames.lastSlot, top.pointee.isObject else { return }
        skipDepth = 1
        // A piece of a parallel parse has no container object to keep it in.
        if pieceContainerOwns(frames.count &- 1) { return }
        let slot = binding.namedKeptSlots[index]
        if !slot.isList, let object = top.pointee.object?.object, !slot.read(object).isEmpty {
            reportGivenTwice(
                "property '\(slot.propertyName)' of <\(binding.elementName)> is given more than once: "
                    + "it holds one element",
                byteOffset: byteIndex, focus: .offset,
                first: PendingDiagnostic.Note(
                    message: "inside the element that starts here", byteOffset: top.pointee.byteIndex))
            return
        }
        noteMixedText(parentIndex: top.pointee.bindingIndex)
        let keeper = ElementKeeper()
        keeper.namedSlot = index
        self.keeper = keeper
        skipKeepsText = true
        keepStart(name, attributes: attributes)
    }

    /// A start tag inside a kept element (`skipDepth` already counts it).
    @inline(never)
    func keepStart(_ rawName: ExpatName, attributes: ExpatAttributes) {
        keepStart(ExpandedName(rawName), attributes: attributes)
    }

    /// Opens a kept element: the text before it goes to its parent, and it records its
    /// name, attributes, origin and the namespace declarations it needs.
    private func keepStart(_ name: ExpandedName, attributes: ExpatAttributes) {
        guard let keeper else { return }
        keepText(in: keeper)
        let scope = scopeTracker?.scope.bindings.filter { $0.key != "xml" } ?? [:]
        var declarations = scope
        if let outer = keeper.scopes.last {
            declarations = scope.filter { outer[$0.key] != $0.value }
        }
        let position = withDriver { $0.currentLineColumn }
        keeper.open.append(
            XMLElementNode(
                name: name.qualifiedName, namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                attributes: attributes.made, namespaceDeclarations: declarations,
                origin: position.map { Origin(file: file, line: $0.line, column: $0.column &+ 1) }))
        keeper.scopes.append(scope)
        keeper.textStart = text.count
    }

    /// An end tag inside (or of) the kept element (`skipDepth` already counts it down): the
    /// element goes into its parent, or the whole tree into the object's slot.
    @inline(never)
    func keepEnd() {
        guard let keeper else { return }
        keepText(in: keeper)
        guard let element = keeper.open.popLast() else { return }
        keeper.scopes.removeLast()
        if !keeper.open.isEmpty {
            keeper.open[keeper.open.count &- 1].content.append(.element(element))
            return
        }
        self.keeper = nil
        skipKeepsText = false
        guard let top = frames.lastSlot, top.pointee.isObject, let object = top.pointee.object?.object else { return }
        let named = keeper.namedSlot
        withBinding(top.pointee.bindingIndex) { binding in
            if named >= 0 {
                binding.namedKeptSlots[named].store(object, element)
            } else {
                binding.keptElementsSlot?.append(object, element)
            }
            // `.childOrder` names a kept element in Clark notation, which no slot's name is.
            binding.childOrderSlot?.append(object, "{\(element.namespace ?? "")}\(element.localName)")
        }
    }

    /// Moves the text read since the last tag into the innermost open element.
    private func keepText(in keeper: ElementKeeper) {
        guard text.count > keeper.textStart, !keeper.open.isEmpty else { return }
        let piece = String(decoding: text.values(from: keeper.textStart), as: UTF8.self)
        text.truncate(to: keeper.textStart)
        let last = keeper.open.count &- 1
        // Expat hands text over in runs: one piece per stretch between tags.
        if case .text(let earlier)? = keeper.open[last].content.last {
            keeper.open[last].content[keeper.open[last].content.count &- 1] = .text(earlier + piece)
        } else {
            keeper.open[last].content.append(.text(piece))
        }
    }
}
