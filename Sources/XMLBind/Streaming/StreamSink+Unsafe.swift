// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `@exclusivity(unchecked)`: the sink belongs to one streaming parse, which runs on one
//   thread and never re-enters itself, so no two accesses to its state overlap. A piece's
//   sink (parallel streaming) is used by its worker's engine, then, once the bound piece is
//   handed over through the piece board's lock, by the joining thread alone.
// - The queue holds one retained reference (`Unmanaged`, +1) per entry from `head` on:
//   `append` retains (`append(taking:)` takes over the engine's `HeldObject` reference
//   instead), `popFirst` hands that reference to its caller (who must take or
//   release it), `removeAll` and `deinit` release the entries still waiting. Entries
//   before `head` have been handed out and are not released again.
// - A struct's value is queued in a `QueuedValue` box, told apart from streamed class
//   instances by its exact class (the box is final and private to the sink).
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

    /// A struct's value waiting in the queue, boxed so that the queue holds only references.
    private final class QueuedValue {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    #if SafeMode
        // The same state, with exclusivity checked (see the invariants above).
        private var decisions: [Int8] = []
        var openFrame = -1
        private var queue: [Unmanaged<AnyObject>] = []
        private var head = 0
    #else
        /// The answer for each binding (by its index: 1 streamed, 0 not, -1 not decided),
        /// decided from its first object: one type test per mapping, not per element.
        @exclusivity(unchecked) private var decisions: [Int8] = []
        /// The frame index of the open streamed object, or -1 when none is open.
        @exclusivity(unchecked) var openFrame = -1
        /// Completed objects not yet handed to the caller, oldest first from ``head``, each
        /// a retained reference: plain words, so that queueing and handing out copy no
        /// enum payloads and pair no retains with releases.
        @exclusivity(unchecked) private var queue: [Unmanaged<AnyObject>] = []
        @exclusivity(unchecked) private var head = 0
    #endif

    init(isStreamed: @escaping (Any) -> Bool) {
        self.isStreamed = isStreamed
    }

    deinit {
        releaseWaiting()
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
    @inline(__always)
    func append(_ object: consuming Queued) {
        // Consumed, so that the reference the engine's enum holds is the one queued, not
        // copied out of it with a retain and then released with the enum.
        switch consume object {
        case .object(let object): queue.append(Unmanaged.passRetained(object))
        case .value(let value): queue.append(Unmanaged.passRetained(QueuedValue(value)))
        }
    }

    /// Queues a completed streamed class instance with the engine's reference to it, which
    /// the queue takes over: no retain here, and no release by the engine.
    func append(taking held: HeldObject) {
        #if SafeMode
            // A strong reference there: the queue's own, retained; the held one goes with it.
            queue.append(Unmanaged.passRetained(held.take()))
        #else
            queue.append(held.reference)
        #endif
    }

    /// The oldest queued object, removed from the queue: a reference the caller now owns,
    /// to hand on with ``StreamCaster`` (a class instance) or to open with
    /// ``takeValue(_:)`` (a struct's value).
    func popFirst() -> Unmanaged<AnyObject>? {
        guard head < queue.count else { return nil }
        let object = queue[head]
        head += 1
        if head == queue.count {
            // Drained: start over, keeping the storage (plain words: nothing to destroy).
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return object
    }

    /// The struct's value in a popped entry, taking over its reference; `nil` (and the
    /// reference left to the caller) when the entry is a class instance.
    static func takeValue(_ entry: Unmanaged<AnyObject>) -> Any? {
        let isBox = entry._withUnsafeGuaranteedRef {
            ObjectIdentifier(type(of: $0)) == ObjectIdentifier(QueuedValue.self)
        }
        guard isBox else { return nil }
        return unsafeDowncast(entry.takeRetainedValue(), to: QueuedValue.self).value
    }

    /// Queues every object waiting in `other` (a piece's sink, handed over once its piece
    /// is bound) after those waiting here, with their references.
    func adopt(_ other: StreamSink) {
        while let entry = other.popFirst() { queue.append(entry) }
    }

    /// Forgets every queued object (the caller stopped).
    func removeAll() {
        releaseWaiting()
        queue.removeAll()
        head = 0
    }

    /// Releases the references of the entries not handed out yet.
    private func releaseWaiting() {
        var index = head
        while index < queue.count {
            queue[index].release()
            index += 1
        }
    }
}
