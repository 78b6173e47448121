import Testing

@testable import XMLBind

/// `PlainAttributeTable` matches attribute names by length and two overlapping words;
/// it must find exactly the declared names, whatever their length.
@Suite struct PlainAttributeTableTests {
    private static let setters = (0..<40).map { _ in SetterSlot(set: { _, _, _ in }) }

    private func property(_ table: PlainAttributeTable, _ name: String) -> Int? {
        Array(name.utf8).withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { table.entry(named: $0, length: buffer.count) }
                .map { Int($0.pointee.property) }
        }
    }

    @Test func everyLengthMatchesOnlyItsName() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        let names = (1...PlainAttributeTable.longestName).map { String(alphabet[0..<$0]) }
        let table = PlainAttributeTable(
            names.enumerated().prefix(PlainAttributeTable.capacity).map { ($0.element, $0.offset, true) },
            setters: Self.setters)
        defer { table.deallocate() }
        for (index, name) in names.enumerated() {
            #expect(property(table, name) == index, "'\(name)'")
            // One byte changed anywhere, one byte more or one less: not this name.
            for position in name.indices {
                var changed = Array(name)
                changed[name.distance(from: name.startIndex, to: position)] = "Z"
                #expect(property(table, String(changed)) == nil, "'\(String(changed))'")
            }
            #expect(property(table, name + "z") == nil)
            #expect(property(table, "Z" + name.dropFirst()) == nil)
        }
        #expect(property(table, String(repeating: "a", count: PlainAttributeTable.longestName + 1)) == nil)
    }

    @Test func theFirstDeclarationOfANameDecides() {
        // `id` is declared first in a namespace: the general lookup must decide, so no
        // entry; `name` is declared twice without one: the first wins.
        let table = PlainAttributeTable(
            [("id", 0, false), ("id", 1, true), ("name", 2, true), ("name", 3, true)], setters: Self.setters)
        defer { table.deallocate() }
        #expect(property(table, "id") == nil)
        #expect(property(table, "name") == 2)
    }

    @Test func tooManyNamesLeaveTheTableEmpty() {
        let names = (0...PlainAttributeTable.capacity).map { ("a\($0)", $0, true) }
        let table = PlainAttributeTable(names, setters: Self.setters)
        defer { table.deallocate() }
        #expect(property(table, "a0") == nil)
        let fitting = PlainAttributeTable(Array(names.dropLast()), setters: Self.setters)
        defer { fitting.deallocate() }
        #expect(property(fitting, "a0") == 0)
    }

    @Test func expandedNamesNeverMatchALocalName() {
        let table = PlainAttributeTable([("local", 0, true)], setters: Self.setters)
        defer { table.deallocate() }
        #expect(property(table, "urn:x\u{1}local") == nil)
        #expect(property(table, "local") == 0)
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false), (" true", true), ("false\n", false),
        ("\ttrue ", true),
    ])
    func booleanAttributesReadAsTheirConversionReadsThem(text: String, expected: Bool) throws {
        final class Flags: Bindable {
            var on = false
            var off = true
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(mapping(Flags.self, element: "f").attribute(\.on).attribute(\.off))
        let flags = try binder.parse("<f on='\(text)' off='\(text)'/>", as: Flags.self)
        #expect(flags.on == expected)
        #expect(flags.off == expected)
    }

    @Test(arguments: ["TRUE", "yes", "", "10", "tru", "falsy", "truex"])
    func otherBooleanTextIsAnError(text: String) {
        final class Flag: Bindable {
            var on = false
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(mapping(Flag.self, element: "f").attribute(\.on))
        let error = #expect(throws: XMLBindError.self) { _ = try binder.parse("<f on='\(text)'/>", as: Flag.self) }
        #expect(error?.diagnostics.first?.code == .conversionFailed)
    }

    @Test func plainBooleanBytesAreExactlyTheFourSpellings() {
        func read(_ text: String) -> Bool? {
            Array(text.utf8).withUnsafeBufferPointer(PlainAttributeTable.plainBool)
        }
        #expect(read("true") == true)
        #expect(read("false") == false)
        #expect(read("1") == true)
        #expect(read("0") == false)
        for other in ["", " ", "t", "2", "True", "fals", "falsE", "ture", " true", "true ", "00"] {
            #expect(read(other) == nil, "'\(other)'")
        }
    }

    @Test func propertiesAfterTheSixtyFourthBind() throws {
        final class Wide: Bindable {
            var first: String?
            var value: String?
            var late: String?
            init() {}
        }
        var definition = mapping(Wide.self, element: "w").attribute(\.first, xml: "first")
        for index in 0..<64 { definition = definition.element(\.value, xml: "e\(index)") }
        definition = definition.attribute(\.late, xml: "late")  // property 65
        let binder = XMLBinder().registeredAtSetup(definition)
        let wide = try binder.parse("<w late='l' first='f'><e63>v</e63></w>", as: Wide.self)
        #expect(wide.first == "f")
        #expect(wide.late == "l")
        #expect(wide.value == "v")
    }

    @Test func anUnqualifiedDeclarationBeforeANamespacedOneKeepsThemApart() throws {
        struct Item: Bindable {
            var plain: String?
            var qualified: String?
            init() {}
        }
        // The reverse order is NamespaceTests' `xsi:type` case.
        let binder = XMLBinder(prefixes: ["q": "urn:q"]).registeredAtSetup(
            mapping(Item.self, element: "item").attribute(\.plain, xml: "code").attribute(\.qualified, xml: "q:code"))
        let item = try binder.parse("<item xmlns:n='urn:q' n:code='Q' code='P'/>", as: Item.self)
        #expect(item.plain == "P")
        #expect(item.qualified == "Q")
        let reversed = try binder.parse("<item code='P' xmlns:n='urn:q' n:code='Q'/>", as: Item.self)
        #expect(reversed.plain == "P")
        #expect(reversed.qualified == "Q")
    }
}
