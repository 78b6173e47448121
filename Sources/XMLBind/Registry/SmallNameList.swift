import Foundation

/// A few names, found by comparing lengths and bytes in order: for the handful of
/// attributes a mapping declares, cheaper than hashing. Holds at most ``capacity``
/// names; a larger set leaves it empty and the caller uses its ``ByteTable``.
struct SmallNameList: Sendable {
    static let capacity = 8

    private let names: [[UInt8]]
    private let values: [Int]

    /// - Parameter entries: Names and their values; the first of equal names wins.
    init(_ entries: [(name: String, value: Int)]) {
        guard entries.count <= Self.capacity else {
            names = []
            values = []
            return
        }
        names = entries.map { Array($0.name.utf8) }
        values = entries.map(\.value)
    }

    /// The value for `key`; `nil` when it is not in the list, or the list is empty
    /// because the set was too large (then the caller looks in its table).
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard !names.isEmpty else { return nil }
        for position in names.indices where names[position].count == key.count {
            let equal = names[position].withUnsafeBufferPointer { stored in
                key.count == 0 || memcmp(stored.baseAddress!, key.baseAddress!, key.count) == 0
            }
            if equal { return .some(values[position]) }
        }
        return .some(nil)
    }
}
