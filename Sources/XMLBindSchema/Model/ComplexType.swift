/// A type with attributes, child elements and text: what becomes a Swift class.
public struct ComplexType: Sendable, Hashable {
    /// The fields in document order: attributes, then content as the input declares it.
    /// A type derived by extension lists its base's fields first (the readers flatten
    /// them), so the emitter needs no inheritance to bind or write them.
    public var fields: [Field]
    /// The type this one extends or restricts, if any: what `xsi:type` polymorphism needs.
    public var base: TypeReference?
    /// Whether documents hold only types derived from this one (XML Schema's `abstract`).
    public var isAbstract: Bool
    /// Whether text may appear between the child elements (XML Schema's `mixed`).
    public var isMixed: Bool
    /// Groups of element fields of which a document holds at most one each (XML Schema's
    /// `choice`), by the fields' indexes in ``fields``.
    public var choices: [[Int]]
    /// Whether children of different names may interleave (a DTD's `(test | edit)+`, XML
    /// Schema's repeated `choice` or `sequence` of two names or more, `all`, or a name declared
    /// again after another), so that their document order is kept beside the typed fields and
    /// written back: every child element is then an object (one of simple type gets a class
    /// holding its text), and the objects are read and written in one order (the core's
    /// `.childOrder`).
    public var keepsChildOrder = false

    /// Creates a complex type.
    ///
    /// - Parameters:
    ///   - fields: The fields, in document order.
    ///   - base: The type this one derives from.
    ///   - isAbstract: Whether the type is abstract.
    ///   - isMixed: Whether text appears between child elements.
    ///   - choices: Groups of element fields that exclude each other, by index.
    public init(
        fields: [Field] = [], base: TypeReference? = nil, isAbstract: Bool = false, isMixed: Bool = false,
        choices: [[Int]] = []
    ) {
        self.fields = fields
        self.base = base
        self.isAbstract = isAbstract
        self.isMixed = isMixed
        self.choices = choices
    }
}
