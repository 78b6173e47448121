/// The engine's stack of open-element frames, in memory of its own.
///
/// Pushed and popped once per element and read several times per event: an array
/// would check uniqueness on every push and pop and bounds on every read. Indices are
/// the engine's own (0 ..< count), so reads go straight to memory; the engine that owns
/// the stack calls ``deallocate()`` once.
struct FrameStack: RandomAccessCollection, MutableCollection {
    typealias Frame = BindingEngine.Frame

    private var base: UnsafeMutablePointer<Frame>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 32) {
        self.capacity = Swift.max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Frame {
        @inline(__always) get {
            precondition(position >= 0 && position < count, "frame index out of range")
            return base[position]
        }
        @inline(__always) set {
            precondition(position >= 0 && position < count, "frame index out of range")
            base[position] = newValue
        }
    }

    /// The innermost frame.
    var last: Frame? { count > 0 ? base[count &- 1] : nil }

    @inline(__always)
    mutating func append(_ frame: Frame) {
        if count == capacity { grow() }
        (base + count).initialize(to: frame)
        count &+= 1
    }

    @inline(__always)
    mutating func popLast() -> Frame? {
        guard count > 0 else { return nil }
        count &-= 1
        return (base + count).move()
    }

    func deallocate() {
        base.deallocate()
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
