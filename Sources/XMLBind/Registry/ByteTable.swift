#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A hash table from byte strings to small integers, looked up without making a `String`.
///
/// Element and attribute names arrive from expat as UTF-8 bytes; the registry compiles
/// its names into these tables once, so each callback finds its definition by hashing
/// and comparing bytes in place. Open addressing with linear probing; keys are stored
/// back to back in one array. The hash mixes the length with the first and last eight
/// bytes, so a long namespace URI costs two loads, not a pass over every byte (the word
/// loads and the comparison in place are in `ByteTable+Unsafe.swift`).
struct ByteTable: Sendable {
    private struct Slot: Sendable {
        var hash: UInt32 = 0
        var offset: Int32 = 0
        var length: Int32 = -1  // -1 marks an empty slot
        var value: Int32 = 0
    }

    private var slots: [Slot] = Array(repeating: Slot(), count: 8)
    private var keys: [UInt8] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds a key, or replaces its value if it is already there.
    mutating func insert(_ key: some Collection<UInt8>, value: Int) {
        let bytes = Array(key)
        bytes.withUnsafeBufferPointer { buffer in
            if let index = slotIndex(of: buffer) {
                slots[index].value = Int32(value)
                return
            }
            if (count + 1) * 2 > slots.count { grow() }
            let hash = Self.hash(buffer)
            var index = Int(hash) & (slots.count - 1)
            while slots[index].length >= 0 { index = (index + 1) & (slots.count - 1) }
            slots[index] = Slot(hash: hash, offset: Int32(keys.count), length: Int32(buffer.count), value: Int32(value))
            keys.append(contentsOf: buffer)
            count += 1
        }
    }

    /// The value stored for the key, if any.
    @inline(__always)
    func lookup(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { stored in
                let mask = slots.count - 1
                var index = Int(hash) & mask
                while true {
                    let slot = slots[index]
                    if slot.length < 0 { return nil }
                    if slot.hash == hash, Int(slot.length) == key.count,
                        Self.bytes(stored, at: Int(slot.offset), equal: key)
                    {
                        return Int(slot.value)
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    private func slotIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].length >= 0 {
            let slot = slots[index]
            if slot.hash == hash, Int(slot.length) == key.count,
                keys[Int(slot.offset)..<Int(slot.offset) + key.count].elementsEqual(key)
            {
                return index
            }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.length >= 0 {
            var index = Int(slot.hash) & mask
            while slots[index].length >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
