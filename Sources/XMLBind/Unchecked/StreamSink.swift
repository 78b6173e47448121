// Invariants (audited layer, see Unchecked.swift):
// - `@exclusivity(unchecked)`: the sink belongs to one streaming parse, which runs on one
//   thread and never re-enters itself, so no two accesses to its state overlap.
// - SafeMode: the same state without the attribute, every access checked.

/// Where a streaming parse's engine puts the objects it streams instead of placing them in
/// their parent.
///
/// The engine asks ``opens(_:_:)`` when an object starts and no streamed object is open;
/// the outermost object of the streamed type is marked by its frame's index, and when it
/// ends it is queued here (if the document has had no error so far) and forgotten by the
/// engine. Objects of the streamed type inside it bind into their parents as usual.
///
/// The sink is confined to the parse that owns it (one thread, no reentrancy), so its
/// state skips dynamic exclusivity checks, as the engine's does.
final class StreamSink {
    /// Whether an object is of the streamed type (`object is T`).
    private let isStreamed: (Any) -> Bool
    /// A completed streamed object: a class instance as itself, so that handing it out
    /// needs no cast from `Any` (see ``StreamCaster``), or a struct's value.
    enum Queued {
        case object(AnyObject)
        case value(Any)
    }

    #if SafeMode
        // The same state, with exclusivity checked (see the invariants above).
        private var decisions: [Int8] = []
        var openFrame = -1
        private var queue: [Queued] = []
        private var head = 0
    #else
        /// The answer for each binding (by its index: 1 streamed, 0 not, -1 not decided),
        /// decided from its first object: one type test per mapping, not per element.
        @exclusivity(unchecked) private var decisions: [Int8] = []
        /// The frame index of the open streamed object, or -1 when none is open.
        @exclusivity(unchecked) var openFrame = -1
        /// Completed objects not yet handed to the caller, oldest first from ``head``.
        @exclusivity(unchecked) private var queue: [Queued] = []
        @exclusivity(unchecked) private var head = 0
    #endif

    init(isStreamed: @escaping (Any) -> Bool) {
        self.isStreamed = isStreamed
    }

    /// Whether objects of this binding (the registry's binding `index`) are streamed.
    func opens(_ binding: ElementBinding, at index: Int, _ object: AnyObject) -> Bool {
        if index < decisions.count, decisions[index] >= 0 { return decisions[index] == 1 }
        return decide(binding, at: index, object)
    }

    /// Whether values of this binding are streamed, for a mapping read by an element reader
    /// (which has no object yet when its element starts): decided from a sample value.
    func opens(_ binding: ElementBinding, at index: Int, sample: () -> Any) -> Bool {
        if index < decisions.count, decisions[index] >= 0 { return decisions[index] == 1 }
        return decide(at: index, sample())
    }

    /// Tests a binding's first object, and remembers the answer.
    @inline(never)
    private func decide(_ binding: ElementBinding, at index: Int, _ object: AnyObject) -> Bool {
        decide(at: index, binding.access.value(object))
    }

    @inline(never)
    private func decide(at index: Int, _ value: Any) -> Bool {
        let decided = isStreamed(value)
        if index >= decisions.count { decisions += repeatElement(-1, count: index + 1 - decisions.count) }
        decisions[index] = decided ? 1 : 0
        return decided
    }

    /// Queues a completed streamed object.
    func append(_ object: Queued) {
        queue.append(object)
    }

    /// The oldest queued object, removed from the queue.
    func popFirst() -> Queued? {
        guard head < queue.count else { return nil }
        let object = queue[head]
        head += 1
        if head == queue.count {
            // Drained: start over, keeping the storage.
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return object
    }

    /// Forgets every queued object (the caller stopped).
    func removeAll() {
        queue.removeAll()
        head = 0
    }
}
