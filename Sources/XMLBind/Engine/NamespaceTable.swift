/// The namespace URIs of the open elements that own declarations with unprefixed
/// element names, numbered, so a frame records its element's namespace in 32 bits.
///
/// An unprefixed element name in a mapping's declarations matches a child in no
/// namespace or in the namespace of the element that owns the declaration (see
/// ``OwnerNamespace``); the engine records that namespace only for the mappings that
/// need it (``CompiledRegistry/recordsNamespace``). Each distinct URI is copied once, back
/// to back in memory of the table's own; the engine that owns the table calls
/// ``deallocate()`` once.
struct NamespaceTable {
    /// Number 0: no namespace.
    static let noNamespace: Int32 = 0
    /// A frame whose namespace was not recorded (its mapping needs none).
    static let unrecorded: Int32 = -1

    private var numbers = ByteTable()
    /// The URIs' bytes, and where each one starts (by number minus one).
    private var bytes = EngineStack<UInt8>(capacity: 256)
    private var starts: [Int] = []

    /// The number of a namespace (`nil`: no namespace), given one if it has none yet.
    mutating func number(of uri: UnsafeBufferPointer<UInt8>?) -> Int32 {
        guard let uri else { return Self.noNamespace }
        if let known = numbers.lookup(uri) { return Int32(truncatingIfNeeded: known) }
        starts.append(bytes.count)
        if let base = uri.baseAddress { bytes.append(base, count: uri.count) }
        numbers.insert(uri, value: starts.count)
        return Int32(truncatingIfNeeded: starts.count)
    }

    /// The owner namespace a number stands for; no namespace for an unrecorded one.
    ///
    /// A view of the table's memory: valid until the next ``number(of:)`` adds a URI.
    func owner(_ number: Int32) -> OwnerNamespace {
        guard number > 0 else { return .none }
        let index = Int(number) - 1
        let start = starts[index]
        let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
        return OwnerNamespace(uri: UnsafeBufferPointer(rebasing: bytes.values(from: start)[..<(end - start)]))
    }

    /// Frees the copies.
    func deallocate() {
        bytes.deallocate()
    }
}
