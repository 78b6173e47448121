extension Serializer {
    /// The slot number of a run of elements kept by `.otherElements`.
    static let keptRun = -1

    /// The children of one element's `.childOrder` group still to write, in runs: the
    /// consecutive children that share a slot's name tags (a slot declared with `xml:`
    /// gives its children its own name; the slots without are one run), with the depth of
    /// the element's frame, which owns them.
    struct OrderedRuns {
        let depth: Int
        var slots: [Int]
        var children: [[Any]]
        var next = 0
    }

    /// Loads the next run of an element's ordered children into its frame, and steps the
    /// frame back so that the group's step comes again for the run after it.
    ///
    /// A frame's runs are made the first time its step comes (nothing else at its depth is
    /// open then: a deeper element's runs are gone before its parent goes on), and dropped
    /// the time after the last.
    mutating func loadOrderedRun(_ group: Int, of form: WritingForm, in frame: inout Frame) throws(XMLBindError) {
        if orderedRuns.last?.depth != frame.depth {
            orderedRuns.append(try orderedChildren(form.slotGroups[group], of: form, frame.box, depth: frame.depth))
        }
        let last = orderedRuns.count - 1
        let next = orderedRuns[last].next
        guard next < orderedRuns[last].slots.count else {
            orderedRuns.removeLast()
            frame.slotTags = .none
            return
        }
        orderedRuns[last].next += 1
        let slot = orderedRuns[last].slots[next]
        if slot == Self.keptRun {
            // Elements kept by `.otherElements`: written here, between the runs of objects.
            let kept = orderedRuns[last].children[next].compactMap { $0 as? XMLElementNode }
            try writeKept(kept, of: form.binding, in: &frame)
            frame.step -= 1
            return
        }
        frame.slotTags = form.slotTags[slot] == nil ? .none : .form(slot: slot)
        frame.children.load(orderedRuns[last].children[next])
        frame.step -= 1
    }

    /// The children of `slots` in the order the binding's `.childOrder` list names them:
    /// for each name, the next unwritten child (of any of the slots) whose element has that
    /// name (a slot declared with `xml:` names its children; the others' are their
    /// mappings' elements); then the children no name accounted for, slot by slot. A name
    /// that matches no child left is skipped, so a list the program did not keep in step
    /// still writes every child once. Registration made sure no two slots give one name.
    func orderedChildren(_ slots: [Int], of form: WritingForm, _ box: AnyObject, depth: Int) throws(XMLBindError)
        -> OrderedRuns
    {
        let binding = form.binding
        // Each slot's children with their element names, in the slot's order.
        var pending: [[(child: Any, name: String)]] = []
        for slot in slots {
            var named: [(child: Any, name: String)] = []
            let slotName = binding.childSlots[slot].xmlName?.local
            for child in binding.childSlots[slot].read(box) {
                if let slotName {
                    if OptionalValue.unwrapped(child) != nil { named.append((child, slotName)) }
                    continue
                }
                guard let (childBinding, _) = try resolve(child, parent: binding) else { continue }
                named.append((child, childBinding.elementName.local))
            }
            pending.append(named)
        }
        // Elements kept by `.otherElements`, named in the list as `{namespace}local`.
        let kept = binding.keptElementsSlot?.read(box) ?? []
        var nextKept = 0
        // Named kept elements (`.element` of an `XMLElementNode?`...), named so too.
        let named = binding.namedKeptSlots.map { $0.read(box) }
        var nextNamed = Array(repeating: 0, count: named.count)
        func clark(_ element: XMLElementNode) -> String { "{\(element.namespace ?? "")}\(element.localName)" }
        var runs = OrderedRuns(depth: depth, slots: [], children: [])
        func add(_ child: Any, of index: Int) {
            // Slots without name tags share one run: their children are written as themselves.
            let slot = index < 0 ? Self.keptRun : slots[index]
            if slot == Self.keptRun || runs.slots.last == Self.keptRun {
                if runs.slots.last == slot {
                    runs.children[runs.children.count - 1].append(child)
                } else {
                    runs.slots.append(slot)
                    runs.children.append([child])
                }
                return
            }
            if let last = runs.slots.last, last == slot || (form.slotTags[last] == nil && form.slotTags[slot] == nil) {
                runs.children[runs.children.count - 1].append(child)
            } else {
                runs.slots.append(slot)
                runs.children.append([child])
            }
        }
        var next = Array(repeating: 0, count: pending.count)
        for name in binding.childOrderSlot?.read(box) ?? [] {
            if name.hasPrefix("{") {
                if let slot = named.indices.first(where: {
                    nextNamed[$0] < named[$0].count && name == clark(named[$0][nextNamed[$0]])
                }) {
                    add(named[slot][nextNamed[slot]], of: -1)
                    nextNamed[slot] += 1
                } else if nextKept < kept.count, name == clark(kept[nextKept]) {
                    add(kept[nextKept], of: -1)
                    nextKept += 1
                }
                continue
            }
            for index in pending.indices where next[index] < pending[index].count {
                let candidate = pending[index][next[index]]
                guard candidate.name == name else { continue }
                add(candidate.child, of: index)
                next[index] += 1
                break
            }
        }
        for index in pending.indices {
            for candidate in pending[index][next[index]...] { add(candidate.child, of: index) }
        }
        for slot in named.indices {
            for element in named[slot][nextNamed[slot]...] { add(element, of: -1) }
        }
        for element in kept[nextKept...] { add(element, of: -1) }
        return runs
    }
}
