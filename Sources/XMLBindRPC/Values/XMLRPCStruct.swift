/// An XML-RPC struct: named members in the order they were sent or added.
///
/// Looking a member up by name gives the first member of that name (XML-RPC does not
/// forbid repeats, though servers rarely send them).
public struct XMLRPCStruct: Sendable, Hashable, RandomAccessCollection {
    /// One named member.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var name: String
        /// The member's value.
        public var value: XMLRPCValue

        /// Creates a member.
        public init(name: String, value: XMLRPCValue) {
            self.name = name
            self.value = value
        }
    }

    /// The members, in order.
    public var members: [Member]

    /// Creates a struct from members in order.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The position of the first member.
    public var startIndex: Int { members.startIndex }
    /// The position after the last member.
    public var endIndex: Int { members.endIndex }
    /// The member at `position`.
    public subscript(position: Int) -> Member { members[position] }

    /// The value of the first member named `name`; setting replaces it in place, or appends
    /// a member; setting `nil` removes every member of that name.
    public subscript(name: String) -> XMLRPCValue? {
        get { members.first { $0.name == name }?.value }
        set {
            guard let newValue else {
                members.removeAll { $0.name == name }
                return
            }
            if let index = members.firstIndex(where: { $0.name == name }) {
                members[index].value = newValue
            } else {
                members.append(Member(name: name, value: newValue))
            }
        }
    }
}
