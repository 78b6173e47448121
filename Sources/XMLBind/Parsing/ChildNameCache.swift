import Foundation

/// The last object element read inside each mapping's elements, and the mapping it
/// bound to: documents repeat themselves (a `<bean>` holds `<property>` after
/// `<property>`), so the next child's name is most often the last one's.
///
/// A child's name as expat reports it (`uri SEP local SEP prefix`) is compared with the
/// remembered one in one `memcmp`; when they are equal, the child's binding is the
/// remembered one, without splitting the name, asking the parent's property and path
/// tables, or hashing it. Only answers that cannot change during a
/// parse are remembered: the parent's element is an object element (not a property or
/// path element), neither its properties nor its paths take the name, and the name is a
/// registered element name (not one the document's prefixes or a wildcard resolved).
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
    }

    private let entries: UnsafeMutablePointer<Entry>
    /// Per parent binding, a copy of the remembered name.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let count: Int

    init(bindingCount: Int) {
        count = max(1, bindingCount)
        entries = .allocate(capacity: count)
        entries.initialize(repeating: Entry(length: -1, child: -1), count: count)
        bytes = .allocate(capacity: count * Self.longestName)
    }

    func deallocate() {
        entries.deinitialize(count: count)
        entries.deallocate()
        bytes.deallocate()
    }

    /// The child binding remembered under `parent`, when `name` (`length` bytes before
    /// its NUL) is the name remembered with it.
    @inline(__always)
    func lookup(_ name: UnsafePointer<CChar>, length: Int, under parent: Int) -> Int? {
        guard parent < count else { return nil }
        let entry = entries + parent
        guard entry.pointee.length == length,
            memcmp(bytes + parent &* Self.longestName, name, length) == 0
        else { return nil }
        return entry.pointee.child
    }

    /// Remembers that `name` (`length` bytes before its NUL) under `parent` binds to `child`.
    mutating func remember(_ name: UnsafePointer<CChar>, length: Int, child: Int, under parent: Int) {
        guard parent < count, length <= Self.longestName else { return }
        let copy = bytes + parent * Self.longestName
        copy.update(from: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: length)
        entries[parent] = Entry(length: length, child: child)
    }
}
