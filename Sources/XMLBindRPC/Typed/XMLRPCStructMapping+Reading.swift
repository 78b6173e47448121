extension XMLRPCStructMapping {
    /// Reads the member at a position (in declaration order) into the object.
    typealias MemberDispatch =
        @Sendable (inout T, _ position: Int, CompactValue, _ node: () -> XMLRPCNode) throws(XMLRPCError) -> Void

    /// The declared members as the one-pass reading of a struct finds them: names in
    /// declaration order, a name's position, which positions are required, and the reading
    /// of each position. Immutable; made again whenever a member is declared.
    final class ReadingPlan: Sendable {
        /// The most members one pass tracks (a bit each).
        static var capacity: Int { UInt64.bitWidth }

        let names: [String]
        let positions: [String: Int]
        let required: UInt64
        /// False when two members share a name or there are more than ``capacity``: such a
        /// mapping is read member by member in declaration order.
        let isUsable: Bool
        let dispatch: MemberDispatch

        init(members: [Member]) {
            names = members.map(\.name)
            var positions: [String: Int] = [:]
            var required: UInt64 = 0
            for (position, member) in members.enumerated() {
                if positions[member.name] == nil { positions[member.name] = position }
                if member.isRequired, position < Self.capacity { required |= 1 << position }
            }
            self.positions = positions
            self.required = required
            isUsable = positions.count == members.count && members.count <= Self.capacity
            dispatch = Self.dispatch(members[...], first: 0)
        }

        /// A balanced tree of closures choosing a member's reading by position. Not an array
        /// of the readings: taking an element of an array of closures in generic code looks
        /// up the closure type's metadata every time, and a closure kept in an array (even
        /// briefly, by `map`) is stored in its most general form and called through two
        /// reabstraction thunks, which box the `node` closure. A closure captured by a
        /// closure is called as it is.
        private static func dispatch(_ members: ArraySlice<Member>, first: Int) -> MemberDispatch {
            guard members.count > 1 else {
                guard let read = members.first?.read else { return { _, _, _, _ in } }
                return { object, _, wire, node throws(XMLRPCError) in try read(&object, wire, node) }
            }
            let half = members.count / 2
            let split = first + half
            let low = dispatch(members.prefix(half), first: first)
            let high = dispatch(members.dropFirst(half), first: split)
            return { object, position, wire, node throws(XMLRPCError) in
                if position < split {
                    try low(&object, position, wire, node)
                } else {
                    try high(&object, position, wire, node)
                }
            }
        }
    }

    /// Reads a struct from its bound `<value>`, in one pass over the members it holds.
    ///
    /// Each member's name is looked up in the ``ReadingPlan`` (the next declared name is
    /// tried first: servers usually send members in the order they are declared) and its
    /// value read straight into the property. The first member of a repeated name is read,
    /// as ``XMLRPCNode``'s subscript finds it; members not declared are passed over.
    ///
    /// When a member does not fit, the struct is read again member by member in
    /// declaration order, to throw the error that order meets first (a missing required
    /// member declared before the wrong one, say): errors do not depend on the order the
    /// members were sent in. Only that path makes nodes and spells out paths.
    func read(_ wire: CompactValue, node: () -> XMLRPCNode) throws(XMLRPCError) -> T {
        guard let members = wire.members else { throw node().mismatch(expected: "struct (\(T.self))") }
        let plan = readingPlan
        guard plan.isUsable else { return try readInDeclarationOrder(node()) }
        var object = make()
        var found: UInt64 = 0
        var next = 0
        for member in members {
            let name = member.name
            let position: Int
            if next < plan.names.count, plan.names[next] == name {
                position = next
            } else if let declared = plan.positions[name] {
                position = declared
            } else {
                continue
            }
            next = position + 1
            let bit: UInt64 = 1 << position
            guard found & bit == 0 else { continue }
            let value = member.value
            found |= bit
            do {
                try plan.dispatch(&object, position, value) { node().child(value, step: .key(name)) }
            } catch {
                throw firstError(in: node(), else: error)
            }
        }
        let missing = plan.required & ~found
        guard missing == 0 else { throw firstError(in: node(), else: nil) }
        return object
    }

    /// The error reading `node` member by member in declaration order meets first, or
    /// `fallback` when that reading succeeds (it does not, after a failed one-pass reading).
    private func firstError(in node: XMLRPCNode, else fallback: XMLRPCError?) -> XMLRPCError {
        do {
            _ = try readInDeclarationOrder(node)
        } catch {
            return error
        }
        return fallback ?? node.located("the struct does not fit \(T.self)")
    }

    /// Reads a struct member by member in declaration order: how a mapping that the one pass
    /// cannot track (a repeated name, more than 64 members) is read, and the error path of
    /// ``read(_:node:)``.
    func readInDeclarationOrder(_ node: XMLRPCNode) throws(XMLRPCError) -> T {
        guard let wireMembers = node.wire?.members else { throw node.mismatch(expected: "struct (\(T.self))") }
        var object = make()
        for member in members {
            guard let found = wireMembers.first(where: { $0.name == member.name })?.value else {
                if member.isRequired {
                    throw node.located(
                        "the struct has no member '\(member.name)', which \(T.self).\(member.swiftName) requires")
                }
                continue
            }
            try member.read(&object, found) { node.child(found, step: .key(member.name)) }
        }
        return object
    }
}
