extension Serializer {
    /// The children of `slots` in the order the binding's `.childOrder` list names them:
    /// for each name, the next unwritten child (of any of the slots) whose element has that
    /// name; then the children no name accounted for, slot by slot. A name that matches no
    /// child left is skipped, so a list the program did not keep in step still writes
    /// every child once.
    func orderedChildren(_ slots: [Int], of binding: ElementBinding, _ box: AnyObject) throws(XMLBindError)
        -> [Any]
    {
        // Each slot's children with their element names, in the slot's order.
        var pending: [[(child: Any, name: String)]] = []
        for slot in slots {
            var named: [(child: Any, name: String)] = []
            for child in binding.childSlots[slot].read(box) {
                guard let (childBinding, _) = try resolve(child, parent: binding) else { continue }
                named.append((child, childBinding.elementName.local))
            }
            pending.append(named)
        }
        var next = Array(repeating: 0, count: pending.count)
        var ordered: [Any] = []
        ordered.reserveCapacity(pending.reduce(0) { $0 + $1.count })
        for name in binding.childOrderSlot?.read(box) ?? [] {
            for slot in pending.indices where next[slot] < pending[slot].count {
                let candidate = pending[slot][next[slot]]
                guard candidate.name == name else { continue }
                ordered.append(candidate.child)
                next[slot] += 1
                break
            }
        }
        for slot in pending.indices {
            ordered.append(contentsOf: pending[slot][next[slot]...].map(\.child))
        }
        return ordered
    }
}
