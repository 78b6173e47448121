extension Serializer {
    /// An object whose children the planning walk is going through.
    private struct PlanFrame {
        let binding: ElementBinding
        let box: AnyObject
        /// The binding's entry in ``Serializer/planFacts``.
        let facts: Int
        /// The next child slot; one past the last is the provider's children.
        var slot = 0
        var children = ChildCursor()
    }

    /// What the planning walk needs of one binding, worked out the first time it is met
    /// (when its declared names are noted), so that each further object of it costs a
    /// look in a short list rather than hashing.
    struct PlanFacts {
        let binding: ObjectIdentifier
        /// Each child slot's way of reading its children as references, if it has one.
        let direct: [WritingForm.DirectChildren?]
        /// Whether each object may add names of its own: its namespace (``NamespaceAware``),
        /// kept attributes (``AttributeContainer``) or an `xsi:nil`.
        let notesPerObject: Bool
        /// Whether the walk goes into the objects: child slots or provided children.
        let hasChildren: Bool
        /// Whether every child slot is read as references (and no provider gives more):
        /// an object whose slots are all empty then has nothing to walk.
        let readsOnlyReferences: Bool
    }

    /// The first walk: notes the namespace of every name the document will use.
    ///
    /// The plan keeps each distinct name's namespace once, so what the walk holds is its
    /// stack of open objects: bounded by the graph's depth.
    mutating func planNamespaces(_ root: ElementBinding, _ rootBox: AnyObject) throws(XMLBindError) {
        var stack: ContiguousArray<PlanFrame> = []
        let (rootFacts, _) = facts(of: root)
        note(root, rootBox, facts: rootFacts, fresh: true)
        stack.append(PlanFrame(binding: root, box: rootBox, facts: rootFacts))
        while let top = stack.indices.last {
            let parent = stack[top].binding
            if let (binding, _, box) = try stack[top].children.nextChild(
                { object throws(XMLBindError) in try knownType(of: object, parent: parent).map { ($0, -1) } },
                { value throws(XMLBindError) in try resolve(value, parent: parent).map { ($0.0, -1, $0.1) } })
            {
                let (found, fresh) = facts(of: binding)
                note(binding, box, facts: found, fresh: fresh)
                if planFacts[found].hasChildren, !isLeaf(box, binding, facts: found) {
                    stack.append(PlanFrame(binding: binding, box: box, facts: found))
                }
                continue
            }
            let slot = stack[top].slot
            if slot < parent.childSlots.count {
                stack[top].slot += 1
                let direct = planFacts[stack[top].facts].direct[slot]
                stack[top].children.load(slot, direct: direct, of: parent, stack[top].box)
            } else if slot == parent.childSlots.count {
                stack[top].slot += 1
                stack[top].children.load(parent.access.readChildren?(stack[top].box) ?? [])
            } else {
                stack.removeLast()
            }
        }
    }

    /// The index of a binding's ``PlanFacts`` in ``planFacts``, made the first time the
    /// binding is met (`fresh`).
    private mutating func facts(of binding: ElementBinding) -> (index: Int, fresh: Bool) {
        let key = ObjectIdentifier(binding)
        if lastPlanFacts < planFacts.count, planFacts[lastPlanFacts].binding == key { return (lastPlanFacts, false) }
        if let found = planFacts.firstIndex(where: { $0.binding == key }) {
            lastPlanFacts = found
            return (found, false)
        }
        planFacts.append(
            PlanFacts(
                binding: key,
                direct: binding.childSlots.indices.map { WritingForm.directChildren(binding, $0) },
                notesPerObject: binding.access.readNamespace != nil || binding.access.readAttributes != nil
                    || !nillable(binding).isEmpty,
                hasChildren: !binding.childSlots.isEmpty || binding.access.readChildren != nil,
                readsOnlyReferences: binding.access.readChildren == nil
                    && binding.childSlots.indices.allSatisfy { WritingForm.directChildren(binding, $0) != nil }))
        lastPlanFacts = planFacts.count - 1
        return (lastPlanFacts, true)
    }

    /// Whether an object's child slots are all read as references and all empty: most
    /// objects of a graph are leaves, and the walk then needs no frame for them.
    private func isLeaf(_ box: AnyObject, _ binding: ElementBinding, facts: Int) -> Bool {
        guard planFacts[facts].readsOnlyReferences else { return false }
        let fields = FieldAccess.of(box, isClass: binding.isClass)
        for direct in planFacts[facts].direct {
            guard let direct, fields.loadReferences(at: direct.offset, isArray: direct.isArray).isEmpty else {
                return false
            }
        }
        return true
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
    /// its binding's declared names (when `fresh`: once per binding), an `xsi:nil` and its
    /// kept attributes'.
    private mutating func note(_ binding: ElementBinding, _ box: AnyObject, facts: Int, fresh: Bool) {
        guard planFacts[facts].notesPerObject else {
            if fresh { noteDeclaredNames(binding) }
            return
        }
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
