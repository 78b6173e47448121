/// Which of an object's declared properties have been given a value, as bits.
///
/// The first 64 properties live in one word, so the common case never allocates.
struct PropertySet {
    private var low: UInt64 = 0
    private var high: Set<Int>? = nil

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high?.contains(index) ?? false
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
        } else {
            var set = high ?? []
            set.insert(index)
            high = set
        }
    }
}
