import Foundation
import Testing

@testable import XMLBind

/// `AttributeNameCache` remembers attribute names by the address expat hands them over at;
/// the attributes it matches must bind exactly as the attribute table's byte compare (and
/// the general lookup) bind them, whatever the order, subset and namespace of a tag's
/// attributes, and however the document reaches expat.
@Suite struct AttributeNameCacheTests {
    private static let setters = (0..<8).map { _ in SetterSlot(set: { _, _, _ in }) }

    @Test func remembersNamesInTheOrderFirstSeen() {
        let table = PlainAttributeTable(
            [("id", 0, true), ("kind", 1, true), ("size", 2, true)], setters: Self.setters)
        defer { table.deallocate() }
        let cache = AttributeNameCache(tables: [PlainAttributeTable(), table])
        defer { cache.deallocate() }
        // Names at addresses of their own that stay put, as expat's interned names do.
        let names = ["kind", "id", "size", "other"].map { name in name.withCString { strdup($0)! } }
        defer { names.forEach { free($0) } }
        func lookUp(_ name: UnsafeMutablePointer<CChar>, in slots: inout AttributeNameCache.Slots) -> Int? {
            slots.entry(for: ExpatName(name)).map { Int($0.pointee.property) }
        }
        var first = cache.slots(of: 1)
        for name in names { #expect(lookUp(name, in: &first) == nil, "nothing remembered yet") }
        for name in names.prefix(3) {
            guard let entry = table.entry(named: ExpatName(name)) else {
                Issue.record("the table answers for \(String(cString: name))")
                continue
            }
            first.remember(ExpatName(name), as: entry)
        }
        // Only the unchecked layer remembers; SafeMode always asks the table.
        let remembers = !UncheckedLayer.isSafeMode
        let properties = [names[0]: 1, names[1]: 0, names[2]: 2]
        // Tags with the names in the order first seen, in others, repeated, and with an
        // unknown one between them: each name finds its own entry, the unknown none.
        let orders = [[0, 1, 2], [2, 1, 0], [1, 3, 0, 2], [0, 0, 2, 2], [3, 2, 3, 1]]
        for order in orders {
            var slots = cache.slots(of: 1)
            for position in order {
                let expected = remembers ? properties[names[position]] : nil
                #expect(lookUp(names[position], in: &slots) == expected, "\(order), name \(position)")
            }
        }
        // Equal bytes at another address are not remembered (the table decides).
        let copy = strdup("kind")!
        defer { free(copy) }
        var slots = cache.slots(of: 1)
        #expect(lookUp(copy, in: &slots) == nil)
        // A mapping without a table has no slots.
        var none = cache.slots(of: 0)
        #expect(lookUp(names[0], in: &none) == nil)
    }

    @Test func aFullMappingRemembersNoMore() {
        let table = PlainAttributeTable([("a", 0, true)], setters: Self.setters)
        defer { table.deallocate() }
        let cache = AttributeNameCache(tables: [table])
        defer { cache.deallocate() }
        let first = strdup("a")!
        let second = strdup("a")!
        defer {
            free(first)
            free(second)
        }
        guard let entry = table.entry(named: ExpatName(first)) else {
            Issue.record("the table answers for 'a'")
            return
        }
        var slots = cache.slots(of: 0)
        slots.remember(ExpatName(first), as: entry)
        slots.remember(ExpatName(second), as: entry)
        var again = cache.slots(of: 0)
        #expect((again.entry(for: ExpatName(first)) != nil) == !UncheckedLayer.isSafeMode)
        #expect(again.entry(for: ExpatName(second)) == nil)
    }

    // MARK: Whole documents

    final class Entry: Bindable, Equatable {
        var id: String?
        var kind: String?
        var size = 0
        var on = false
        var tagged: String?
        init() {}

        static func == (left: Entry, right: Entry) -> Bool {
            (left.id, left.kind, left.size, left.on, left.tagged)
                == (right.id, right.kind, right.size, right.on, right.tagged)
        }
    }

    final class Holder: Bindable {
        var id: String?
        var entries: [Entry] = []
        init() {}
    }

    static func binder(_ options: ParseOptions) -> XMLBinder {
        XMLBinder(options: options, prefixes: ["u": "urn:u"]).registeredAtSetup(
            mapping(Holder.self, element: "holder").attribute(\.id).children(\.entries),
            mapping(Entry.self, element: "entry")
                .attribute(\.id).attribute(\.kind).attribute(\.size).attribute(\.on)
                .attribute(\.tagged, xml: "u:kind"))
    }

    /// Entries with their attributes in a shuffled order, some left out, some in a
    /// namespace (`u:kind`, `u:id`: the same local names as plain ones), some unknown; and
    /// the objects they stand for.
    static func document(count: Int) -> (text: String, expected: [Entry]) {
        var random = UInt64(0x5EED)
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var text = "<holder id='h' xmlns:u='urn:u' xmlns:w='urn:w'>\n"
        var expected: [Entry] = []
        for index in 0..<count {
            let entry = Entry()
            var attributes: [String] = []
            if next(4) > 0 {
                entry.id = "e\(index)"
                attributes.append("id='e\(index)'")
            }
            if next(3) > 0 {
                entry.kind = ["plain", "a long kind that no short string holds", "k\(index % 7)"][next(3)]
                attributes.append("kind='\(entry.kind ?? "")'")
            }
            if next(2) > 0 {
                entry.size = next(1000)
                attributes.append("size='\(entry.size)'")
            }
            if next(2) > 0 {
                entry.on = next(2) == 1
                attributes.append("on='\(entry.on)'")
            }
            if next(3) == 0 {
                entry.tagged = "t\(index)"
                attributes.append("u:kind='t\(index)'")
            }
            // Unknown here: in lenient mode a warning, and nothing bound.
            if next(5) == 0 { attributes.append(["w:id='x'", "w:kind='y'", "extra='z'"][next(3)]) }
            for position in attributes.indices.reversed() {
                attributes.swapAt(position, next(position + 1))
            }
            text += "  <entry \(attributes.joined(separator: " "))/>\n"
            expected.append(entry)
        }
        return (text + "</holder>\n", expected)
    }

    @Test func documentsBindAsTheGeneralLookupBindsThem() throws {
        let (text, expected) = Self.document(count: 3_000)
        let data = Data(text.utf8)
        let lenient = ParseOptions(mode: .lenient)
        let whole = try Self.binder(lenient).parse(data, as: Holder.self)
        #expect(whole.id == "h")
        #expect(whole.entries == expected)
        // Substitution turns the attribute table (and the name cache) off: the general way.
        let general = try Self.binder(
            ParseOptions(mode: .lenient, substitution: VariableSubstitution(variables: [:]))
        ).parse(data, as: Holder.self)
        #expect(general.entries == expected)
        // A file read in 64 KiB pieces: expat's buffers move, its interned names do not.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("attribute-names-\(getpid()).xml")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let pieces = try Self.binder(ParseOptions(mode: .lenient, chunkSize: 64 << 10, wholeFileLimit: 0))
            .parse(contentsOf: url, as: Holder.self)
        #expect(pieces.entries == expected)
        var streamed: [Entry] = []
        try Self.binder(lenient).stream(contentsOf: url, as: Entry.self) { entry in
            streamed.append(entry)
            return .continue
        }
        #expect(streamed == expected)
    }

    @Test func aNamespacedTwinOfAPlainNameStaysUnknown() throws {
        // `u:kind` binds `tagged`, `w:kind` is unknown: neither is taken for `kind`, before or
        // after `kind` itself was seen and remembered.
        let text = """
            <holder xmlns:u='urn:u' xmlns:w='urn:w'>\
            <entry u:kind='a'/><entry kind='b' u:kind='c'/><entry u:kind='d' kind='e'/><entry w:kind='f'/>\
            </holder>
            """
        let holder = try Self.binder(ParseOptions(mode: .lenient)).parse(text, as: Holder.self)
        #expect(holder.entries.map(\.kind) == [nil, "b", "e", nil])
        #expect(holder.entries.map(\.tagged) == ["a", "c", "d", nil])
        // In strict mode, an error at the twin, after the plain name was remembered.
        let error = bindError { _ = try Self.binder(ParseOptions()).parse(text, as: Holder.self) }
        #expect(error?.message == "unknown attribute 'w:kind' on <entry>; did you mean 'kind'?")
    }
}
