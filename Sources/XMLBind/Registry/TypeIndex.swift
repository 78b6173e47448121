/// The binding registered for each mapped type, found by binary search on the type's
/// metadata address.
///
/// A `[ObjectIdentifier: Int]` would do the same, but its storage type is instantiated at
/// run time from its mangled name, and that finds `ObjectIdentifier: Hashable` by a scan
/// of every conformance record in the process (some 300,000 instructions, once per
/// process); a registry holds few types, and this table costs little to build.
struct TypeIndex: Sendable {
    /// The types' metadata addresses, ascending, each once.
    private let keys: [UInt]
    /// The binding of the type at the same position.
    private let values: [Int]

    /// - Parameter types: Each binding's type, by binding index; where a type appears
    ///   more than once, the last binding wins.
    init(_ types: [ObjectIdentifier]) {
        let order = types.indices.sorted {
            let (left, right) = (Self.key(types[$0]), Self.key(types[$1]))
            return left != right ? left < right : $0 < $1
        }
        var keys: [UInt] = []
        var values: [Int] = []
        keys.reserveCapacity(order.count)
        values.reserveCapacity(order.count)
        for index in order {
            let key = Self.key(types[index])
            // Equal keys are sorted by binding index, so the later binding replaces.
            if keys.last == key {
                values[values.count - 1] = index
            } else {
                keys.append(key)
                values.append(index)
            }
        }
        self.keys = keys
        self.values = values
    }

    /// The binding registered for `type`, if any.
    subscript(type: ObjectIdentifier) -> Int? {
        let key = Self.key(type)
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? values[low] : nil
    }

    private static func key(_ type: ObjectIdentifier) -> UInt {
        UInt(bitPattern: type)
    }
}
