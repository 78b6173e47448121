/// What a bound graph held when its document was parsed: each object's binding, each
/// property's value as the writer writes it, and the objects of each list, in flat arrays.
///
/// Editing in place compares the graph a program changed with this record instead of with a
/// second graph parsed again from the document, so an edit session (``EditableDocument``)
/// takes it once, right after its one parse, before the program changes anything. A value
/// is kept as the string the graph held (a reference to the same storage, not a copy of its
/// bytes), so a value left alone costs one read and a comparison that finds the same
/// storage, with no allocation.
/// Objects are recorded in document order (a parent before its children), as
/// ``EditPlanner`` walks them.
struct GraphSnapshot: Sendable {
    /// One object of the graph.
    struct Node {
        var binding: ElementBinding
        /// Its values: `values[firstValue + property]`, one per property.
        var firstValue: Int
        /// Its lists of children: `lists[firstList ..< firstList + listCount]`, one per child
        /// slot of its binding (or one for a children provider).
        var firstList: Int
        var listCount: Int
        /// For a binding compared whole: its index in `fingerprints`, else -1.
        var fingerprint = -1
        /// For an attribute container: its index in `keptAttributes`, else -1.
        var keptAttributes = -1
        /// The index of its `.otherElements` list in `keptElementLists`, or -1.
        var keptElements = -1
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
    /// Every object's values, as the writer writes them.
    private var values: [String?] = []
    private var fingerprints: [String] = []
    private var keptAttributeLists: [[XMLAttribute]] = []
    private var keptElementLists: [[XMLElementNode]] = []
    /// The root's node, `nil` when the graph has no registered root.
    private(set) var root: Int?

    /// Records the graph under `root`, reading it as the planner reads the program's graph.
    init(of root: Any?, reader: inout GraphReader) throws(XMLBindError) {
        guard let root, let item = reader.item(root) else { return }
        var pending = Pending()
        self.root = try record(item, reader: &reader, pending: &pending)
    }

    /// What recording holds while it recurses, as stacks shared by every level rather than
    /// arrays made for each object: the objects of each list still to record, and the nodes
    /// of each list being recorded, innermost last.
    private struct Pending {
        var lists: [[EditPlanner.Item]] = []
        var members: [Int] = []
    }

    // MARK: Reading

    /// Whether property `property` of node `node` read `value` (its text as the writer
    /// writes it, `nil` for none), compared as bytes.
    func value(of node: Int, _ property: Int, equals value: String?) -> Bool {
        let recorded = values[nodes[node].firstValue + property]
        guard let value, let recorded else { return value == nil && recorded == nil }
        return Self.sameBytes(recorded, value)
    }

    /// Whether two strings hold the same bytes (not merely canonically equivalent text,
    /// which the writer would write differently): at once when they share their storage, as
    /// a value the program left alone shares the snapshot's, else byte by byte.
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        if sharesStorage(left, right) { return true }
        let compared = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                leftBytes.count == rightBytes.count
                    && (leftBytes.baseAddress == rightBytes.baseAddress || leftBytes.elementsEqual(rightBytes))
            }
        }
        if let compared, let compared { return compared }
        return left.utf8.elementsEqual(right.utf8)
    }

    /// The list `slot` of node `node`.
    func list(_ slot: Int, of node: Int) -> List {
        lists[nodes[node].firstList + slot]
    }

    /// The nodes of a list, in order.
    func members(of list: List) -> Members {
        Members(nodes: list.start < 0 ? [] : members[list.start..<(list.start + list.count)])
    }

    /// The nodes of a list, indexed from 0, lent from the snapshot without a copy.
    struct Members: RandomAccessCollection {
        let nodes: ArraySlice<Int>
        var startIndex: Int { 0 }
        var endIndex: Int { nodes.count }
        subscript(position: Int) -> Int { nodes[nodes.startIndex + position] }
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

    /// The elements a `.otherElements` slot kept, `nil` for other nodes.
    func keptElements(of node: Int) -> [XMLElementNode]? {
        let index = nodes[node].keptElements
        return index < 0 ? nil : keptElementLists[index]
    }

    // MARK: Recording

    private mutating func record(_ item: EditPlanner.Item, reader: inout GraphReader, pending: inout Pending)
        throws(XMLBindError) -> Int
    {
        let binding = item.binding
        let index = nodes.count
        let whole = reader.needsWholeComparison(binding)
        nodes.append(Node(binding: binding, firstValue: values.count, firstList: lists.count, listCount: 0))
        for property in binding.properties.indices {
            values.append(EditPlanner.value(property, of: binding, item.box))
        }
        if let read = binding.access.readAttributes {
            nodes[index].keptAttributes = keptAttributeLists.count
            keptAttributeLists.append(read(item.box))
        }
        if let slot = binding.keptElementsSlot {
            nodes[index].keptElements = keptElementLists.count
            keptElementLists.append(slot.read(item.box))
        }
        if whole {
            nodes[index].fingerprint = fingerprints.count
            fingerprints.append(try reader.fingerprint(item))
            for slot in binding.childSlots.indices {
                lists.append(List(start: -1, count: 0, readCount: binding.childSlots[slot].read(item.box).count))
            }
            nodes[index].listCount = binding.childSlots.count
            return index
        }
        // A node's lists are contiguous in `lists`: all of them are made before any child is
        // recorded, and their objects wait in `pending.lists` meanwhile.
        let firstList = lists.count
        let listMark = pending.lists.count
        for slot in binding.childSlots.indices {
            let (items, readCount) = reader.children(slot, of: binding, item.box)
            lists.append(List(start: 0, count: items.count, readCount: readCount))
            pending.lists.append(items)
        }
        if binding.childSlots.isEmpty, let read = binding.access.readChildren {
            let values = read(item.box)
            let items = values.compactMap { reader.item($0) }
            lists.append(List(start: 0, count: items.count, readCount: values.count))
            pending.lists.append(items)
        }
        nodes[index].listCount = lists.count - firstList
        for offset in 0..<(lists.count - firstList) {
            // A list's nodes are contiguous in `members`; its objects' own lists are recorded
            // while it is, so its nodes wait above theirs in `pending.members`.
            let items = pending.lists[listMark + offset]
            let mark = pending.members.count
            for child in items { pending.members.append(try record(child, reader: &reader, pending: &pending)) }
            lists[firstList + offset].start = members.count
            members += pending.members[mark...]
            // One element at a time: cheaper than removing a range for the few a list holds.
            while pending.members.count > mark { pending.members.removeLast() }
        }
        while pending.lists.count > listMark { pending.lists.removeLast() }
        return index
    }
}
