/// The engine's one buffer for gathered character data: each element that wants its
/// text appends after its parent's text and drops its part when it ends.
///
/// Memory of its own rather than a `[UInt8]`: expat delivers text in many short runs
/// (every entity reference splits one), and an array's generic append costs several
/// times the copy. The engine that owns the buffer calls ``deallocate()`` once.
struct TextBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes held.
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    /// Appends bytes, growing the buffer by doubling.
    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        if count &+ added > capacity { grow(toHold: count &+ added) }
        (start + count).update(from: bytes, count: added)
        count &+= added
    }

    /// The bytes from `offset` to the end, valid until the buffer next changes.
    @inline(__always)
    func bytes(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start + offset, count: count &- offset)
    }

    /// Drops the bytes from `offset` on.
    @inline(__always)
    mutating func truncate(to offset: Int) {
        if offset >= 0, offset < count { count = offset }
    }

    func deallocate() {
        start.deallocate()
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
