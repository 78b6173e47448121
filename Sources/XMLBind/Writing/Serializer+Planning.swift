extension Serializer {
    /// An object whose children the planning walk is going through.
    private struct PlanFrame {
        let binding: ElementBinding
        let box: AnyObject
        /// The next child slot; one past the last is the provider's children.
        var slot = 0
        var children = ChildCursor()
        /// Each slot's way of reading its children as references, if it has one.
        let direct: [WritingForm.DirectChildren?]
    }

    /// The first walk: notes the namespace of every name the document will use.
    ///
    /// The plan keeps each distinct name's namespace once, so what the walk holds is its
    /// stack of open objects: bounded by the graph's depth.
    mutating func planNamespaces(_ root: ElementBinding, _ rootBox: AnyObject) throws(XMLBindError) {
        var stack: ContiguousArray<PlanFrame> = []
        note(root, rootBox, fresh: true)
        stack.append(PlanFrame(binding: root, box: rootBox, direct: directChildren(of: root)))
        while let top = stack.indices.last {
            let parent = stack[top].binding
            // Whether the child's binding may be met for the first time.
            var fresh = false
            if let (binding, _, box) = try stack[top].children.nextChild(
                { object throws(XMLBindError) in
                    fresh = true
                    return try knownType(of: object, parent: parent).map { ($0, -1) }
                },
                { value throws(XMLBindError) in
                    fresh = true
                    return try resolve(value, parent: parent).map { ($0.0, -1, $0.1) }
                })
            {
                note(binding, box, fresh: fresh)
                stack.append(PlanFrame(binding: binding, box: box, direct: directChildren(of: binding)))
                continue
            }
            let slot = stack[top].slot
            if slot < parent.childSlots.count {
                stack[top].slot += 1
                stack[top].children.load(slot, direct: stack[top].direct[slot], of: parent, stack[top].box)
            } else if slot == parent.childSlots.count {
                stack[top].slot += 1
                stack[top].children.load(parent.access.readChildren?(stack[top].box) ?? [])
            } else {
                stack.removeLast()
            }
        }
    }

    /// Each child slot's way of reading its children as references, once per binding.
    private mutating func directChildren(of binding: ElementBinding) -> [WritingForm.DirectChildren?] {
        let key = ObjectIdentifier(binding)
        if let known = directBySlot[key] { return known }
        let direct = binding.childSlots.indices.map { WritingForm.directChildren(binding, $0) }
        directBySlot[key] = direct
        return direct
    }

    /// The binding of a class instance read from a field.
    private mutating func knownType(of object: AnyObject, parent: ElementBinding) throws(XMLBindError)
        -> ElementBinding?
    {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let known = knownTypes.first(where: { $0.type == type }) { return known.binding }
        guard let (binding, _) = try resolve(object, parent: parent) else { return nil }
        if knownTypes.count < Self.knownTypeLimit, binding.elementNameSlot == nil {
            knownTypes.append((type, binding, -1))
        }
        return binding
    }

    /// Notes the names one object writes, in the order they are written: its element's,
    /// its binding's declared names (when `fresh`, and then once per binding) and its kept
    /// attributes'.
    private mutating func note(_ binding: ElementBinding, _ box: AnyObject, fresh: Bool) {
        if binding.access.readNamespace != nil {
            plan.note(plan.elementTarget(binding, box), attribute: false)
        }
        if fresh { noteDeclaredNames(binding) }
        // The schema-instance namespace only where some value is written as `xsi:nil`.
        if !nillable(binding).isEmpty, nillable(binding).contains(where: { binding.properties[$0].read(box) == nil }) {
            plan.note(.uri(BindingEngine.schemaInstanceNamespace, hint: "xsi"), attribute: true)
        }
        if let extras = binding.access.readAttributes?(box) {
            for extra in extras { plan.note(plan.target(of: extra), attribute: true) }
        }
    }

    /// Notes the names a binding declares, the first time it is met.
    private mutating func noteDeclaredNames(_ binding: ElementBinding) {
        if planned.insert(ObjectIdentifier(binding)).inserted {
            if binding.access.readNamespace == nil { plan.note(plan.target(of: binding.elementName), attribute: false) }
            for property in binding.properties where property.form != .text {
                for step in property.path { plan.note(plan.target(of: step, attribute: false), attribute: false) }
                // Either form may be written as an attribute: plan for the stricter case.
                plan.note(plan.target(of: property.xmlName, attribute: true), attribute: true)
                if let key = property.collection?.key {
                    plan.note(plan.target(of: key, attribute: true), attribute: true)
                }
            }
            for slot in binding.childSlots {
                for step in slot.path { plan.note(plan.target(of: step, attribute: false), attribute: false) }
            }
            if let keyed = binding.keyed { noteKeyedNames(keyed) }
            if let type = binding.schemaType {
                plan.note(.uri(BindingEngine.schemaInstanceNamespace, hint: "xsi"), attribute: true)
                plan.note(plan.target(of: type, attribute: true), attribute: true)
            }
            for slot in binding.namedSlots {
                if let name = binding.childSlots[slot].xmlName {
                    plan.note(plan.target(of: name, attribute: false), attribute: false)
                }
            }
        }
    }
}
