#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Nested paths: `.property(\.price, xml: "details/price")` and
/// `.attribute(\.currency, xml: "details/price/@currency")`.
///
/// Each element on a path gets a path frame (``Frame/pathNode``), whose ``Frame/pathOwner``
/// is the index of the object's frame: attributes of the element and its text go to the
/// owner's properties (with the owner's duplicate tracking, so `required()` and
/// `default:` work as for flat properties). Nothing here runs for mappings without
/// nested paths; the engine's only changes are the hooks that call these methods.
extension BindingEngine {
    /// Opens an element of a path: binds its declared attributes to the owner object.
    func startPathElement(
        _ node: PathNode, owner: Int, name: ExpandedName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        let bindingIndex = frames[owner].bindingIndex
        let binding = registry.bindings[bindingIndex]
        guard let object = frames[owner].object?.object, let base = frames[owner].base else {
            if isPiece, owner == 0 { markPieceInexact() }
            return
        }
        var assigned = frames[owner].assigned
        var cursor = 0
        // Lists of optionals this element has given a value (see `fillGaps`).
        var filled: [Int] = []
        while let rawName = attributes[cursor], let rawValue = attributes[cursor + 1] {
            cursor += 2
            let attribute = ExpandedName(rawName)
            let prefix = matchingPrefix(uri: attribute.uri, prefix: attribute.prefix)
            let property = node.attributes.first { index in
                binding.properties[index].xmlName.local.utf8.elementsEqual(attribute.local)
                    && binding.properties[index].matchesAttribute(uri: attribute.uri, prefix: prefix)
            }
            guard let property else {
                unknownAttribute(
                    attribute, value: { rawValue.string }, in: binding, byteIndex: byteIndex,
                    message: {
                        "unknown attribute '\(attribute.qualifiedName)' on <\(name.qualifiedName)> "
                            + "in <\(binding.elementName)>"
                    },
                    suggestions: { node.attributes.map { binding.properties[$0].xmlName.description } })
                continue
            }
            let value = rawValue.bytes
            store(
                value, into: property, of: binding, at: bindingIndex, object: object, base: base, assigned: &assigned,
                place: .attribute(rawName, tagOffset: byteIndex))
            if !node.gapFilledAttributes.isEmpty { filled.append(property) }
        }
        if !node.gapFilledAttributes.isEmpty {
            fillGaps(of: node, except: filled, in: binding, object: object, base: base)
        }
        frames[owner].assigned = assigned
        frames.append(
            Frame(
                isObject: false, bindingIndex: bindingIndex, pathNodeReference: UnretainedReference(node),
                pathOwner: owner,
                textStart: node.textProperty == nil ? -1 : text.count, byteIndex: byteIndex))
    }

    /// Appends `nil` to each list of optionals read from an attribute of this path element
    /// that the element lacks: `.elements(\.types, xml: "link/@type")` into `[String?]`
    /// keeps one entry per `<link>`, so that it lines up with other lists of the same
    /// elements. (Into `[String]`, an element without the attribute adds nothing.)
    private func fillGaps(
        of node: PathNode, except filled: [Int], in binding: ElementBinding, object: AnyObject, base: FieldAccess
    ) {
        for index in node.gapFilledAttributes where !filled.contains(index) {
            binding.properties[index].collection?.makeGapFiller?(binding.isClass)(object, base)
        }
    }

    /// A child element inside a path element: the next element of some path, or unknown.
    func startElement(
        inside node: PathNode, owner: Int, name: ExpandedName, rawName: ExpatName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        // The elements of a keyed member (BindingEngine+Keyed.swift).
        if node.keyedRole != nil {
            startInsideKeyed(
                node, owner: owner, name: name, rawName: rawName, attributes: attributes, byteIndex: byteIndex)
            return
        }
        let ownerNamespace = name.uri == nil ? OwnerNamespace.none : namespaces.owner(frames[owner].namespace)
        if let child = node.child(
            local: name.local, uri: name.uri, prefix: matchingPrefix(uri: name.uri, prefix: name.prefix),
            owner: ownerNamespace)
        {
            startPathElement(child, owner: owner, name: name, attributes: attributes, byteIndex: byteIndex)
            return
        }
        let binding = registry.bindings[frames[owner].bindingIndex]
        // A child object a slot takes through this path (issue 13).
        if !node.slots.isEmpty,
            let slot = node.slot(
                local: name.local, uri: name.uri, prefix: matchingPrefix(uri: name.uri, prefix: name.prefix),
                owner: ownerNamespace, in: binding)
        {
            startNamedChild(
                slot, of: binding, at: frames[owner].bindingIndex, name: name, rawName: rawName,
                attributes: attributes, byteIndex: byteIndex)
            return
        }
        unknownElement(
            name, in: binding, attributes: { attributes.made }, byteIndex: byteIndex,
            message: { "unknown element <\(name.qualifiedName)> inside <\(node.name)> in <\(binding.elementName)>" },
            suggestions: { node.children.map(\.name.local) })
    }

    /// Closes an element of a path: its text, if it holds a value, goes to the owner.
    ///
    /// Empty text is a value (`""`) only for an element that holds nothing else; on an
    /// element that also has path attributes or children, it means no value.
    func endPathElement(_ node: PathNode, owner: Int, frame: Frame) {
        if node.keyedRole != nil {
            endKeyed(node, owner: owner, frame: frame)
            return
        }
        guard let index = node.textProperty, frame.textStart >= 0 else { return }
        guard frame.textStart < text.count || node.isLeaf, let object = frames[owner].object?.object,
            let base = frames[owner].base
        else {
            if isPiece, owner == 0 { markPieceInexact() }
            dropText(from: frame.textStart)
            return
        }
        let bindingIndex = frames[owner].bindingIndex
        let binding = registry.bindings[bindingIndex]
        var assigned = frames[owner].assigned
        store(
            text.values(from: frame.textStart), into: index, of: binding, at: bindingIndex, object: object,
            base: base, assigned: &assigned,
            place: .element(
                offset: frame.byteIndex, textOffset: frame.textOffset,
                ownerMark: frames[owner].assignmentMark, ownerOffset: frames[owner].byteIndex))
        dropText(from: frame.textStart)
        frames[owner].assigned = assigned
        elementAssignments.append((index, frame.byteIndex))
    }
}
