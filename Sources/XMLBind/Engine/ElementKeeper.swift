/// The child element being kept by a mapping's `.otherElements` slot, as it is read: the
/// elements open inside it, outermost first, each with the namespace declarations in force
/// at it (see BindingEngine+KeptElements.swift).
final class ElementKeeper {
    /// The open elements, the kept one first; each gets its content as it is read.
    var open: [XMLElementNode] = []
    /// The namespace bindings in force at each open element, for telling what the next
    /// one declares itself.
    var scopes: [[String: String]] = []
    /// Where the innermost open element's text starts in the engine's text buffer.
    var textStart = 0
    /// The named kept slot (``ElementBinding/namedKeptSlots``) the element goes to, or -1
    /// for the `.otherElements` slot.
    var namedSlot = -1
}
