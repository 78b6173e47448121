extension Serializer {
    /// For a type that stores its element's name (`.elementName`, issue 13): the type's
    /// registration for the name the object holds, so it is written as the element it was read from.
    static func registration(
        named slot: ElementNameSlot, of found: (ElementBinding, AnyObject), in registry: CompiledRegistry
    ) throws(XMLBindError) -> (ElementBinding, AnyObject) {
        guard let name = slot.read(found.1), !name.isEmpty else { return found }
        let local = slot.qualified ? String(name.split(separator: ":").last ?? "") : name
        if found.0.elementName.local == local { return found }
        let type = found.0.objectType
        if let other = registry.bindings.last(where: { $0.objectType == type && $0.elementName.local == local }) {
            return (other, found.1)
        }
        throw XMLBindError(
            code: .unmappedType,
            message:
                "cannot write a \(found.0.typeName) as <\(name)>: \(found.0.typeName) is not registered for that element"
        )
    }

    /// Whether an element-form optional property is `nil` where a fresh object's is not,
    /// so that only `xsi:nil="true"` reads it back as `nil`.
    mutating func writesNil(_ index: Int, of binding: ElementBinding, _ box: AnyObject) -> Bool {
        nillable(binding).contains(index) && binding.properties[index].read(box) == nil
    }

    /// The binding's properties that may be written as `xsi:nil`, worked out once per document.
    mutating func nillable(_ binding: ElementBinding) -> [Int] {
        let key = ObjectIdentifier(binding)
        if let found = nillableProperties[key] { return found }
        let options = self.options
        let found = binding.properties.indices.filter { index in
            let property = binding.properties[index]
            return property.collection == nil && property.path.isEmpty
                && Self.placement(of: property, in: binding, options: options) == .element
                && property.makeNilSetter(binding.isClass) != nil && initialValue(index, of: binding) != nil
        }
        nillableProperties[key] = found
        return found
    }

    /// `xsi:nil`, with the prefix the plan gives the schema-instance namespace.
    var nilAttributeName: String {
        plan.qualified("nil", .uri(BindingEngine.schemaInstanceNamespace, hint: "xsi"))
    }
}
