// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - A `HeldObject` owns one strong reference from `init(retaining:)` until exactly one of
//   `take()` or `release()` consumes it; copies of the struct share that one reference, so
//   only one copy is ever consumed (the engine's frames and collected-children stacks hand
//   each on, never duplicate it). `object` and `withObject` borrow it meanwhile.
// - An `UnretainedReference` is made only for an object something else keeps alive for
//   longer than the reference is used (the compiled registry's bindings and path nodes,
//   which outlive every parse of the binder).
// - SafeMode: each of these holds an ordinary strong reference instead; `release()` does
//   nothing (the reference goes with the value), and containers of them release them when
//   they drop them (`EngineStack` deinitializes what it pops).

#if SafeMode
    /// An object under construction, held by the engine (SafeMode: a strong reference).
    @usableFromInline
    struct HeldObject {
        @usableFromInline let object: AnyObject

        @inlinable
        init(retaining object: AnyObject) {
            self.object = object
        }

        @inlinable
        func take() -> AnyObject { object }

        @inlinable
        func release() {}

        @inlinable
        func withObject<Result>(_ body: (AnyObject) throws -> Result) rethrows -> Result {
            try body(object)
        }
    }

    /// A reference to an object that outlives it (SafeMode: a strong reference).
    struct UnretainedReference<Object: AnyObject> {
        let object: Object

        init(_ object: Object) {
            self.object = object
        }

        func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
            try body(object)
        }
    }

    /// A fixed list of objects (SafeMode: an array).
    struct UnretainedList<Object: AnyObject> {
        private let objects: [Object]

        init(_ objects: [Object]) {
            self.objects = objects
        }

        func withObject<Result>(at index: Int, _ body: (Object) -> Result) -> Result {
            body(objects[index])
        }

        func deallocate() {}
    }
#else
    /// An object under construction, held by the engine with one reference it balances itself.
    ///
    /// The engine's frames are plain values (copying one costs no retain): the frame's
    /// reference is taken once when the object is made, and handed on, without a retain and
    /// release around each hand-over, to the parent's children or released when the object is
    /// dropped.
    @usableFromInline
    struct HeldObject {
        @usableFromInline let reference: Unmanaged<AnyObject>

        /// Takes over one new strong reference to `object`.
        @inlinable
        init(retaining object: AnyObject) {
            reference = .passRetained(object)
        }

        /// The object, with the held reference: this copy (and every copy) is spent.
        @inlinable @inline(__always)
        func take() -> AnyObject {
            reference.takeRetainedValue()
        }

        /// Gives the held reference up.
        @inlinable @inline(__always)
        func release() {
            reference.release()
        }

        /// The object, borrowed (retained anew by the caller that keeps it).
        @inlinable @inline(__always)
        var object: AnyObject {
            reference.takeUnretainedValue()
        }

        /// Runs `body` with the object borrowed: no retain or release around the call.
        @inlinable @inline(__always)
        func withObject<Result>(_ body: (AnyObject) throws -> Result) rethrows -> Result {
            try reference._withUnsafeGuaranteedRef(body)
        }
    }

    /// A reference that does not keep its object alive, to an object that outlives it.
    struct UnretainedReference<Object: AnyObject> {
        private let reference: Unmanaged<Object>

        init(_ object: Object) {
            reference = .passUnretained(object)
        }

        /// The object (retained by the caller that keeps it).
        @inline(__always)
        var object: Object {
            reference.takeUnretainedValue()
        }

        /// Runs `body` with the object borrowed: no retain or release around the call.
        @inline(__always)
        func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
            try reference._withUnsafeGuaranteedRef(body)
        }
    }

    /// A fixed list of ``UnretainedReference``s in memory of its own, read without bounds
    /// checks or reference counting: the registry's bindings, once per element.
    struct UnretainedList<Object: AnyObject> {
        private let references: UnsafeMutablePointer<UnretainedReference<Object>>

        /// The objects must outlive the list; the owner calls ``deallocate()`` once.
        init(_ objects: [Object]) {
            references = .allocate(capacity: max(1, objects.count))
            for (index, object) in objects.enumerated() {
                (references + index).initialize(to: UnretainedReference(object))
            }
        }

        /// Runs `body` with object `index` (which must be in range), borrowed.
        @inline(__always)
        func withObject<Result>(at index: Int, _ body: (Object) -> Result) -> Result {
            references[index].withObject(body)
        }

        func deallocate() {
            references.deallocate()
        }
    }
#endif
