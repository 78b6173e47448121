/// A few names, found by comparing lengths and bytes in order: for the handful of
/// attributes a mapping declares, cheaper than hashing. Holds at most ``capacity``
/// names; a larger set leaves it empty and the caller uses its ``ByteTable``.
///
/// The names live in one byte buffer with a flat entry per name, so a lookup reads
/// plain memory (no nested arrays, no reference counting) and compares short names
/// byte by byte instead of calling `memcmp`.
struct SmallNameList: Sendable {
    static let capacity = 8

    private struct Entry: Sendable {
        var length: Int
        var start: Int
        var value: Int
        /// A name of up to ``PlainAttributeTable/longestName`` bytes as
        /// ``PlainAttributeTable/words(_:count:)`` reads it: two word compares find it.
        var head: UInt64 = 0
        var tail: UInt64 = 0
    }

    private let entries: [Entry]
    private let bytes: [UInt8]
    /// Whether the list holds the whole set (false: too large, see the table).
    private let isComplete: Bool

    /// - Parameter entries: Names and their values; the first of equal names wins.
    init(_ entries: [(name: String, value: Int)]) {
        guard entries.count <= Self.capacity else {
            self.entries = []
            bytes = []
            isComplete = false
            return
        }
        isComplete = true
        var bytes: [UInt8] = []
        self.entries = entries.map { entry in
            let start = bytes.count
            let name = Array(entry.name.utf8)
            bytes.append(contentsOf: name)
            var listed = Entry(length: name.count, start: start, value: entry.value)
            if name.count <= PlainAttributeTable.longestName,
                let words = name.withUnsafeBufferPointer({ buffer in
                    buffer.baseAddress.map { PlainAttributeTable.words($0, count: buffer.count) }
                })
            {
                (listed.head, listed.tail) = words
            }
            return listed
        }
        self.bytes = bytes
    }

    /// The value for `key`; `nil` when it is not in the list, or the list is empty
    /// because the set was too large (then the caller looks in its table).
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard isComplete else { return nil }
        if entries.isEmpty { return .some(nil) }
        let count = key.count
        if count <= PlainAttributeTable.longestName, let start = key.baseAddress {
            // Short names (nearly all): their length and two words.
            let (head, tail) = PlainAttributeTable.words(start, count: count)
            let found = entries.withUnsafeBufferPointer { entries in
                for entry in entries where entry.length == count && entry.head == head && entry.tail == tail {
                    return entry.value
                }
                return -1
            }
            return .some(found >= 0 ? found : nil)
        }
        let found = entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { bytes in
                for entry in entries where entry.length == key.count {
                    var offset = 0
                    while offset < key.count, bytes[entry.start &+ offset] == key[offset] { offset &+= 1 }
                    if offset == key.count { return entry.value }
                }
                return -1
            }
        }
        return .some(found >= 0 ? found : nil)
    }
}
