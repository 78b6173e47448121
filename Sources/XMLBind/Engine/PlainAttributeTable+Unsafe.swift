// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - The entries are allocated once by `init(_:)`, never changed afterwards, and freed once
//   by `deallocate()` when the owning `ElementBinding` goes (no parse outlives its binder).
// - `entry(named:length:)` reads at most two words from a name of at most `longestName`
//   bytes that expat delivered NUL-terminated; reads past `length` stay within the name's
//   bytes or its NUL because the length is checked first.
// - Entry offsets are `FieldTable` offsets of `String`, `String?` or `Bool` fields.

/// A mapping's attributes in no namespace, matched on the name bytes expat hands over,
/// with what storing each needs: the hot path of binding an attribute in one table.
///
/// Almost every attribute in a document is one a mapping declares without a namespace
/// (`id`, `class`, `name`). expat gives such a name as NUL-terminated bytes with no
/// namespace part. The table compares its length and at most two words of its bytes with
/// each entry: no split, no hashing, no byte loop. Each entry also carries the property's
/// plain-text field (see ``SetterSlot/textOffset``), so a plain `String` property is stored
/// without consulting the binding's arrays.
///
/// An entry exists for a local name when the first property declared with it takes
/// attributes in no namespace, which is the property the general lookup
/// (``ElementBinding/attributeProperty(local:uri:prefix:)``) finds for that name. Names
/// longer than ``longestName`` bytes, properties after the 64th, and mappings with more
/// than ``capacity`` such names, are left to the general lookup.
///
/// The entries live in memory of their own, freed by ``deallocate()`` when the owning
/// binding goes; the table is immutable in between, so parses share it freely.
struct PlainAttributeTable: @unchecked Sendable {
    static let capacity = 16
    static let longestName = 16

    struct Entry {
        /// The name's bytes as ``PlainAttributeTable/words(_:count:)`` reads them.
        var head: UInt64
        var tail: UInt64
        var length: Int32
        var property: Int32
        /// The property's plain-text field offset, or -1 when it needs its conversion.
        var textOffset: Int32
        var textIsOptional: Bool
        /// The property's `Bool` field offset (see ``SetterSlot/boolOffset``), or -1.
        var boolOffset: Int32
        /// The property's bit in an object's assigned properties (`PropertySet`).
        var bit: UInt64
    }

    private let entries: UnsafeMutablePointer<Entry>?
    private let count: Int

    /// An empty table: every attribute goes the general way.
    init() {
        self.init(entries: nil, count: 0)
    }

    private init(entries: UnsafeMutablePointer<Entry>?, count: Int) {
        self.entries = entries
        self.count = count
    }

    /// - Parameters:
    ///   - names: Each attribute property's local name, index and whether it matches an
    ///     attribute in no namespace, in declaration order.
    ///   - setters: The binding's setters, for plain-text fields.
    init(_ names: [(local: String, property: Int, matchesUnqualified: Bool)], setters: [SetterSlot]) {
        var chosen: [Entry] = []
        for (position, name) in names.enumerated()
        where !names[..<position].contains(where: { $0.local == name.local }) {
            let bytes = Array(name.local.utf8)
            guard name.matchesUnqualified, !bytes.isEmpty, bytes.count <= Self.longestName,
                !bytes.contains(CompiledRegistry.separator)
            else { continue }
            let setter = setters[name.property]
            // The table answers for the first 64 properties (one word of `PropertySet`).
            guard name.property < 64, let property = Int32(exactly: name.property),
                // Trimmed text goes the conversion's way (`store` trims it).
                let textOffset = Int32(exactly: setter.textTrims ? -1 : setter.textOffset),
                let boolOffset = Int32(exactly: setter.boolOffset),
                let (head, tail) = bytes.withUnsafeBufferPointer({ buffer in
                    buffer.baseAddress.map { Self.words($0, count: buffer.count) }
                })
            else { continue }
            chosen.append(
                Entry(
                    head: head, tail: tail, length: Int32(bytes.count), property: property,
                    textOffset: textOffset, textIsOptional: setter.textIsOptional, boolOffset: boolOffset,
                    bit: 1 << UInt64(name.property)))
        }
        guard !chosen.isEmpty, chosen.count <= Self.capacity else {
            self.init()
            return
        }
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: chosen.count)
        entries.initialize(from: chosen, count: chosen.count)
        self.init(entries: entries, count: chosen.count)
    }

    /// How many names the table answers for.
    var entryCount: Int { count }

    /// Frees the entries; called once, by the binding that owns the table.
    func deallocate() {
        entries?.deallocate()
    }

    /// The entry for an attribute name expat lent (see ``entry(named:length:)``).
    @inline(__always)
    func entry(named name: ExpatName) -> ValueSlot<Entry>? {
        entry(named: name.start, length: name.length).map(ValueSlot.init)
    }

    /// The entry for an attribute name given as expat's bytes (`length` of them, before
    /// the NUL), or `nil` when the general lookup must decide.
    @inline(__always)
    func entry(named name: UnsafePointer<UInt8>, length: Int) -> UnsafeMutablePointer<Entry>? {
        guard let entries, length <= Self.longestName else { return nil }
        let (head, tail) = Self.words(name, count: length)
        let length = Int32(truncatingIfNeeded: length)
        var index = 0
        while index < count {
            let entry = entries + index
            if entry.pointee.length == length, entry.pointee.head == head, entry.pointee.tail == tail {
                return entry
            }
            index &+= 1
        }
        return nil
    }

    /// The bytes `true` and `fals` as one little-endian word each.
    private static let trueWord = UInt32(littleEndian: 0x6575_7274)
    private static let falseWord = UInt32(littleEndian: 0x736C_6166)

    /// `true`, `false`, `1` or `0` exactly, as `Bool`'s own conversion reads them; `nil`
    /// for anything else (whitespace, or an error to report), which the conversion decides.
    @inline(__always)
    static func plainBool(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let start = text.baseAddress else { return nil }
        switch text.count {
        case 1:
            return start[0] == UInt8(ascii: "1") ? true : start[0] == UInt8(ascii: "0") ? false : nil
        case 4:
            let word = UnsafeRawPointer(start).loadUnaligned(as: UInt32.self)
            return word == Self.trueWord ? true : nil
        case 5:
            let word = UnsafeRawPointer(start).loadUnaligned(as: UInt32.self)
            return word == Self.falseWord && start[4] == UInt8(ascii: "e") ? false : nil
        default:
            return nil
        }
    }

    /// Up to 16 bytes as two words, read without going past the last byte: overlapping
    /// loads from each end. Two names of the same length are equal exactly when their
    /// words are.
    @inline(__always)
    static func words(_ bytes: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(bytes)
        if count >= 8 {
            return (
                raw.loadUnaligned(as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            )
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return (low | high << 32, 0)
        }
        if count >= 2 {
            let low = UInt64(raw.loadUnaligned(as: UInt16.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self))
            return (low | high << 16, 0)
        }
        return (count == 1 ? UInt64(bytes[0]) : 0, 0)
    }
}
