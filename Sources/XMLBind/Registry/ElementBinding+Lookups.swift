/// Finding a declaration by name: the attribute, property element or child slot a name
/// in a document stands for.
extension ElementBinding {
    /// The declared property for an attribute, if any.
    ///
    /// The usual attribute (no namespace, its local name in the short list, declared
    /// without a namespace) is answered inline; anything else goes the general way.
    @inline(__always)
    func attributeProperty(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Int? {
        if uri == nil, let listed = attributeNames.index(of: local) {
            guard let index = listed else { return nil }
            if matchesUnqualifiedAttribute[index] { return index }
        }
        return anyAttributeProperty(local: local, uri: uri, prefix: prefix)
    }

    private func anyAttributeProperty(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Int? {
        let found: Int?
        if let listed = attributeNames.index(of: local) {
            found = listed
        } else {
            found = attributeTable.lookup(local)
        }
        guard let index = found else { return nil }
        if properties[index].matchesAttribute(uri: uri, prefix: prefix) { return index }
        // Rare: two properties share a local name in different namespaces.
        return properties.indices.first { candidate in
            properties[candidate].form.acceptsAttribute && !properties[candidate].isKeyed
                && properties[candidate].xmlName.local.utf8.elementsEqual(local)
                && properties[candidate].matchesAttribute(uri: uri, prefix: prefix)
        }
    }

    /// The property declared without a namespace for a child element in no namespace,
    /// from the short list or, for a mapping with more element declarations than it holds
    /// (an RSS item's eleven), the table; `nil` sends the element the general way.
    @inline(__always)
    func plainElementProperty(local: UnsafeBufferPointer<UInt8>) -> Int? {
        let found: Int?
        if let listed = elementNames.index(of: local) { found = listed } else { found = elementTable.lookup(local) }
        guard let index = found, matchesElementInAnyNamespace[index] else { return nil }
        return index
    }

    /// The declared property for a child element, if any.
    ///
    /// The usual child element (its local name in the short list, in no namespace,
    /// declared without one) is answered inline.
    ///
    /// - Parameter owner: The namespace of the element that owns the declarations (the
    ///   object's element), which unprefixed names also match.
    @inline(__always)
    func elementProperty(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
        owner: OwnerNamespace
    ) -> Int? {
        if let listed = elementNames.index(of: local) {
            guard let index = listed else { return nil }
            if uri == nil, matchesElementInAnyNamespace[index] { return index }
        }
        return anyElementProperty(local: local, uri: uri, prefix: prefix, owner: owner)
    }

    private func anyElementProperty(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
        owner: OwnerNamespace
    ) -> Int? {
        let found: Int?
        if let listed = elementNames.index(of: local) {
            found = listed
        } else {
            found = elementTable.lookup(local)
        }
        guard let index = found else { return nil }
        if properties[index].matchesElement(uri: uri, prefix: prefix, owner: owner) { return index }
        return properties.indices.first { candidate in
            properties[candidate].form.acceptsElement && properties[candidate].path.isEmpty
                && !properties[candidate].isKeyed
                && properties[candidate].xmlName.local.utf8.elementsEqual(local)
                && properties[candidate].matchesElement(uri: uri, prefix: prefix, owner: owner)
        }
    }

    /// The child slot declared with `xml:` that takes a child element, if any.
    ///
    /// The usual case (the first slot of that local name matches) is found by comparing
    /// bytes with ``namedSlotNames``; the rest goes through every named slot.
    func namedSlot(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
        owner: OwnerNamespace
    ) -> Int? {
        if let listed = namedSlotNames.index(of: local) {
            guard let position = listed else { return nil }
            if PropertyBinding.matches(
                namedSlotXMLNames[position], uri: uri, prefix: prefix, attribute: false, owner: owner)
            {
                return namedSlots[position]
            }
        }
        return namedSlots.first { slot in
            guard let name = childSlots[slot].xmlName else { return false }
            return name.local.utf8.elementsEqual(local)
                && PropertyBinding.matches(name, uri: uri, prefix: prefix, attribute: false, owner: owner)
        }
    }

    /// Whether some declaration of this mapping (a property, the first element of a
    /// nested path, a named child slot) takes child elements with this local name, in
    /// some namespace: then which one takes a child depends on more than its name.
    func declaresElement(local: UnsafeBufferPointer<UInt8>) -> Bool {
        properties.contains {
            $0.form.acceptsElement && !$0.isKeyed && ($0.path.first ?? $0.xmlName).local.utf8.elementsEqual(local)
        }
            || childSlots.contains { slot in
                !slot.isKeyed && (slot.path.first ?? slot.xmlName)?.local.utf8.elementsEqual(local) == true
            }
            || keyed?.elementNames.contains { $0.local.utf8.elementsEqual(local) } == true
            || namedKeptSlots.contains { $0.xmlName.local.utf8.elementsEqual(local) }
    }

    /// The named kept element slot (``namedKeptSlots``) that takes a child element, if one does.
    func namedKeptSlot(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
        owner: OwnerNamespace
    ) -> Int? {
        namedKeptSlots.indices.first { index in
            let name = namedKeptSlots[index].xmlName
            return name.hasLocal(local)
                && PropertyBinding.matches(name, uri: uri, prefix: prefix, attribute: false, owner: owner)
        }
    }
}
