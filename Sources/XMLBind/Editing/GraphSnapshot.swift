/// What a bound graph held when its document was parsed: each object's binding, each
/// property's value as the writer writes it, and the objects of each list, in flat arrays.
///
/// Editing in place compares the graph a program changed with this record instead of with a
/// second graph parsed again from the document. The parse that binds for editing records
/// it as it goes (``GraphRecorder``): each class instance when its element ends, complete,
/// and whatever the parse did not record (structs, objects bound in parallel pieces or by
/// readers) when its parent is recorded, read from the graph the same way. A value is kept
/// as the string the graph held (a reference to the same storage, not a copy of its bytes),
/// so a value left alone costs one read and a comparison that finds the same storage, with
/// no allocation.
/// Nodes are numbered in the order recorded (children mostly before their parent); the
/// planner reaches them from ``root`` through the lists only.
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
        /// The index of its kept elements (`.otherElements`, named slots) in `keptElementLists`, or -1.
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
    private var keptElementLists: [[[XMLElementNode]]] = []
    /// The root's node, `nil` when the graph has no registered root.
    var root: Int?

    /// Makes room for about `objects` objects of `valuesPerObject` values each at once,
    /// rather than growing the arrays by doubling (each doubling copies them to new pages).
    mutating func reserve(objects: Int, valuesPerObject: Int) {
        nodes.reserveCapacity(objects)
        lists.reserveCapacity(objects)
        members.reserveCapacity(objects)
        values.reserveCapacity(objects * valuesPerObject)
    }

    // MARK: Reading

    /// Whether property `property` of node `node` read `value` (its text as the writer
    /// writes it, `nil` for none), compared as bytes.
    func value(of node: Int, _ property: Int, equals value: String?) -> Bool {
        let recorded = self.value(of: node, property)
        guard let value, let recorded else { return value == nil && recorded == nil }
        return Self.sameBytes(recorded, value)
    }

    /// Whether property `property` of node `node` is a `String` or `String?` field, read in
    /// place, that still holds the very string recorded: a value left alone is found
    /// unchanged with no copy of it, no reference counted and no byte compared. `false` says
    /// nothing (a property of another kind, or another string: compare with
    /// ``value(of:_:equals:)``).
    func stillHolds(_ node: Int, _ property: Int, binding: ElementBinding, box: AnyObject) -> Bool {
        let offset = binding.textOffset(of: property)
        guard offset >= 0 else { return false }
        return FieldAccess.of(box, isClass: binding.isClass).holdsBits(
            ofStringAt: offset, of: values, at: nodes[node].firstValue + property)
    }

    /// What property `property` of node `node` read, as the writer writes it.
    func value(of node: Int, _ property: Int) -> String? {
        values[nodes[node].firstValue + property]
    }

    /// Whether two strings hold the same bytes (not merely canonically equivalent text,
    /// which the writer would write differently): at once when they are one string value, as
    /// a value the program left alone is the snapshot's, or lend the same storage; else byte
    /// by byte.
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        // One string value, bit for bit: the same small string (its bytes are in the value),
        // or the same storage with the same count (a value's bits are the value; storage two
        // values share is not changed in place). Unequal bits say nothing.
        let sameValue = withUnsafeBytes(of: left) { leftValue in
            withUnsafeBytes(of: right) { rightValue in FieldAccess.sameBytes(leftValue, rightValue) }
        }
        if sameValue { return true }
        let compared = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                leftBytes.baseAddress == rightBytes.baseAddress && leftBytes.count == rightBytes.count
                    || FieldAccess.sameBytes(UnsafeRawBufferPointer(leftBytes), UnsafeRawBufferPointer(rightBytes))
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

    /// The elements the kept slots held (see ``ElementBinding/keptContents(of:)``), `nil`
    /// for other nodes.
    func keptElements(of node: Int) -> [[XMLElementNode]]? {
        let index = nodes[node].keptElements
        return index < 0 ? nil : keptElementLists[index]
    }

    // MARK: Recording

    /// What recording holds while it recurses, as stacks shared by every level rather than
    /// arrays made for each object: the nodes of the lists being recorded, innermost last,
    /// and how many each list has and how many values its slot read.
    struct Pending {
        var members: [Int] = []
        var lists: [(count: Int, readCount: Int)] = []
    }

    /// The node of a child: the one recorded when its element ended, if the parse recorded
    /// it, else one recorded now.
    mutating func node(
        for item: EditPlanner.Item, reader: inout GraphReader, ended: inout EndedObjects,
        pending: inout Pending
    ) throws(XMLBindError) -> Int {
        if item.binding.isClass, let node = ended.take(item.box) { return node }
        return try record(item, reader: &reader, ended: &ended, pending: &pending)
    }

    /// Records an object: its values, and its lists, whose objects are taken from `ended`
    /// when the parse recorded them, else recorded first.
    mutating func record(
        _ item: EditPlanner.Item, reader: inout GraphReader, ended: inout EndedObjects,
        pending: inout Pending
    ) throws(XMLBindError) -> Int {
        let binding = item.binding
        let index = nodes.count
        nodes.append(Node(binding: binding, firstValue: values.count, firstList: 0, listCount: 0))
        for property in binding.properties.indices {
            values.append(EditPlanner.value(property, of: binding, item.box))
        }
        if let read = binding.access.readAttributes {
            nodes[index].keptAttributes = keptAttributeLists.count
            keptAttributeLists.append(read(item.box))
        }
        if let kept = binding.keptContents(of: item.box) {
            nodes[index].keptElements = keptElementLists.count
            keptElementLists.append(kept)
        }
        if reader.needsWholeComparison(binding) {
            nodes[index].fingerprint = fingerprints.count
            fingerprints.append(try reader.fingerprint(item))
            nodes[index].firstList = lists.count
            for slot in binding.childSlots.indices {
                lists.append(List(start: -1, count: 0, readCount: binding.childSlots[slot].read(item.box).count))
            }
            nodes[index].listCount = binding.childSlots.count
            return index
        }
        // The nodes of each list wait in `pending` while children not recorded yet are
        // recorded (adding their own lists), so that this node's lists, made last, are
        // contiguous in `lists`, and each list's nodes contiguous in `members`.
        let memberMark = pending.members.count
        let listMark = pending.lists.count
        for slot in binding.childSlots.indices {
            let first = pending.members.count
            let readCount: Int
            if let direct = WritingForm.directChildren(binding, slot) {
                // Class instances held in their field, read as references (as the serializer
                // reads them): one the parse recorded is found by its identity, without
                // looking its binding up.
                let objects = FieldAccess.of(item.box, isClass: binding.isClass).loadReferences(
                    at: direct.offset, isArray: direct.isArray)
                readCount = objects.count
                for object in objects {
                    if let node = ended.take(object) {
                        pending.members.append(node)
                    } else if let child = reader.classItem(object) {
                        pending.members.append(try record(child, reader: &reader, ended: &ended, pending: &pending))
                    }
                }
            } else {
                let read = binding.childSlots[slot].read(item.box)
                readCount = read.count
                for value in read {
                    guard let child = reader.item(value) else { continue }
                    pending.members.append(try node(for: child, reader: &reader, ended: &ended, pending: &pending))
                }
            }
            pending.lists.append((pending.members.count - first, readCount))
        }
        if binding.childSlots.isEmpty, let readChildren = binding.access.readChildren {
            let read = readChildren(item.box)
            for value in read {
                guard let child = reader.item(value) else { continue }
                pending.members.append(try node(for: child, reader: &reader, ended: &ended, pending: &pending))
            }
            pending.lists.append((pending.members.count - memberMark, read.count))
        }
        nodes[index].firstList = lists.count
        nodes[index].listCount = pending.lists.count - listMark
        var first = memberMark
        for list in pending.lists[listMark...] {
            lists.append(List(start: members.count, count: list.count, readCount: list.readCount))
            // One at a time: the generic append of a slice cost more for the one or two a list holds.
            for position in first..<(first + list.count) { members.append(pending.members[position]) }
            first += list.count
        }
        // One element at a time: cheaper than removing a range for the few a list holds.
        while pending.members.count > memberMark { pending.members.removeLast() }
        while pending.lists.count > listMark { pending.lists.removeLast() }
        return index
    }
}
