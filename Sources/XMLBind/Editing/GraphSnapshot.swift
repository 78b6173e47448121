/// What a bound graph held when its document was parsed: each object's binding, each
/// property's value as the writer writes it, and the objects of each list, in flat arrays
/// with every value's bytes in one buffer.
///
/// Editing in place compares the graph a program changed with this record instead of with a
/// second graph parsed again from the document, so an edit session (``EditableDocument``)
/// takes it once, right after its one parse, before the program changes anything. A value
/// left alone then costs one read and one byte comparison, with no allocation.
/// Objects are recorded in document order (a parent before its children), as
/// ``EditPlanner`` walks them.
struct GraphSnapshot: Sendable {
    /// One object of the graph.
    struct Node {
        var binding: ElementBinding
        /// Its values: `valueBounds[2 * (firstValue + property) ...]`, one per property.
        var firstValue: Int
        /// Its lists of children: `lists[firstList ..< firstList + listCount]`, one per child
        /// slot of its binding (or one for a children provider).
        var firstList: Int
        var listCount: Int
        /// For a binding compared whole: its index in `fingerprints`, else -1.
        var fingerprint = -1
        /// For an attribute container: its index in `keptAttributes`, else -1.
        var keptAttributes = -1
    }

    /// One list of child objects.
    struct List {
        /// Its objects: `members[start ..< start + count]` (`start` is -1 for a list of an
        /// object compared whole, whose objects are not recorded one by one).
        var start: Int
        var count: Int
        /// How many values the slot held, `nil`s and unregistered ones included (what
        /// ``EditPlanner/similarity(_:_:)`` compares).
        var readCount: Int
    }

    private(set) var nodes: [Node] = []
    private(set) var lists: [List] = []
    private var members: [Int] = []
    /// The bytes of every value, one after the other.
    private var bytes: [UInt8] = []
    /// Each value's start and end in `bytes`, two entries per value; a start of -1 is `nil`.
    private var valueBounds: [Int] = []
    private var fingerprints: [String] = []
    private var keptAttributeLists: [[XMLAttribute]] = []
    /// The root's node, `nil` when the graph has no registered root.
    private(set) var root: Int?

    /// Records the graph under `root`, reading it as the planner reads the program's graph.
    init(of root: Any?, reader: inout GraphReader) throws(XMLBindError) {
        guard let root, let item = reader.item(root) else { return }
        self.root = try record(item, reader: &reader)
    }

    // MARK: Reading

    /// Whether property `property` of node `node` read `value` (its text as the writer
    /// writes it, `nil` for none), compared as bytes.
    func value(of node: Int, _ property: Int, equals value: String?) -> Bool {
        let slot = 2 * (nodes[node].firstValue + property)
        let start = valueBounds[slot]
        guard let value else { return start < 0 }
        guard start >= 0 else { return false }
        let end = valueBounds[slot + 1]
        let utf8 = value.utf8
        guard utf8.count == end - start else { return false }
        if let equal = utf8.withContiguousStorageIfAvailable({ stored in
            bytes.withUnsafeBufferPointer { all in
                stored.elementsEqual(UnsafeBufferPointer(rebasing: all[start..<end]))
            }
        }) {
            return equal
        }
        return utf8.elementsEqual(bytes[start..<end])
    }

    /// The list `slot` of node `node`.
    func list(_ slot: Int, of node: Int) -> List {
        lists[nodes[node].firstList + slot]
    }

    /// The nodes of a list, in order.
    func members(of list: List) -> [Int] {
        list.start < 0 ? [] : Array(members[list.start..<(list.start + list.count)])
    }

    /// What the writer wrote for a node compared whole.
    func fingerprint(of node: Int) -> String? {
        let index = nodes[node].fingerprint
        return index < 0 ? nil : fingerprints[index]
    }

    /// The attributes an attribute container kept, `nil` for other nodes.
    func keptAttributes(of node: Int) -> [XMLAttribute]? {
        let index = nodes[node].keptAttributes
        return index < 0 ? nil : keptAttributeLists[index]
    }

    // MARK: Recording

    private mutating func record(_ item: EditPlanner.Item, reader: inout GraphReader) throws(XMLBindError) -> Int {
        let binding = item.binding
        let index = nodes.count
        let whole = EditPlanner.needsWholeComparison(binding)
        nodes.append(Node(binding: binding, firstValue: valueBounds.count / 2, firstList: 0, listCount: 0))
        for property in binding.properties.indices {
            append(EditPlanner.value(property, of: binding, item.box))
        }
        if let read = binding.access.readAttributes {
            nodes[index].keptAttributes = keptAttributeLists.count
            keptAttributeLists.append(read(item.box))
        }
        if whole {
            nodes[index].fingerprint = fingerprints.count
            fingerprints.append(try reader.fingerprint(item))
        }
        // Children: recorded after their parent's lists are reserved, so that a node's lists
        // are contiguous.
        var childLists: [(items: [EditPlanner.Item], readCount: Int)] = []
        for slot in binding.childSlots.indices {
            if whole {
                childLists.append(([], binding.childSlots[slot].read(item.box).count))
            } else {
                childLists.append(reader.children(slot, of: binding, item.box))
            }
        }
        if !whole, binding.childSlots.isEmpty, let read = binding.access.readChildren {
            let values = read(item.box)
            childLists.append((values.compactMap { reader.item($0) }, values.count))
        }
        let firstList = lists.count
        nodes[index].firstList = firstList
        nodes[index].listCount = childLists.count
        for (items, readCount) in childLists {
            lists.append(List(start: whole ? -1 : 0, count: items.count, readCount: readCount))
        }
        for (offset, (items, _)) in childLists.enumerated() where !whole {
            var recorded: [Int] = []
            recorded.reserveCapacity(items.count)
            for child in items { recorded.append(try record(child, reader: &reader)) }
            lists[firstList + offset].start = members.count
            members += recorded
        }
        return index
    }

    private mutating func append(_ value: String?) {
        guard let value else {
            valueBounds.append(-1)
            valueBounds.append(-1)
            return
        }
        valueBounds.append(bytes.count)
        bytes.append(contentsOf: value.utf8)
        valueBounds.append(bytes.count)
    }
}
