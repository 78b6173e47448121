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
// - `base` is `nil` or a `malloc`/`realloc` block of `capacity` bytes, of which the first
//   `count` are written; it is freed once (`deinit`, `takeString()`) or handed to `Data`
//   (`takeData()`), which then owns it; either way `base` becomes `nil`.
// - Every store goes through `append`, `appendByte`, `appendInPlace` or `reverse`, each
//   within `0..<capacity` after `reserve(_:)` made room (`appendInPlace` lends the
//   reserved space for one call and counts at most what it reserved); `truncate(to:)` only shortens, and a
//   mark outside the written bytes is clamped to them. A short `append` (4 to 16 bytes)
//   loads and stores two words that overlap, each within the `length` bytes of its source
//   and of its target.
// - One writer owns a storage and uses it on one thread (a document is written by one
//   call), so its three fields skip Swift's dynamic exclusivity checks: they are read and
//   written on every append, and nothing reaches them during another access. SafeMode
//   declares them checked.
// - The writer appends only valid UTF-8 (its input is Swift strings), which `takeString()`
//   relies on.
// - When the system refuses more memory, nothing more is stored and `failed` is set: the
//   writer's next flush (or the hand-over) throws ``OutOfMemory``, and no partial
//   document is handed on as complete.

/// The bytes an ``XMLWriter`` writes: one `malloc` block that grows with `realloc`, written
/// in place, and handed to `Data` as it is, without a copy.
///
/// A document kept in memory stays in the block until ``takeData()``; a writer with a sink
/// hands the block's bytes on and starts it again (``removeAll()``). `realloc` moves a
/// large block by remapping its pages, and pages of the capacity not yet written are not
/// resident, so a document of N bytes costs about N bytes of memory, not the 2N of a
/// growing array (old and new storage while it grows) or of pieces copied into a result.
final class DocumentStorage {
    /// The system could not give more memory.
    struct OutOfMemory: Error, CustomStringConvertible {
        var description: String { "out of memory" }
    }

    #if SafeMode
        private var base: UnsafeMutableRawPointer?
        private var capacity = 0
        private(set) var count = 0
    #else
        @exclusivity(unchecked) private var base: UnsafeMutableRawPointer?
        @exclusivity(unchecked) private var capacity = 0
        @exclusivity(unchecked) private(set) var count = 0
    #endif
    /// Whether an allocation failed: the bytes since then are missing.
    private(set) var failed = false

    /// Creates an empty storage with room for `capacity` bytes.
    init(reservingCapacity capacity: Int = 0) {
        guard capacity > 0, let block = malloc(capacity) else { return }
        base = block
        self.capacity = capacity
    }

    deinit {
        free(base)
    }

    // MARK: Appending

    /// Appends `bytes`.
    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        append(source, count: bytes.count)
    }

    /// Appends `length` bytes from `source`.
    ///
    /// Markup is short (`<bean`, `">`, `</property>`): up to 16 bytes are copied with two
    /// word loads and stores that overlap in the middle, without a call to `memcpy`.
    @inline(__always)
    func append(_ source: UnsafeRawPointer, count length: Int) {
        guard reserve(length), let base else { return }
        Self.copy(source, to: base + count, count: length)
        count &+= length
    }

    /// Copies `length` bytes: from 4 to 16 with two word loads and stores that overlap in
    /// the middle, each within the `length` bytes of `source` and of `target`; else with
    /// `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count length: Int) {
        if length >= 8, length <= 16 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
    }

    /// Appends one byte.
    @inline(__always)
    func appendByte(_ byte: UInt8) {
        guard reserve(1), let base else { return }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Appends the UTF-8 of a string literal.
    @inline(__always)
    func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends the bytes of an array.
    @inline(__always)
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Lends the free space past the written bytes, at least `length` of them, to `body`,
    /// which writes from its start and returns how many bytes it wrote (at most `length`).
    @inline(__always)
    func appendInPlace(reserving length: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        guard reserve(length), let base else { return }
        let written = body(base + count)
        count &+= min(max(written, 0), length)
    }

    /// Makes room for `length` more bytes; `false` when the system has no more memory.
    @inline(__always)
    private func reserve(_ length: Int) -> Bool {
        if _fastPath(count &+ length <= capacity) { return true }
        return grow(toHold: count + length)
    }

    /// Doubles the block (or grows it to what is needed, and at least 4 KiB).
    ///
    /// Doubling, not growing by half: where `realloc` copies rather than remaps (a block
    /// below the allocator's mapping threshold, which rises once large blocks are freed),
    /// the copies add up to about the document's size rather than twice it; the pages not
    /// yet written cost no memory.
    @discardableResult
    private func grow(toHold wanted: Int) -> Bool {
        guard !failed else { return false }
        let size = max(wanted, capacity &* 2, 4096)
        guard let grown = realloc(base, size) else {
            failed = true
            return false
        }
        base = grown
        capacity = size
        return true
    }

    // MARK: Editing what is written

    /// Forgets the bytes from `mark` on (a value refused half-way).
    func truncate(to mark: Int) {
        count = min(max(mark, 0), count)
    }

    /// Turns the bytes from `start` to the end around in place (a number's digits).
    func reverse(from start: Int) {
        guard let base, start < count else { return }
        var digits = UnsafeMutableRawBufferPointer(start: base + start, count: count - start)
        digits.reverse()
    }

    /// Forgets every byte, keeping the block for the next ones.
    func removeAll() {
        count = 0
    }

    /// Lends the bytes from `start` on, for the length of the call.
    func withBytes<R>(from start: Int = 0, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = min(max(start, 0), count)
        return try body(UnsafeRawBufferPointer(start: base.map { $0 + start }, count: count - start))
    }

    // MARK: Handing over

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
