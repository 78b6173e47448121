/// The objects a parse recorded for editing whose parent it has not recorded yet, in the
/// order their elements ended, each with its node in the ``GraphSnapshot`` and its start
/// tag's offset.
///
/// An object's element ends after all of its descendants', and starts after every element
/// that ended before it started: so the entries whose start tags follow an object's are
/// exactly its own descendants not taken yet, the last entries of the list. When the object
/// is recorded, its children are taken from those (``take(_:)``, by identity: the parent
/// holds the very instances the parse made), and the rest (objects the graph no longer
/// holds) are dropped with them.
///
/// Each entry holds its object, so that no object is freed and another made at its address
/// while the entry could still be taken for it.
struct EndedObjects {
    private var entries: [(object: AnyObject, node: Int, byteIndex: Int)] = []
    /// The first entry of the descendants of the object being recorded.
    private var windowStart = 0
    /// Where the next child is looked for first: children are mostly read in the order
    /// their elements ended.
    private var cursor = 0
    /// The descendants' entries by object, made at the first child not found at the
    /// cursor, when there are more than a few to search.
    private var positions: [ObjectIdentifier: Int]?

    /// Starts recording the object whose start tag is at `byteIndex`: its descendants are
    /// the entries after it (every entry, for `Int.min`).
    mutating func open(above byteIndex: Int) {
        var start = entries.count
        while start > 0, entries[start &- 1].byteIndex > byteIndex { start &-= 1 }
        windowStart = start
        cursor = start
        positions = nil
    }

    /// The node recorded for `object` among the descendants, taken: a second look for it
    /// (an object the graph holds twice) finds none, and records it again as a walk would.
    mutating func take(_ object: AnyObject) -> Int? {
        if cursor < entries.count, entries[cursor].object === object {
            return claim(cursor)
        }
        let window = windowStart..<entries.count
        guard !window.isEmpty else { return nil }
        if window.count <= 16 {
            guard let position = window.first(where: { entries[$0].object === object }) else { return nil }
            return claim(position)
        }
        if positions == nil {
            var made: [ObjectIdentifier: Int] = [:]
            made.reserveCapacity(window.count)
            for position in window.reversed() { made[ObjectIdentifier(entries[position].object)] = position }
            positions = made
        }
        guard let position = positions?[ObjectIdentifier(object)] else { return nil }
        return claim(position)
    }

    private mutating func claim(_ position: Int) -> Int? {
        let node = entries[position].node
        guard node >= 0 else { return nil }
        entries[position].node = -1
        cursor = position &+ 1
        return node
    }

    /// Ends recording an object: its descendants' entries go (taken, or no longer in the
    /// graph), and it waits for its parent.
    mutating func close(recording node: Int, of object: AnyObject, byteIndex: Int) {
        while entries.count > windowStart { entries.removeLast() }
        entries.append((object, node, byteIndex))
        positions = nil
    }
}
