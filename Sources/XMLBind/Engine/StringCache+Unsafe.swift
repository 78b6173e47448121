#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - The tables are allocated by `prepare(propertyCount:)` and the slot arrays on the first
//   lookup, and freed once by `release()` (the owning engine's `deinit`); `values` holds
//   initialized `String`s in every slot while allocated.
// - `bytes` (a trivial type) is not initialized when allocated: a slot's bytes are read
//   (`equal`) only when its hash is not 0 and its length matches, and a slot gets a hash
//   only together with its bytes (`lookUp`), so nothing unwritten is ever read.
// - Property numbers passed in are below the `propertyCount` given to `prepare`.

/// Makes the `String`s of plain-text properties for one parse, sharing equal values.
///
/// Configuration files repeat themselves: a beans file names the same few dozen classes
/// and property names thousands of times. Making each of those a new `String` costs a
/// UTF-8 check, a copy and, past 15 bytes, an allocation (and a free when the graph
/// goes). A small direct-mapped table of recent values answers a repeat with the
/// `String` already made. Values that do not repeat would only pay for the lookup, so
/// each property keeps score, and a property whose values rarely repeat stops being
/// looked up (its first ``trial`` values decide).
///
/// Sharing is invisible to users: `String` is a value type. The table lives in memory
/// of its own (no array uniqueness checks or copies on the hot path); the engine that
/// owns the cache calls ``release()`` once, when it goes.
struct StringCache {
    /// Values longer than this are made directly: long text rarely repeats, and hashing
    /// it would cost more than a hit saves.
    static let longest = 64
    /// How many values of a property are looked up before its score decides.
    static let trial: Int32 = 64
    private static let slotBits = 10
    private static let slotCount = 1 << slotBits

    /// Per slot: the value's hash (0: empty), its length, its bytes, and the value.
    private var hashes: UnsafeMutablePointer<UInt64>?
    private var lengths: UnsafeMutablePointer<UInt8>?
    private var bytes: UnsafeMutablePointer<UInt8>?
    private var values: UnsafeMutablePointer<String>?
    /// Per property: values looked up, and how many were found.
    private var lookups: UnsafeMutablePointer<Int32>?
    private var hits: UnsafeMutablePointer<Int32>?
    private var propertyCount = 0
    /// Sizes the score table; until then nothing is shared.
    mutating func prepare(propertyCount: Int) {
        self.propertyCount = propertyCount
        lookups = .allocate(capacity: propertyCount)
        lookups?.initialize(repeating: 0, count: propertyCount)
        hits = .allocate(capacity: propertyCount)
        hits?.initialize(repeating: 0, count: propertyCount)
    }

    /// Frees the table; the cache makes plain `String`s afterwards.
    mutating func release() {
        if let values {
            values.deinitialize(count: Self.slotCount)
            values.deallocate()
        }
        hashes?.deallocate()
        lengths?.deallocate()
        bytes?.deallocate()
        lookups?.deallocate()
        hits?.deallocate()
        (values, hashes, lengths, bytes, lookups, hits) = (nil, nil, nil, nil, nil, nil)
        propertyCount = 0
    }

    /// The bytes (valid UTF-8, as expat delivers them) as a `String`, shared with an
    /// earlier equal value of any property when there is one.
    ///
    /// Every `String` is made by the standard library's public initializers (see
    /// ``make(_:)``). A value of up to 15 bytes is made directly: that costs less than a
    /// lookup. The cache spares longer repeats the UTF-8 check, the copy and the allocation.
    @inline(__always)
    mutating func string(_ text: UnsafeBufferPointer<UInt8>, property: Int) -> String {
        if text.count <= Self.inline { return Self.make(text) }
        return longString(text, property: property)
    }

    /// A value of more than 15 bytes: looked up, or made directly. A call of its own, so
    /// that the short path stays small enough to inline.
    @inline(never)
    private mutating func longString(_ text: UnsafeBufferPointer<UInt8>, property: Int) -> String {
        guard text.count <= Self.longest, property < propertyCount, let lookups, let hits,
            lookups[property] < Self.trial || hits[property] &* 4 >= lookups[property]
        else {
            return String(decoding: text, as: UTF8.self)
        }
        // Keep looking while at least one value in four was a repeat.
        if lookups[property] < Int32.max { lookups[property] &+= 1 }
        return lookUp(text, property: property, hits: hits)
    }

    /// The most bytes a `String` keeps inline (on 64-bit platforms).
    static let inline = 15

    /// A new `String` of the bytes, made by the standard library's public initializers.
    ///
    /// Up to 15 bytes, `String(unsafeUninitializedCapacity:initializingUTF8With:)` with the
    /// exact count: the standard library keeps such a value inline and, when its bytes are
    /// all ASCII, needs no UTF-8 check (it sees that from the bytes); the bytes are copied
    /// with two overlapping loads and stores instead of a call to `memcpy`. Anything longer,
    /// `String(decoding:as:)`: one check, one allocation and one copy.
    @inline(__always)
    static func make(_ text: UnsafeBufferPointer<UInt8>) -> String {
        let count = text.count
        guard count <= inline, count > 0, let start = text.baseAddress else {
            return String(decoding: text, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let target = buffer.baseAddress, buffer.count >= count else { return 0 }
            copyShort(from: UnsafeRawPointer(start), to: UnsafeMutableRawPointer(target), count: count)
            return count
        }
    }

    /// Copies `count` bytes (1 to 15) with overlapping word loads and stores, inside the
    /// `count` bytes of each side.
    @inline(__always)
    private static func copyShort(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            for index in 0..<count {
                let byte = source.load(fromByteOffset: index, as: UInt8.self)
                target.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
            }
        }
    }

    private mutating func lookUp(
        _ text: UnsafeBufferPointer<UInt8>, property: Int, hits: UnsafeMutablePointer<Int32>
    ) -> String {
        guard let hashes, let lengths, let bytes, let values else {
            allocateTable()
            return lookUp(text, property: property, hits: hits)
        }
        let hash = Self.hash(text) | 1
        let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - Self.slotBits))
        let stored = bytes + slot &* Self.longest
        if hashes[slot] == hash, Int(lengths[slot]) == text.count, Self.equal(stored, text) {
            hits[property] &+= 1
            return values[slot]
        }
        let value = String(decoding: text, as: UTF8.self)
        hashes[slot] = hash
        lengths[slot] = UInt8(truncatingIfNeeded: text.count)
        if let start = text.baseAddress { stored.update(from: start, count: text.count) }
        values[slot] = value
        return value
    }

    private mutating func allocateTable() {
        let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.slotCount)
        hashes.initialize(repeating: 0, count: Self.slotCount)
        let values = UnsafeMutablePointer<String>.allocate(capacity: Self.slotCount)
        values.initialize(repeating: "", count: Self.slotCount)
        let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.slotCount)
        lengths.initialize(repeating: 0, count: Self.slotCount)
        // The bytes are left as they come (64 KiB, most of which a small document never
        // touches, so it stays out of resident memory): a slot's bytes are read only after
        // its hash and length matched, that is after `lookUp` wrote them.
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.slotCount * Self.longest)
        (self.hashes, self.lengths, self.values, self.bytes) = (hashes, lengths, values, bytes)
    }

    /// A 64-bit hash of the bytes and their count, eight bytes at a time (equal texts
    /// hash equally; the slot's length and bytes are still compared).
    @inline(__always)
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = text.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let start = text.baseAddress else { return hash }
        let raw = UnsafeRawPointer(start)
        // Whole words, then the last word (overlapping) or the short value's bytes.
        var offset = 0
        while offset &+ 8 < count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            offset &+= 8
        }
        var last: UInt64
        if count >= 8 {
            last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            last = low | high << 32
        } else {
            last = 0
            for index in 0..<count { last = last << 8 | UInt64(start[index]) }
        }
        hash = (hash ^ last) &* 0xFF51_AFD7_ED55_8CCD
        return hash ^ (hash >> 29)
    }

    /// Whether a slot's bytes are `text` (its length already matched).
    @inline(__always)
    private static func equal(_ stored: UnsafeMutablePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = text.baseAddress else { return true }
        return memcmp(stored, start, text.count) == 0
    }
}
