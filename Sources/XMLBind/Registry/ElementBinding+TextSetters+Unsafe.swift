// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `index` is a property index of the binding read from (below `setters.count`): the
//   engine passes only indexes the binding's own tables gave it (the child-name cache's
//   answers, property frames, `plainElementProperty`), and the registry never changes
//   during a parse.
// - The slot is read in place, field by field: copying a `SetterSlot` would retain its
//   closures.
// - SafeMode: the plain subscript, bounds-checked.

/// The plain-text fields of a property's setter slot (``SetterSlot/textOffset`` and its
/// companions), read without the array's bounds check: the end tag of every property
/// element reads them, and each check costs a compare and a branch there.
extension ElementBinding {
    /// ``SetterSlot/textOffset`` of property `index`.
    @inline(__always)
    func textOffset(of index: Int) -> Int {
        #if SafeMode
            setters[index].textOffset
        #else
            setters.withUnsafeBufferPointer { $0[index].textOffset }
        #endif
    }

    /// ``SetterSlot/textTrims`` of property `index`.
    @inline(__always)
    func textTrims(of index: Int) -> Bool {
        #if SafeMode
            setters[index].textTrims
        #else
            setters.withUnsafeBufferPointer { $0[index].textTrims }
        #endif
    }

    /// ``SetterSlot/textIsOptional`` of property `index`.
    @inline(__always)
    func textIsOptional(of index: Int) -> Bool {
        #if SafeMode
            setters[index].textIsOptional
        #else
            setters.withUnsafeBufferPointer { $0[index].textIsOptional }
        #endif
    }

    /// ``SetterSlot/boolOffset`` of property `index`.
    @inline(__always)
    func boolOffset(of index: Int) -> Int {
        #if SafeMode
            setters[index].boolOffset
        #else
            setters.withUnsafeBufferPointer { $0[index].boolOffset }
        #endif
    }
}
