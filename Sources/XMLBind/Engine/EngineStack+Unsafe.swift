// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - The elements `0..<count` are initialized; popping forgets values without
//   deinitializing them, so `Element` must be a plain value (no references the stack
//   should release: frames hold objects as `HeldObject`, balanced by the engine).
// - Addresses from `lastSlot`, `slotBelowLast` and `values(from:)` are valid until the
//   next push; those from `removeText(from:)` too (bytes forgotten stay in place until the
//   next append).
// - The owner calls `deallocate()` exactly once.
// - SafeMode: elements may hold references (`HeldObject` is a strong reference there), so
//   popping, truncating and deallocating deinitialize what they drop.

/// A stack of plain values (no references to release) in memory of its own: the
/// engine's open-element frames, collected children and their slots, element
/// assignments, and gathered text (bytes, appended a run at a time).
///
/// Each is pushed and popped once per element and read several times per event; an
/// array would check uniqueness on every push and pop. Popping only forgets values, so
/// `Element` must not need deinitializing (frames hold objects as `Unmanaged`, whose
/// references the engine balances itself). The engine that owns a stack calls
/// ``deallocate()`` once.
struct EngineStack<Element>: RandomAccessCollection, MutableCollection {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 32) {
        self.capacity = Swift.max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        @inline(__always) get {
            precondition(position >= 0 && position < count, "stack index out of range")
            return base[position]
        }
        @inline(__always) set {
            precondition(position >= 0 && position < count, "stack index out of range")
            base[position] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow(toFit: 1) }
        (base + count).initialize(to: value)
        count &+= 1
    }

    /// Appends `count` values at once (a run of character data).
    @inline(__always)
    mutating func append(_ values: UnsafePointer<Element>, count added: Int) {
        if count &+ added > capacity { grow(toFit: added) }
        #if SafeMode
            (base + count).initialize(from: values, count: added)
        #else
            // Plain values (see the invariants): a `memcpy`, without the call to the standard
            // library's generic copy that `initialize(from:count:)` makes here.
            UnsafeMutableRawPointer(base + count).copyMemory(
                from: values, byteCount: added &* MemoryLayout<Element>.stride)
        #endif
        count &+= added
    }

    /// The top value's slot, valid until the next push (which may move the stack); lets a
    /// large value be read and changed in place rather than copied out.
    var lastSlot: ValueSlot<Element>? {
        @inline(__always) get { count > 0 ? ValueSlot(base + (count &- 1)) : nil }
    }

    /// The slot of the value below the top one, valid until the next push (as
    /// ``lastSlot``).
    var slotBelowLast: ValueSlot<Element>? {
        @inline(__always) get { count > 1 ? ValueSlot(base + (count &- 2)) : nil }
    }

    /// Forgets the top value.
    @inline(__always)
    mutating func removeLast() {
        precondition(count > 0, "removeLast on an empty stack")
        count &-= 1
        #if SafeMode
            (base + count).deinitialize(count: 1)
        #endif
    }

    /// Forgets the values from `index` on.
    @inline(__always)
    mutating func truncate(to index: Int) {
        if index >= 0, index < count {
            #if SafeMode
                (base + index).deinitialize(count: count &- index)
            #endif
            count = index
        }
    }

    /// The values from `index` to the top, valid until the stack next changes.
    func values(from index: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + index, count: count &- index)
    }

    func deallocate() {
        #if SafeMode
            base.deinitialize(count: count)
        #endif
        base.deallocate()
    }

    /// Doubles the capacity until `added` more values fit. Out of line, so that the appends
    /// (one per element, one per run of text) stay small enough to need no saved registers.
    @inline(never)
    private mutating func grow(toFit added: Int) {
        var grownCapacity = capacity * 2
        while count + added > grownCapacity { grownCapacity *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: grownCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = grownCapacity
    }
}

extension EngineStack where Element == UInt8 {
    /// Appends a run of character data: ``append(_:count:)`` arranged for the text handler.
    ///
    /// Every call in it is its last step (the count is stored before the bytes are copied,
    /// and a stack that must grow goes to a static function, which takes the stack as an
    /// argument rather than as `self`): each can then be a jump, and the handler, which does
    /// little else, saves no registers.
    @inline(__always)
    mutating func appendText(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        #if SafeMode
            append(bytes, count: added)
        #else
            let start = count
            guard start &+ added <= capacity else {
                Self.appendGrowing(bytes, count: added, to: &self)
                return
            }
            count = start &+ added
            UnsafeMutableRawPointer(base + start).copyMemory(from: bytes, byteCount: added)
        #endif
    }

    /// Appends a run of character data expat lent (see ``appendText(_:count:)``).
    @inline(__always)
    mutating func appendText(_ text: ExpatText) {
        appendText(text.start, count: text.count)
    }

    /// Appends a run of character data expat lent, through ``append(_:count:)`` (the path
    /// that notes the run's offset first).
    @inline(__always)
    mutating func append(_ text: ExpatText) {
        append(text.start, count: text.count)
    }

    /// Forgets the bytes from `start` on (an element's text) and returns them: they stay in
    /// place, valid until the next append, so that they can be used after the stack is
    /// done with.
    @inline(__always)
    mutating func removeText(from start: Int) -> UnsafeBufferPointer<UInt8> {
        let bytes = values(from: start)
        // Bytes need no deinitializing (in SafeMode either): forgetting them is the count.
        if start >= 0, start < count { count = start }
        return bytes
    }

    /// ``appendText(_:count:)`` when the run does not fit.
    @inline(never)
    private static func appendGrowing(_ bytes: UnsafePointer<UInt8>, count added: Int, to stack: inout Self) {
        stack.append(bytes, count: added)
    }
}
