/// The namespace URIs of the open elements that own declarations with unprefixed
/// element names, numbered, so a frame records its element's namespace in 32 bits.
///
/// An unprefixed element name in a mapping's declarations matches a child in no
/// namespace or in the namespace of the element that owns the declaration (see
/// ``OwnerNamespace``); the engine records that namespace only for the mappings that
/// need it (``CompiledRegistry/recordsNamespace``). Each distinct URI is copied once, into
/// memory of the table's own that stays put for the whole parse; the engine that owns
/// the table calls ``deallocate()`` once.
struct NamespaceTable {
    /// Number 0: no namespace.
    static let noNamespace: Int32 = 0
    /// A frame whose namespace was not recorded (its mapping needs none).
    static let unrecorded: Int32 = -1

    private var numbers = ByteTable()
    /// The copies, by number minus one.
    private var uris: [UnsafeMutableBufferPointer<UInt8>] = []

    /// The number of a namespace (`nil`: no namespace), given one if it has none yet.
    mutating func number(of uri: UnsafeBufferPointer<UInt8>?) -> Int32 {
        guard let uri else { return Self.noNamespace }
        if let known = numbers.lookup(uri) { return Int32(truncatingIfNeeded: known) }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: uri.count)
        _ = copy.initialize(from: uri)
        uris.append(copy)
        numbers.insert(uri, value: uris.count)
        return Int32(truncatingIfNeeded: uris.count)
    }

    /// The owner namespace a number stands for; no namespace for an unrecorded one.
    func owner(_ number: Int32) -> OwnerNamespace {
        guard number > 0 else { return .none }
        return OwnerNamespace(uri: UnsafeBufferPointer(uris[Int(number) - 1]))
    }

    /// Frees the copies.
    func deallocate() {
        for copy in uris { copy.deallocate() }
    }
}
