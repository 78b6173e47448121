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
        /// What the slot being walked can hold (``PlanFacts/slotReach``), if the registry
        /// decides it.
        var reach: [ObjectIdentifier]?
    }

    /// What the planning walk needs of one binding, worked out the first time it is met
    /// (when its declared names are noted), so that each further object of it costs a
    /// look in a short list rather than hashing.
    struct PlanFacts {
        let binding: ObjectIdentifier
        let element: ElementBinding
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
        /// The bindings that an object of this binding and everything under it are written
        /// as, when the registry decides it (see ``Serializer/reach(of:)``), else `nil`.
        let reach: [ObjectIdentifier]?
        /// Each child slot's ``reach``: that of the binding its children are registered as.
        let slotReach: [[ObjectIdentifier]?]
    }

    /// The first walk: notes the namespace of every name the document will use.
    ///
    /// The plan keeps each distinct name's namespace once, so what the walk holds is its
    /// stack of open objects: bounded by the graph's depth.
    ///
    /// With ``skipsKnownObjects``, the walk leaves out the objects that can add nothing:
    /// those under which the registry proves (``reach(of:)``) that every object is written
    /// as a binding already met, whose names are all noted. The notes come in the same
    /// order as from the whole walk. The proof takes a child of a field of class `C` to be
    /// written as `C`'s binding; a subclass written as another binding, the one way around
    /// it, is caught by the writing walk (``planMissed``), which then starts again with
    /// the whole walk.
    mutating func planNamespaces(_ root: ElementBinding, _ rootBox: AnyObject) throws(XMLBindError) {
        var stack: ContiguousArray<PlanFrame> = []
        let (rootFacts, _) = facts(of: root)
        note(root, rootBox, facts: rootFacts, fresh: true)
        stack.append(PlanFrame(binding: root, box: rootBox, facts: rootFacts))
        while let top = stack.indices.last {
            let parent = stack[top].binding
            // A child resolves to its binding's facts; only the first of them is fresh.
            var fresh = false
            if let (found, box) = try stack[top].children.nextChild(
                { object throws(XMLBindError) in
                    guard let binding = try knownType(of: object, parent: parent) else { return nil }
                    let facts = facts(of: binding)
                    fresh = facts.fresh
                    return (facts.index, binding.elementNameSlot == nil)
                },
                { value throws(XMLBindError) in
                    guard let (binding, box) = try knownValue(value, parent: parent) else { return nil }
                    let facts = facts(of: binding)
                    fresh = facts.fresh
                    return (facts.index, box)
                })
            {
                let binding = planFacts[found].element
                note(binding, box, facts: found, fresh: fresh)
                if planFacts[found].hasChildren, !isLeaf(box, binding, facts: found) {
                    if isMet(planFacts[found].reach) {
                        skippedObjects = true
                    } else {
                        stack.append(PlanFrame(binding: binding, box: box, facts: found))
                    }
                }
                // The slot's other children can add nothing once all it can hold is met.
                if stack[top].reach != nil, isMet(stack[top].reach) {
                    stack[top].reach = nil
                    stack[top].children.clear()
                    skippedObjects = true
                }
                continue
            }
            let slot = stack[top].slot
            if slot < parent.childSlots.count {
                stack[top].slot += 1
                let reach = planFacts[stack[top].facts].slotReach[slot]
                if isMet(reach) {
                    skippedObjects = true
                    continue
                }
                let direct = planFacts[stack[top].facts].direct[slot]
                stack[top].children.load(slot, direct: direct, of: parent, stack[top].box)
                stack[top].reach = reach
            } else if slot == parent.childSlots.count {
                stack[top].slot += 1
                stack[top].reach = nil
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
        let reach = skipsKnownObjects ? self.reach(of: binding) : nil
        planFacts.append(
            PlanFacts(
                binding: key,
                element: binding,
                direct: binding.childSlots.indices.map { WritingForm.directChildren(binding, $0) },
                notesPerObject: binding.access.readNamespace != nil || binding.access.readAttributes != nil
                    || !nillable(binding).isEmpty || !binding.qualifiedNameProperties.isEmpty,
                hasChildren: !binding.childSlots.isEmpty || binding.access.readChildren != nil,
                readsOnlyReferences: binding.access.readChildren == nil
                    && binding.childSlots.indices.allSatisfy { WritingForm.directChildren(binding, $0) != nil },
                reach: reach,
                slotReach: binding.childSlots.map { slot in
                    guard reach != nil, let child = declaredBinding(of: slot) else { return nil }
                    return self.reach(of: child)
                }))
        lastPlanFacts = planFacts.count - 1
        return (lastPlanFacts, true)
    }

    /// The bindings that an object of `binding`, and every object under it, are written as,
    /// when the registry decides it: every binding on the way has no provided children, no
    /// ordered slots, no element name of its own, notes no names per object, and declares
    /// each child slot with a registered element type (a struct, written as its binding,
    /// or a class, written as its binding unless a subclass has one). `nil` when some
    /// object's binding, or names, can only be known from the object.
    ///
    /// Keyed members, slot names (`xml:`) and paths are names of the binding, noted once
    /// when it is first met (``noteDeclaredNames(_:)``): they add nothing per object. An
    /// XML-RPC array of structs is one such document (array, value, struct; the members'
    /// shape), so its planning walk stops after the first struct.
    mutating func reach(of binding: ElementBinding) -> [ObjectIdentifier]? {
        var found: [ObjectIdentifier] = []
        var pending = [binding]
        while let next = pending.popLast() {
            let key = ObjectIdentifier(next)
            if found.contains(key) { continue }
            guard next.access.readChildren == nil, next.elementNameSlot == nil, next.childOrderSlot == nil,
                next.access.readNamespace == nil, next.access.readAttributes == nil, nillable(next).isEmpty,
                next.qualifiedNameProperties.isEmpty
            else { return nil }
            found.append(key)
            for slot in next.childSlots {
                guard !slot.namesAttribute, let child = declaredBinding(of: slot) else { return nil }
                pending.append(child)
            }
        }
        return found
    }

    /// The binding registered for a child slot's element type: what its children are
    /// written as (a subclass with a binding of its own is caught by ``planMissed``).
    private func declaredBinding(of slot: ChildSlot) -> ElementBinding? {
        let type = slot.elementClass.map { ObjectIdentifier($0) } ?? ObjectIdentifier(slot.elementType)
        return registry.typeIndex[type].map { registry.bindings[$0] }
    }

    /// Whether every binding of a ``reach(of:)`` has been met (its names noted).
    private func isMet(_ reach: [ObjectIdentifier]?) -> Bool {
        guard let reach else { return false }
        return reach.allSatisfy { planned.contains($0) }
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

    /// The binding and box of a child read as a value: a type met before is only boxed.
    private mutating func knownValue(_ value: Any, parent: ElementBinding) throws(XMLBindError)
        -> (ElementBinding, AnyObject)?
    {
        let type = ObjectIdentifier(Swift.type(of: value))
        // A type whose binding cannot box this value (a `nil` optional) is resolved again.
        if let known = knownTypes.first(where: { $0.type == type }), let box = known.binding.access.box(value) {
            return (known.binding, box)
        }
        guard let (binding, box) = try resolve(value, parent: parent) else { return nil }
        if knownTypes.count < Self.knownTypeLimit, binding.elementNameSlot == nil {
            knownTypes.append((type, binding, -1))
        }
        return (binding, box)
    }

    /// Notes the names one object writes, in the order they are written: its element's,
    /// its binding's declared names (when `fresh`: once per binding), an `xsi:nil`, its
    /// kept attributes' and its qualified-name values' namespaces.
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
        if !binding.qualifiedNameProperties.isEmpty { noteQualifiedNames(binding, box) }
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
