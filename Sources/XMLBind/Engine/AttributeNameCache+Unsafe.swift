// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `slots` (one run of `count` slots per binding, at `starts[binding]`) and `starts` are
//   allocated in `init` and freed once by `deallocate()` (the owning engine's `deinit`);
//   binding indexes are below the count of tables given to `init`; a run never holds more
//   than its table's entries, which are immutable and outlive the engine (its registry's).
// - A slot is filled only with a name pointer that its table answered for: a name without
//   a namespace, which carries no separator. expat (namespace processing on) hands such an
//   attribute's name as its attribute id's name, stored once in the DTD's string pool of
//   the parser, which keeps it in place until `XML_ParserFree`; names with a namespace are
//   built anew in a scratch pool, but always hold the separator, so they never equal a
//   remembered pointer that is still a live name of the other kind. One engine is driven
//   by one parser (its `ExpatDriver`), so within an engine's life a remembered pointer
//   always names the same bytes. Pointers are compared, never read through here.
// - SafeMode: nothing is remembered; every attribute is matched by its bytes.

/// The attribute names of each mapping as this parse's expat parser hands them over,
/// remembered by address, so an attribute seen before is matched without measuring or
/// comparing its name.
///
/// A ``PlainAttributeTable`` matches a name by its length and bytes: a `strlen`, two
/// loads and a compare per entry. expat gives an attribute in no namespace as the same
/// pointer each time (its interned attribute id), so each mapping remembers which pointer
/// named which entry, in the order the document first gave them; an attribute is looked
/// for first in the slot after the one its tag's previous attribute was found in
/// (documents write attributes in the same order tag after tag), then in the others. A
/// pointer not remembered goes to the table, which remembers it when it answers.
///
/// The slots live in memory of their own; the engine that owns the cache calls
/// ``deallocate()`` once.
struct AttributeNameCache {
    struct Slot {
        /// The name as expat handed it over, or `nil` for an empty slot.
        var name: UnsafeRawPointer?
        var entry: UnsafeMutablePointer<PlainAttributeTable.Entry>?
    }

    /// One mapping's slots, as one element's attributes walk them.
    struct Slots {
        fileprivate let base: UnsafeMutablePointer<Slot>
        fileprivate let end: UnsafeMutablePointer<Slot>
        /// Where the next attribute's name is looked for first: after the slot of the last
        /// one found (documents write attributes in the same order tag after tag).
        fileprivate var next: UnsafeMutablePointer<Slot>

        fileprivate init(base: UnsafeMutablePointer<Slot>, count: Int) {
            self.base = base
            self.end = base + count
            self.next = base
        }

        /// The entry remembered for `name`; `nil` when the table must be asked.
        @inline(__always)
        mutating func entry(for name: ExpatName) -> ValueSlot<PlainAttributeTable.Entry>? {
            #if SafeMode
                return nil
            #else
                let address = UnsafeRawPointer(name.cString)
                if next < end, next.pointee.name == address {
                    let entry = next.pointee.entry
                    next += 1
                    return entry.map(ValueSlot.init)
                }
                var slot = base
                while slot < end {
                    // Slots fill in order: an empty one ends the remembered names.
                    guard let remembered = slot.pointee.name else { return nil }
                    if remembered == address {
                        next = slot + 1
                        return slot.pointee.entry.map(ValueSlot.init)
                    }
                    slot += 1
                }
                return nil
            #endif
        }

        /// Remembers that the table answered `entry` for `name`, when a slot is free.
        mutating func remember(_ name: ExpatName, as entry: ValueSlot<PlainAttributeTable.Entry>) {
            #if !SafeMode
                var slot = base
                while slot < end {
                    if slot.pointee.name == nil {
                        slot.pointee = Slot(name: UnsafeRawPointer(name.cString), entry: entry.address)
                        next = slot + 1
                        return
                    }
                    slot += 1
                }
            #endif
        }
    }

    private let slots: UnsafeMutablePointer<Slot>
    /// Per binding: where its slots start, and how many it has (its table's entry count).
    private let runs: UnsafeMutablePointer<(start: Int, count: Int)>

    /// - Parameter tables: Each binding's attribute table, by binding index.
    init(tables: [PlainAttributeTable]) {
        runs = .allocate(capacity: max(1, tables.count))
        var total = 0
        for (index, table) in tables.enumerated() {
            (runs + index).initialize(to: (total, table.entryCount))
            total += table.entryCount
        }
        slots = .allocate(capacity: max(1, total))
        slots.initialize(repeating: Slot(name: nil, entry: nil), count: max(1, total))
    }

    /// Binding `index`'s slots (it must be below the count given to `init`), none when its
    /// table is empty.
    @inline(__always)
    func slots(of index: Int) -> Slots {
        let run = runs[index]
        return Slots(base: slots + run.start, count: run.count)
    }

    func deallocate() {
        slots.deallocate()
        runs.deallocate()
    }
}
