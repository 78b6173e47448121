import Foundation
internal import SwiftShims

// Invariants (audited layer, see Unchecked.swift, and NativeASCIIString.swift):
// - Reads the header words and bytes of native strings the standard library made (and
//   that are alive for the duration of the read), only after their object word has been
//   found to point 32 bytes before the bytes the standard library itself reports
//   (`utf8.withContiguousStorageIfAvailable`).
// - Asks the allocator's size (`_swift_stdlib_malloc_size`, the standard library's shim of
//   `malloc_usable_size`) only of those strings' objects, as the standard library itself does
//   of each native string it makes on Linux (to claim the allocator's spare bytes).
// - Returns a form only when every sample agrees with it, every string made from it
//   agrees with the standard library's, and a string made from it is freed when its last
//   copy goes (a weak reference to its storage, taken while the string is alive, is
//   cleared); any difference makes it `nil`.
// - SafeMode: the file is empty.

#if !SafeMode
    extension NativeASCIIString {
        /// The counts the layout is learned from: every count from the shortest to 80 (each
        /// remainder of the 16-byte rounding with and without a breadcrumbs slot, whose
        /// threshold lies there), then counts on both sides of the rounding's steps past the
        /// allocator's 128-byte step, where the standard library asks the allocator.
        static let sampleCounts: [Int] =
            Array(shortest...80) + stride(from: 87, through: 144, by: 8).flatMap { [$0, $0 + 1] }
            + [199, 200, 255, 256, 300]

        /// What one sample, made by the standard library, shows of its storage.
        private struct Sample {
            let bytes: [UInt8]
            let string: String
            let words: (UInt64, UInt64)
            let metadata: UInt
            let referenceCounts: UInt64
            let capacityWord: UInt64
            let countWord: UInt64
        }

        /// The form of this process's native strings, or `nil` when the samples disagree with
        /// each other or with the layout ``make(_:form:)`` writes.
        static func learnForm() -> Form? {
            var samples: [Sample] = []
            for count in sampleCounts {
                guard let sample = sample(count: count) else { return nil }
                samples.append(sample)
            }
            guard let first = samples.first, let firstMetadata = UnsafeRawPointer(bitPattern: first.metadata),
                first.referenceCounts != 0
            else { return nil }
            let countFlags = first.words.0 & ~countMask
            let objectFlags = first.words.1 & ~addressMask
            // The breadcrumbs flag: the one flag the capacity words carry, from the first count
            // that has it on, with no count below it having it and none above lacking it.
            // Both counts around the threshold are samples, so it is exact (a slot missing where
            // the standard library has one would only slow UTF-16 offsets; a flag without a
            // slot would be read as one).
            guard let crumbed = samples.firstIndex(where: { $0.capacityWord & ~countMask != 0 }), crumbed > 0,
                samples[crumbed - 1].bytes.count == samples[crumbed].bytes.count - 1
            else { return nil }
            let breadcrumbsFlag = samples[crumbed].capacityWord & ~countMask
            let form = Form(
                metadata: firstMetadata, referenceCounts: first.referenceCounts, countFlags: countFlags,
                objectFlags: objectFlags,
                breadcrumbsFlag: breadcrumbsFlag, breadcrumbsFrom: samples[crumbed].bytes.count)
            for sample in samples {
                let count = sample.bytes.count
                let crumbs = count >= form.breadcrumbsFrom
                guard sample.metadata == first.metadata, sample.referenceCounts == first.referenceCounts,
                    sample.words.0 & ~countMask == countFlags,
                    sample.words.1 & ~addressMask == objectFlags,
                    sample.capacityWord & ~countMask == (crumbs ? breadcrumbsFlag : 0),
                    agrees(sample, form: form), madeAgrees(with: sample, form: form)
                else { return nil }
            }
            return releasesWithItsLastCopy(form) ? form : nil
        }

        /// Whether a string made here is freed when its last copy goes: the reference counts
        /// learned say one strong reference. (Read off a sample while a second reference
        /// held it, they would keep every value made here alive for ever.) A weak reference
        /// to the storage object, which the runtime clears when the object is freed, tells.
        static func releasesWithItsLastCopy(_ form: Form) -> Bool {
            weak var storage: AnyObject?
            do {  // the string's scope: it goes at the brace in every build
                let bytes = sampleBytes(count: 40)
                guard let made = bytes.withUnsafeBufferPointer({ make($0, form: form) }) else { return false }
                let held = withExtendedLifetime(made) { () -> Bool in
                    guard let object = self.storage(of: made) else { return false }
                    storage = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
                    return storage != nil
                }
                guard held else { return false }
            }
            return storage == nil
        }

        /// The bytes of a sample of `count` bytes: printable ASCII, varied.
        static func sampleBytes(count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: 33 &+ ($0 &* 7 &+ count) % 94) }
        }

        /// A string of `count` bytes made by the standard library, with what its storage shows;
        /// `nil` when it is not natively stored where its object word says.
        private static func sample(count: Int) -> Sample? {
            let bytes = sampleBytes(count: count)
            let string = String(decoding: bytes, as: UTF8.self)
            let words = words(of: string)
            guard let object = storage(of: string),
                let start = string.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) ?? nil,
                object + headerSize == UnsafeRawPointer(start)
            else { return nil }
            return Sample(
                bytes: bytes, string: string, words: words, metadata: object.load(as: UInt.self),
                referenceCounts: object.load(fromByteOffset: 8, as: UInt64.self),
                capacityWord: object.load(fromByteOffset: 16, as: UInt64.self),
                countWord: object.load(fromByteOffset: 24, as: UInt64.self))
        }

        /// Whether a sample's storage is laid out as ``make(_:form:)`` lays it out: its count
        /// in both count words, its bytes after the header, then the terminator, room for what
        /// is made here, and a `nil` breadcrumbs slot right after the capacity when it has one.
        private static func agrees(_ sample: Sample, form: Form) -> Bool {
            let count = sample.bytes.count
            guard sample.words.0 & countMask == UInt64(count), sample.countWord == sample.words.0,
                let object = storage(of: sample.string)
            else { return false }
            let capacity = Int(truncatingIfNeeded: sample.capacityWord & countMask)
            let (size, slot) = allocation(count: count, form: form)
            let madeCapacity = size - headerSize - slot
            // Below the allocator's 128-byte step the standard library rounds as this file
            // does; above it, it may claim more (what the allocator says it gave).
            guard capacity > count, madeCapacity > count, madeCapacity <= capacity,
                size >= 128 || madeCapacity == capacity
            else { return false }
            let start = object + headerSize
            guard (0..<count).allSatisfy({ start.load(fromByteOffset: $0, as: UInt8.self) == sample.bytes[$0] }),
                start.load(fromByteOffset: count, as: UInt8.self) == 0
            else { return false }
            // A `malloc` block (what the standard library's own accounting relies on) that holds
            // the header, the capacity and the slot.
            guard _swift_stdlib_has_malloc_size(), _swift_stdlib_malloc_size(object) >= headerSize + capacity + slot
            else { return false }
            guard slot != 0 else { return true }
            let slotOffset = headerSize + capacity
            return slotOffset % MemoryLayout<UInt>.alignment == 0
                && object.load(fromByteOffset: slotOffset, as: UInt.self) == 0
        }

        /// Whether the string made here of a sample's bytes is the standard library's: the
        /// same words but the address, the same header (metadata, reference counts, count)
        /// but the capacity (never more, its breadcrumbs flag the same), and the same
        /// behaviour; it is released, by the runtime, when this returns.
        private static func madeAgrees(with sample: Sample, form: Form) -> Bool {
            guard let made = sample.bytes.withUnsafeBufferPointer({ make($0, form: form) }) else { return false }
            let words = words(of: made)
            guard let object = storage(of: made), words.0 == sample.words.0,
                words.1 & ~addressMask == sample.words.1 & ~addressMask,
                object.load(as: UInt.self) == sample.metadata,
                object.load(fromByteOffset: 8, as: UInt64.self) == sample.referenceCounts,
                object.load(fromByteOffset: 16, as: UInt64.self) & ~countMask == sample.capacityWord & ~countMask,
                object.load(fromByteOffset: 16, as: UInt64.self) & countMask <= sample.capacityWord & countMask,
                object.load(fromByteOffset: 24, as: UInt64.self) == sample.countWord
            else { return false }
            let count = sample.bytes.count
            return made == sample.string && made.hashValue == sample.string.hashValue
                && made.utf8.count == count && made.utf16.count == count
                && made.withCString(terminatedLength) == count && made + "." == sample.string + "."
                && made.utf8.elementsEqual(sample.bytes)
        }

        /// The number of bytes before the first nul.
        private static func terminatedLength(_ string: UnsafePointer<CChar>) -> Int {
            var length = 0
            while string[length] != 0 { length += 1 }
            return length
        }

        /// The allocation ``make(_:form:)`` makes for `count` bytes: its size (header, bytes,
        /// terminator and breadcrumbs slot, rounded up to 16) and the slot's size (0 or a word).
        @inline(__always)
        static func allocation(count: Int, form: Form) -> (size: Int, slot: Int) {
            let slot = count >= form.breadcrumbsFrom ? MemoryLayout<UInt>.size : 0
            return ((headerSize &+ count &+ 1 &+ slot &+ 15) & ~15, slot)
        }
    }
#endif
