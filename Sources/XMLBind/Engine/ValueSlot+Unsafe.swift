// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `address` is a value in memory the library allocated itself: an ``EngineStack``'s
//   element (from ``EngineStack/lastSlot`` or ``EngineStack/slotBelowLast``) or a
//   ``PlainAttributeTable`` entry.
// - A stack's slot is valid until the stack's next push (which may move its memory) or the
//   pop of its value; the engine uses one within the event that got it, before either. A
//   table's entry is valid while its binding lives (the whole parse), and is only read.

/// One value read and changed in place through ``pointee``: the top frames of the engine's
/// stacks, a plain attribute's table entry.
///
/// A wrapper of the address (same size, passed in a register): the accessors inline to the
/// load or store the address would take, so the engine's event paths name a slot rather
/// than a pointer.
struct ValueSlot<Element> {
    /// The value's address (for the `+Unsafe` files that store it, such as the attribute
    /// name cache).
    let address: UnsafeMutablePointer<Element>

    @inline(__always)
    init(_ address: UnsafeMutablePointer<Element>) { self.address = address }

    /// The value in place.
    var pointee: Element {
        @inline(__always) unsafeAddress { UnsafePointer(address) }
        @inline(__always) nonmutating unsafeMutableAddress { address }
    }
}
