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
// - `entries` (`slotsPerParent` per binding) and `bytes` (one slot of `slotSize` per entry)
//   are allocated in `init` and freed once by `deallocate()`; parent indexes are binding
//   indexes below the count given to `init`; an entry's index within its parent's is
//   below `places` (by place, clamped) or `places` plus a value masked below `places`.
// - A name is read past its first byte only while the bytes read so far are not its NUL
//   (`strncmp` stops at it; `strlen` finds it; the name-slot hash reads only bytes before it),
//   except by a short name's word compare, which reads 16 bytes within the page of the name's
//   first byte (see ChildNameCache+ShortName+Unsafe.swift for why that page is mapped).
// - A stored name is at most `longestName` bytes and always NUL-terminated in its slot.

/// What the child elements read inside each mapping's elements turned out to be: an
/// object element and the mapping it bound to, a property element of the parent, or an
/// unknown element. Documents repeat themselves (an RSS `<item>` holds `<title>`, `<link>`,
/// `<description>` in the same order item after item; a `<bean>` holds `<property>` after
/// `<property>`), so each parent mapping remembers a few children by their place among the
/// element's children, and the same children again by their names' first bytes, for
/// children that take turns at one place (by their length and last bytes: names in a
/// namespace all begin with its URI).
///
/// A child's name as expat reports it (`uri SEP local SEP prefix`) is compared with the
/// name remembered at its place (then with the one remembered by its name) in one `strncmp` (which stops at the name's end, so the
/// name needs no `strlen` first); when they are equal, the remembered answer stands,
/// without splitting the name, asking the parent's property and path tables, or hashing
/// it. Only answers that cannot change during a parse are remembered; the engine decides
/// which (see `startElement` in BindingEngine+Events.swift).
///
/// The entries and their copies of the names live in memory of their own; the engine
/// that owns the cache calls ``deallocate()`` once.
struct ChildNameCache {
    /// Longer names are not remembered.
    static let longestName = 127
    /// Entries per parent mapping by place, and as many by name (a power of two).
    static let places = 8
    private static let slotsPerParent = 2 * places

    /// What a remembered child is.
    enum Kind: UInt8 {
        /// An object element: ``Answer/child`` is its binding.
        case object
        /// A property element of the parent, whose mapping has no keyed properties (maps):
        /// ``Answer/child`` is the property's index.
        case property
        /// A property element of a parent whose mapping has keyed properties, which the
        /// general property start handles: decided when it is remembered, since a mapping's
        /// properties never change, so that the usual property's path tests nothing of it.
        case keyedProperty
        /// An object element that a slot of the parent declared with `xml:` takes
        /// (`.child(\.value, xml: "value")`): ``Answer/child`` is the slot's binding,
        /// ``Answer/slot`` the slot.
        case namedChild
        /// A member element of the parent's keyed shape (`.keyedMembers`), such as an
        /// XML-RPC `<member>`.
        case keyedMember
        /// An element the parent's mapping does not take and no mapping is registered for.
        case unknown
        /// Such an element that the parent's policy skips without a word
        /// (``UnknownContentPolicy/ignore``): nothing about it is reported.
        case ignored
    }

    /// A remembered child.
    struct Answer {
        var kind: Kind
        /// The parent's slot declared with `xml:` that takes the child (``Kind/namedChild``
        /// only; -1 otherwise). It fits beside ``kind``.
        var slot: Int16 = -1
        /// The child's namespace number, as the engine records it (object children only;
        /// the name includes the namespace, so it is the same for every child remembered by it).
        var namespace: Int32
        /// The child's binding (objects) or the parent's property index (properties).
        var child: Int
    }

    private struct Entry {
        /// The remembered name's size in bytes with its NUL, or 0 for none: what `strncmp`
        /// compares, and the choice between it and the words below (see `matches`).
        var size: Int
        var answer: Answer
        /// Whether a place holds a copy guessed from an earlier place
        /// (`guessLaterPlaces`), which a child found by its name at that place replaces.
        var isGuess = false
    }

    private let entries: UnsafeMutablePointer<Entry>
    /// Per entry, a copy of the remembered name and its NUL; a short name's (or none's)
    /// words and masks (see ``ShortName``).
    private let bytes: UnsafeMutablePointer<CChar>
    private static let slotSize = longestName + 1
    /// Parent bindings covered.
    private let count: Int

    init(bindingCount: Int) {
        count = max(1, bindingCount)
        let total = count * Self.slotsPerParent
        entries = .allocate(capacity: total)
        entries.initialize(
            repeating: Entry(size: 0, answer: Answer(kind: .unknown, namespace: -1, child: -1)), count: total)
        // Aligned to the slot size, so that no slot straddles a page: strncmp reads a
        // string near a page's end a byte at a time, which costs twice as much.
        bytes = UnsafeMutableRawPointer.allocate(byteCount: total * Self.slotSize, alignment: Self.slotSize)
            .bindMemory(to: CChar.self, capacity: total * Self.slotSize)
        for index in 0..<total { ShortName.write(nil, size: 0, into: bytes + index * Self.slotSize) }
    }

    func deallocate() {
        entries.deinitialize(count: count * Self.slotsPerParent)
        entries.deallocate()
        UnsafeMutableRawPointer(bytes).deallocate()
    }

    /// The entry for a child by its place: its ordinal among the element's children (the
    /// last place standing for all later ones). Documents that repeat a sequence (`<title>`,
    /// `<link>`, … in every RSS `<item>`; `<property>` after `<property>`) find each child here.
    @inline(__always)
    private func placeSlot(_ parent: Int, _ ordinal: Int) -> Int {
        parent &* Self.slotsPerParent &+ min(ordinal, Self.places &- 1)
    }

    /// The entry for a child by its name's length and last bytes (up to four before its NUL),
    /// whatever its place: for the different children that take turns at one place
    /// (`<int>`, `<string>`, `<struct>` in an XML-RPC `<value>`; `<bean>` and `<define>` of
    /// two namespaces under one root). Not the first bytes: names in one namespace all begin
    /// with its URI (`http://…`), and would all share one entry.
    @inline(__always)
    private func nameSlot(_ name: UnsafePointer<CChar>, length: Int, _ parent: Int) -> Int {
        var mix = UInt32(truncatingIfNeeded: length)
        var index = max(0, length &- 4)
        while index < length {
            mix = mix &* 31 &+ UInt32(UInt8(bitPattern: name[index]))
            index &+= 1
        }
        mix ^= (mix >> 3) ^ (mix >> 11)
        return parent &* Self.slotsPerParent &+ Self.places &+ Int(mix & UInt32(Self.places &- 1))
    }

    /// Whether entry `index` remembers `name`: a short name by its words (see ``ShortName``),
    /// a longer one, or a short one near the end of a page or under SafeMode, by `strncmp`.
    /// The choice is on the entry's size, which the compare needs anyway; an empty entry
    /// (size 0) takes the short path, whose words match no name, so a long name's path has
    /// the one branch it always had.
    @inline(__always)
    private func holds(_ index: Int, _ name: UnsafePointer<CChar>) -> Bool {
        let size = entries[index].size
        if size <= ShortName.longest {
            #if !SafeMode && !XMLBIND_SANITIZE
                if ShortName.canLoad(name) { return ShortName.matches(bytes + index &* Self.slotSize, name) }
            #endif
            guard size > 0 else { return false }
        }
        // Comparing the NUL too: equal exactly when the name ends where the copy does.
        return strncmp(bytes + index &* Self.slotSize, name, size) == 0
    }

    /// The answer remembered for the child at `ordinal` (its place among the element's
    /// children) under `parent`, when `name` (NUL-terminated) is the name remembered with
    /// it: first by its place, then by its name.
    @inline(__always)
    func lookup(_ name: UnsafePointer<CChar>, under parent: Int, ordinal: Int) -> Answer? {
        lookupByPlace(name, under: parent, ordinal: ordinal) ?? lookupByName(name, under: parent, ordinal: ordinal)
    }

    /// The first half of ``lookup(_:under:ordinal:)``: the entry at the child's place, for
    /// an `ordinal` below ``places`` (a later one stands for another place). Only
    /// the entry's index stays live across the compare, for the answer.
    @inline(__always)
    func lookupByPlace(_ name: UnsafePointer<CChar>, under parent: Int, ordinal: Int) -> Answer? {
        guard parent < count else { return nil }
        // The engine's ordinals stop at the last place (its frames count children up to
        // `places - 1`), so masking is `placeSlot`'s clamp in one instruction instead of a
        // compare and a move; any ordinal stays within the parent's places.
        let byPlace = parent &* Self.slotsPerParent &+ (ordinal & (Self.places &- 1))
        guard holds(byPlace, name) else { return nil }
        return entries[byPlace].answer
    }

    /// The second half of ``lookup(_:under:ordinal:)``, when the place does not hold the
    /// name: by its name's entry, in a call of its own (it measures the name). A place that
    /// held only a guess takes the entry over, so that the next child there of that name is
    /// found by its place.
    @inline(never)
    func lookupByName(_ name: UnsafePointer<CChar>, under parent: Int, ordinal: Int) -> Answer? {
        guard parent < count else { return nil }
        let place = placeSlot(parent, ordinal)
        let length = strlen(name)
        guard length <= Self.longestName else { return nil }
        let byName = nameSlot(name, length: length, parent)
        // The lengths first: a name of another length needs no compare.
        guard entries[byName].size == length &+ 1, holds(byName, name) else { return nil }
        if entries[place].isGuess {
            copy(byName, to: place)
        }
        return entries[byName].answer
    }

    /// Remembers that `name` (`length` bytes before its NUL), the child at `ordinal` under
    /// `parent`, is `answer`: in both of its entries.
    mutating func remember(
        _ name: UnsafePointer<CChar>, length: Int, as answer: Answer, under parent: Int, ordinal: Int
    ) {
        guard parent < count, length <= Self.longestName else { return }
        let place = placeSlot(parent, ordinal)
        store(name, length: length, as: answer, at: place)
        store(name, length: length, as: answer, at: nameSlot(name, length: length, parent))
        if answer.kind != .unknown && answer.kind != .ignored {
            guessLaterPlaces(after: ordinal, under: parent, from: place)
        }
    }

    /// Copies the entry just remembered at a place into the parent's later places that
    /// remember nothing yet.
    ///
    /// The next child is usually of the same name (the second `<property>` of a `<bean>`),
    /// and is then found by its place in one compare. Without the guess, a later place first
    /// reached by a name that its name entry answers would stay empty (only a full lookup
    /// fills a place), and every child there would pay a second compare and the name's hash.
    /// A wrong guess is overwritten by the first full lookup at its place, as an empty place
    /// is filled. Unknown children, often one of a kind, are not guessed.
    @inline(never)
    private func guessLaterPlaces(after ordinal: Int, under parent: Int, from source: Int) {
        var later = ordinal &+ 1
        while later < Self.places {
            let target = placeSlot(parent, later)
            if entries[target].size == 0 {
                copy(source, to: target)
                entries[target].isGuess = true
            }
            later &+= 1
        }
    }

    private func store(_ name: UnsafePointer<CChar>, length: Int, as answer: Answer, at index: Int) {
        let copy = bytes + index * Self.slotSize
        let size = length &+ 1
        if size <= ShortName.longest {
            ShortName.write(name, size: size, into: copy)
        } else {
            copy.update(from: name, count: length)
            copy[length] = 0
        }
        entries[index] = Entry(size: size, answer: answer)
    }

    /// Copies entry `source` and its slot (a short name's words and masks, a longer one's
    /// bytes) to `target`.
    private func copy(_ source: Int, to target: Int) {
        let size = entries[source].size
        (bytes + target &* Self.slotSize).update(
            from: bytes + source &* Self.slotSize, count: size <= ShortName.longest ? ShortName.slotBytes : size)
        entries[target] = entries[source]
    }
}

/// The lookups for a name expat lent the engine for the event in hand (the same calls, on
/// the pointer the view wraps).
extension ChildNameCache {
    /// See ``lookupByPlace(_:under:ordinal:)``.
    @inline(__always)
    func lookupByPlace(_ name: ExpatName, under parent: Int, ordinal: Int) -> Answer? {
        lookupByPlace(name.cString, under: parent, ordinal: ordinal)
    }

    /// See ``lookupByName(_:under:ordinal:)``.
    @inline(__always)
    func lookupByName(_ name: ExpatName, under parent: Int, ordinal: Int) -> Answer? {
        lookupByName(name.cString, under: parent, ordinal: ordinal)
    }

    /// See ``remember(_:length:as:under:ordinal:)``.
    @inline(__always)
    mutating func remember(_ name: ExpatName, length: Int, as answer: Answer, under parent: Int, ordinal: Int) {
        remember(name.cString, length: length, as: answer, under: parent, ordinal: ordinal)
    }
}
