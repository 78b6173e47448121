#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `xsi:type` in a child slot declared with `xml:` (issue 31): the element's type chooses
/// the mapping among those registered with `.xsiType(…)` whose class is the slot's class or
/// a subclass of it (see ``NamedSlotTypes``).
extension BindingEngine {
    /// The binding an element of a named slot is bound with: the variant its `xsi:type`
    /// names, or the slot's own binding `base` when it has none; `nil`, with the element
    /// skipped and a located error, when the type is not one the slot takes, or when it has
    /// none and no mapping is registered for the slot's class (`base` is -1).
    func chooseSlotVariant(
        _ variants: [NamedSlotTypes.SlotVariant], base: Int, slot: Int, of binding: ElementBinding,
        name: ExpandedName, attributes: ExpatAttributes, byteIndex: Int
    ) -> Int? {
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
            reportForeignType(
                value, prefix: prefix, local: local, uri: uri, variants: variants, slot: slot, of: binding,
                name: name, attributes: attributes, byteIndex: byteIndex)
            return nil
        }
        if base >= 0 { return base }
        // An abstract class: no mapping of its own takes an element without a type.
        let expected = variants.map { "'\($0.type.prefixHint.map { $0 + ":" } ?? "")\($0.type.local)'" }
            .joined(separator: ", ")
        unknownElement(
            name, in: binding, attributes: { attributes.made }, byteIndex: byteIndex,
            message: { "<\(name.qualifiedName)> needs an xsi:type to choose its mapping (\(expected))" },
            suggestions: { [] })
        return nil
    }

    /// Reports an `xsi:type` the slot does not take: a type registered for a class that is
    /// not the slot's, or a type no mapping is registered for.
    @inline(never)
    private func reportForeignType(
        _ value: String, prefix: String?, local: String, uri: String?, variants: [NamedSlotTypes.SlotVariant],
        slot: Int, of binding: ElementBinding, name: ExpandedName, attributes: ExpatAttributes, byteIndex: Int
    ) {
        let declared = binding.childSlots[slot]
        let slotType = TypeName.forMessages(declared.elementType)
        let other = registry.bindings.first { candidate in
            candidate.schemaType.map { matches($0, prefix: prefix, local: local, uri: uri) } ?? false
        }
        let expected = variants.map { "'\($0.type.prefixHint.map { $0 + ":" } ?? "")\($0.type.local)'" }
            .joined(separator: ", ")
        unknownElement(
            name, in: binding, attributes: { attributes.made }, byteIndex: byteIndex,
            message: {
                let start = "<\(name.qualifiedName)> has xsi:type \"\(value)\""
                if let other {
                    return start + ", the type of \(other.typeName), which is not a \(slotType), the type of "
                        + "property '\(declared.propertyName)' of <\(binding.elementName)>"
                }
                return start + ", which names none of the types property '\(declared.propertyName)' of "
                    + "<\(binding.elementName)> takes (\(expected))"
            },
            suggestions: { [] })
    }
}
