// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `high` (for mappings of more than 64 properties) is allocated by `init(capacity:)` and
//   freed once by `deallocate()`, by the frame that owns the set; copies share it, so only
//   the owning frame's copy is ever deallocated; bit indexes are below the capacity.

/// Which of an object's declared properties have been given a value, as bits.
///
/// The first 64 properties live in one word, so the common case never allocates. A
/// mapping with more properties gets words of its own (``init(capacity:)``), which
/// the frame that owns the set frees with ``deallocate()``. The set is a plain value
/// (no reference counting), so the engine's frames copy without retains.
struct PropertySet {
    private var low: UInt64 = 0
    /// Bits for properties 64 and up, when the mapping has them.
    private var high: UnsafeMutablePointer<UInt64>? = nil

    init() {}

    /// A set for a mapping with `capacity` properties.
    @inline(__always)
    init(capacity: Int) {
        guard capacity > 64 else { return }
        high = Self.allocateHigh(capacity: capacity)
    }

    /// The words for properties 64 and up (out of line: most mappings have fewer).
    @inline(never)
    private static func allocateHigh(capacity: Int) -> UnsafeMutablePointer<UInt64> {
        let words = (capacity - 64 + 63) / 64
        let high = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        high.initialize(repeating: 0, count: words)
        return high
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        if index < 64 { return low & (1 << UInt64(index)) != 0 }
        guard let high else { return false }
        let bit = index - 64
        return high[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
        } else if let high {
            let bit = index - 64
            high[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// Inserts one of the first 64 properties, given as its bit (`1 << index`); `false`
    /// when it was already in the set.
    @inline(__always)
    mutating func insert(bit: UInt64) -> Bool {
        guard low & bit == 0 else { return false }
        low |= bit
        return true
    }

    /// The bits of the first 64 properties that are in the set and in `mask`.
    @inline(__always)
    func lowBits(in mask: UInt64) -> UInt64 {
        low & mask
    }

    /// Removes one of the first 64 properties, given as its bit.
    @inline(__always)
    mutating func remove(bit: UInt64) {
        low &= ~bit
    }

    /// Frees the words of a set made with ``init(capacity:)``; call once, from its frame.
    func deallocate() {
        high?.deallocate()
    }
}
