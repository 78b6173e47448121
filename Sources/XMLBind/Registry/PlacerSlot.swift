/// A child placer in a struct of its own, for the same reason as ``SetterSlot``.
struct PlacerSlot: Sendable {
    let place: ChildPlacer?
    /// The parent's child slot when it holds one child (`.child`), so that a second one
    /// is found (see ``BindingEngine/claimSingleSlot(_:byteIndex:)``); else -1.
    let singleSlot: Int
    /// The parent's child slot when the slot collects its children (an array of a
    /// concrete element type at a known offset, filled once when the parent ends), else -1.
    let collectedSlot: Int
    /// The parent's field offset when the slot holds one reference (`C` or `C?`) and the
    /// child is exactly a `C` (or a subclass) in a class parent: the engine then stores
    /// its reference there directly, releasing the one it replaces; else -1.
    let directOffset: Int

    /// The parent's child slot when it is a keyed map (``ChildSlot/keyedInsert``), else -1.
    let keyedSlot: Int

    init(
        place: ChildPlacer?, collectedSlot: Int = -1, directOffset: Int = -1, keyedSlot: Int = -1, singleSlot: Int = -1
    ) {
        self.place = place
        self.singleSlot = singleSlot
        self.collectedSlot = collectedSlot
        self.directOffset = directOffset
        self.keyedSlot = keyedSlot
    }
}
