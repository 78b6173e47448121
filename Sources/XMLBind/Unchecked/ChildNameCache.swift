import Foundation

// Invariants (audited layer, see Unchecked.swift):
// - `entries` (one per binding) and `bytes` (one slot of `slotSize` per binding) are
//   allocated in `init` and freed once by `deallocate()`; parent indexes are binding
//   indexes below the count given to `init`.
// - A stored name is at most `longestName` bytes and always NUL-terminated in its slot.

/// The last object element read inside each mapping's elements, and the mapping it
/// bound to: documents repeat themselves (a `<bean>` holds `<property>` after
/// `<property>`), so the next child's name is most often the last one's.
///
/// A child's name as expat reports it (`uri SEP local SEP prefix`) is compared with the
/// remembered one in one `strncmp` (which stops at the name's end, so the name needs no
/// `strlen` first); when they are equal, the child's binding is the
/// remembered one, without splitting the name, asking the parent's property and path
/// tables, or hashing it. Only answers that cannot change during a
/// parse are remembered: the parent's element is an object element (not a property or
/// path element), neither its properties nor its paths take the name, and the name is a
/// registered element name (not one the document's prefixes resolved, nor one an unprefixed
/// registration took in a namespace, which depends on the parent's; in no namespace it
/// does not).
///
/// The entries and their copies of the names live in memory of their own; the engine
/// that owns the cache calls ``deallocate()`` once.
struct ChildNameCache {
    /// Longer names are not remembered.
    static let longestName = 255

    private struct Entry {
        /// The remembered name's length, or -1 for none.
        var length: Int
        var child: Int
        /// The child's namespace number, as the engine records it (the name includes
        /// the namespace, so it is the same for every child remembered by it).
        var namespace: Int32
    }

    private let entries: UnsafeMutablePointer<Entry>
    /// Per parent binding, a copy of the remembered name and its NUL.
    private let bytes: UnsafeMutablePointer<CChar>
    private static let slotSize = longestName + 1
    private let count: Int

    init(bindingCount: Int) {
        count = max(1, bindingCount)
        entries = .allocate(capacity: count)
        entries.initialize(repeating: Entry(length: -1, child: -1, namespace: -1), count: count)
        // Aligned to the slot size, so that no slot straddles a page: strncmp reads a
        // string near a page's end a byte at a time, which costs twice as much.
        bytes = UnsafeMutableRawPointer.allocate(byteCount: count * Self.slotSize, alignment: Self.slotSize)
            .bindMemory(to: CChar.self, capacity: count * Self.slotSize)
    }

    func deallocate() {
        entries.deinitialize(count: count)
        entries.deallocate()
        UnsafeMutableRawPointer(bytes).deallocate()
    }

    /// The child binding remembered under `parent`, when `name` (NUL-terminated) is the
    /// name remembered with it.
    @inline(__always)
    func lookup(_ name: UnsafePointer<CChar>, under parent: Int) -> Int? {
        guard parent < count else { return nil }
        let entry = entries + parent
        // Comparing the NUL too: equal exactly when the name ends where the copy does.
        guard entry.pointee.length >= 0,
            strncmp(bytes + parent &* Self.slotSize, name, entry.pointee.length &+ 1) == 0
        else { return nil }
        return entry.pointee.child
    }

    /// The namespace number remembered under `parent` (read after a ``lookup(_:under:)`` hit).
    @inline(__always)
    func namespace(under parent: Int) -> Int32 {
        entries[parent].namespace
    }

    /// Remembers that `name` (`length` bytes before its NUL) under `parent` binds to `child`,
    /// whose frame records `namespace`.
    mutating func remember(
        _ name: UnsafePointer<CChar>, length: Int, child: Int, namespace: Int32, under parent: Int
    ) {
        guard parent < count, length <= Self.longestName else { return }
        let copy = bytes + parent * Self.slotSize
        copy.update(from: name, count: length)
        copy[length] = 0
        entries[parent] = Entry(length: length, child: child, namespace: namespace)
    }
}
