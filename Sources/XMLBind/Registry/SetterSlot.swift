/// A setter in a struct of its own: an array of bare closures stores them at their most
/// general abstraction, so every call through one would go through a conversion thunk.
///
/// A property of plain text (`String` or `String?` with the built-in conversion) stored at
/// a known offset is also marked here: the engine then stores the `String` itself.
struct SetterSlot: Sendable {
    let set: PropertyBinding.Setter
    /// The field's offset for a plain-text property, else -1.
    let textOffset: Int
    /// Whether that field is a `String?` (else a `String`).
    let textIsOptional: Bool
    /// Whether that text is trimmed first (`Conversion.trimmed`).
    let textTrims: Bool
    /// The field's offset for a `Bool` with its own conversion, else -1.
    let boolOffset: Int

    /// For a keyed map (``textOffset`` is then -2): adds a value under its key.
    let insert: ValueCollection.Inserter?

    init(
        set: @escaping PropertyBinding.Setter, textOffset: Int? = nil, textIsOptional: Bool = false,
        textTrims: Bool = false, boolOffset: Int? = nil, insert: ValueCollection.Inserter? = nil
    ) {
        self.set = set
        self.insert = insert
        self.textOffset = textOffset ?? (insert == nil ? -1 : -2)
        self.textIsOptional = textIsOptional
        self.textTrims = textTrims
        self.boolOffset = boolOffset ?? -1
    }
}
