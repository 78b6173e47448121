import Foundation

// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `base` is `nil` or a `malloc`/`realloc` block of `capacity` bytes, of which the first
//   `count` are written; it is freed once (`deinit`, `takeString()`) or handed to `Data`
//   (`takeData()`), which then owns it; either way `base` becomes `nil`.
// - The writer appends only valid UTF-8 (its input is Swift strings), which `takeString()`
//   relies on.

/// A whole document kept in memory while it is written: one `malloc` block that grows
/// with `realloc`, and is handed to `Data` as it is, without a copy.
///
/// `realloc` moves a large block by remapping its pages, and pages of the capacity not yet
/// written are not resident, so a document of N bytes costs about N bytes of memory, not
/// the 2N of a growing array (old and new storage while it grows) or of pieces copied
/// into a result.
final class DocumentStorage {
    /// The system could not give more memory.
    struct OutOfMemory: Error, CustomStringConvertible {
        var description: String { "out of memory" }
    }

    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    deinit {
        free(base)
    }

    /// Appends `bytes`, growing the block by half again (or to what is needed).
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity {
            let wanted = max(count + bytes.count, capacity + capacity / 2, 1 << 20)
            guard let grown = realloc(base, wanted) else { throw OutOfMemory() }
            base = grown
            capacity = wanted
        }
        // `base` is set: the block holds at least `count + bytes.count` bytes.
        (base.unsafelyUnwrapped + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// The document as `Data`, which takes the block over; the storage is empty afterwards.
    func takeData() -> Data {
        guard let block = base, count > 0 else { return Data() }
        let exact = realloc(block, count) ?? block
        base = nil
        defer {
            count = 0
            capacity = 0
        }
        return Data(bytesNoCopy: exact, count: count, deallocator: .free)
    }

    /// The document as a `String` (a copy: a `String` keeps its own storage); the storage
    /// is empty afterwards.
    func takeString() -> String {
        defer {
            free(base)
            base = nil
            count = 0
            capacity = 0
        }
        guard let block = base, count > 0 else { return "" }
        // The writer writes valid UTF-8 only: its input is Swift strings.
        return String(unsafeUninitializedCapacity: count) { target in
            UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(start: block, count: count))
            return count
        }
    }
}
