/// Collected children: an object's children for an array of a concrete element type
/// (`.children(\.properties)` with `[Property]`) wait on a stack until the object ends,
/// then go into the array at once, which grows once instead of doubling its way up
/// (each doubling is an allocation, a copy and a free).
///
/// Children go in in document order, before the object's validators run, so nothing a
/// user can observe changes: the array is complete when the object is.
extension BindingEngine {
    /// Keeps a completed child (the engine's reference to it) for its parent's `slot`.
    @inline(__always)
    func collectChild(_ child: HeldObject, slot: Int) {
        collectedChildren.append(child)
        collectedSlots.append(slot)
    }

    /// Stores the children collected since `mark` into the object's arrays.
    @inline(__always)
    func storeCollectedChildren(from mark: Int, of binding: ElementBinding, base: FieldAccess) {
        if collectedChildren.count > mark { storeChildren(from: mark, of: binding, base: base) }
    }

    private func storeChildren(from mark: Int, of binding: ElementBinding, base: FieldAccess) {
        // The children and their slots as plain memory: the stacks' own bounds checks are
        // paid once here.
        let children = collectedChildren.values(from: mark)
        let slots = collectedSlots.values(from: mark)
        guard let first = slots.first else { return }
        if !slots.contains(where: { $0 != first }) {
            store(children, slot: first, of: binding, base: base)
        } else {
            // Several arrays: each gets its own children, in document order, gathered in
            // the engine's scratch stack (no array to check for uniqueness on each append);
            // a gathered child's slot is marked -1, so each slot is gathered once.
            for position in slots.indices {
                let slot = slots[position]
                guard slot >= 0 else { continue }
                for other in position..<slots.count where slots[other] == slot {
                    childScratch.append(children[other])
                    collectedSlots[mark &+ other] = -1
                }
                store(childScratch.values(from: 0), slot: slot, of: binding, base: base)
                childScratch.truncate(to: 0)
            }
        }
        collectedChildren.truncate(to: mark)
        collectedSlots.truncate(to: mark)
    }

    /// Hands the references over to the slot's array.
    private func store(
        _ children: UnsafeBufferPointer<HeldObject>, slot: Int, of binding: ElementBinding,
        base: FieldAccess
    ) {
        guard let storeAll = binding.childSlots[slot].storeAll, let offset = binding.childSlotOffsets[slot] else {
            // The registry collects only for slots with both; keep the references balanced.
            for child in children { child.release() }
            return
        }
        storeAll(base.field(at: offset), children)
    }
}
