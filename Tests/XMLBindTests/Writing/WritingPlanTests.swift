import Foundation
import Testing

@testable import XMLBind

/// The namespace plan when the planning walk leaves objects out: only objects that the
/// registry proves can add no names are skipped, and a subclass written as a binding of
/// its own (the one way around that proof) makes the serializer plan the whole document.
/// Every case is checked against the whole walk, byte for byte.
@Suite("Writing: the namespace plan of objects the planning walk leaves out")
struct WritingPlanTests {
    class Item: Bindable {
        var key: String?
        required init() {}
    }
    final class SpecialItem: Item {}
    final class Holder: Bindable {
        var items: [Item] = []
        var others: [Other] = []
        init() {}
    }
    final class Other: Bindable {
        var key: String?
        var nested: Holder?
        init() {}
    }

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    static func item(_ key: String, special: Bool = false) -> Item {
        let item = special ? SpecialItem() : Item()
        item.key = key
        return item
    }

    static func other(_ key: String, nested: Holder? = nil) -> Other {
        let other = Other()
        other.key = key
        other.nested = nested
        return other
    }

    /// The document as the serializer writes it, with or without skipping objects, and
    /// whether it skipped some and kept the plan it made so (else it planned again, whole).
    static func serialized(_ root: Any, by binder: XMLBinder, skipping: Bool) throws -> (
        text: String, skipped: Bool
    ) {
        var serializer = Serializer(
            registry: binder.registry, options: compact, prefixes: binder.prefixes,
            writer: XMLWriter(flushThreshold: 1 << 30))
        serializer.skipsKnownObjects = skipping
        try serializer.writeDocument(root)
        return (serializer.writer.storage?.takeString() ?? "", serializer.skippedObjects)
    }

    static func written(_ root: Any, by binder: XMLBinder, skipping: Bool) throws -> String {
        try serialized(root, by: binder, skipping: skipping).text
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Holder.self, element: "holder", namespace: "urn:h").children(\.items).children(\.others),
        mapping(Item.self, element: "item", namespace: "urn:i").attribute(\.key),
        mapping(SpecialItem.self, element: "special", namespace: "urn:s").attribute(\.key),
        mapping(Other.self, element: "other", namespace: "urn:o").attribute(\.key).child(\.nested))

    /// Many objects of each binding, the second binding met only after the first's run.
    @Test func skippedObjectsGiveTheSamePlan() throws {
        let holder = Holder()
        holder.items = (0..<50).map { Self.item("i\($0)") }
        holder.others = (0..<50).map { Self.other("o\($0)") }
        let (skipping, skipped) = try Self.serialized(holder, by: Self.binder, skipping: true)
        // The proof rests on the declared slot types, not on how children are read, so
        // SafeMode (no field offsets, children read through key paths) skips as well.
        #expect(skipped)
        #expect(skipping == (try Self.written(holder, by: Self.binder, skipping: false)))
        #expect(
            skipping.hasPrefix(
                #"<holder xmlns="urn:h" xmlns:ns1="urn:i" xmlns:ns2="urn:o"><ns1:item key="i0"/><ns1:item key="i1"/>"#))
    }

    /// A binding met only deep inside an object of a binding already met.
    @Test func aBindingFirstMetDeepInside() throws {
        let inner = Holder()
        inner.items = [Self.item("deep")]
        let holder = Holder()
        holder.others = [Self.other("a"), Self.other("b"), Self.other("c", nested: inner)]
        let skipping = try Self.written(holder, by: Self.binder, skipping: true)
        #expect(skipping == (try Self.written(holder, by: Self.binder, skipping: false)))
        #expect(skipping.contains(#"xmlns:ns2="urn:i""#))
    }

    /// A subclass in a field of its base class, registered for an element of its own in a
    /// namespace nothing else uses: the plan that skipped it is found incomplete while
    /// writing, and the document is planned and written again.
    @Test func aSubclassWrittenAsItsOwnBinding() throws {
        let holder = Holder()
        holder.items = [Self.item("a"), Self.item("b"), Self.item("c", special: true)]
        let (skipping, skipped) = try Self.serialized(holder, by: Self.binder, skipping: true)
        // Written again after the whole walk.
        #expect(!skipped)
        #expect(skipping == (try Self.written(holder, by: Self.binder, skipping: false)))
        #expect(
            skipping
                == #"<holder xmlns="urn:h" xmlns:ns1="urn:i" xmlns:ns2="urn:s"><ns1:item key="a"/><ns1:item key="b"/>"#
                + #"<ns2:special key="c"/></holder>"#)
        let read = try Self.binder.parse(skipping, as: Holder.self)
        #expect(read.items.map { $0 is SpecialItem } == [false, false, true])
        #expect(read.items.map(\.key) == ["a", "b", "c"])
    }

    /// Written through the binder (in memory, where skipping is on), the same bytes.
    @Test func theBinderWritesTheSameDocument() throws {
        let holder = Holder()
        holder.items = [Self.item("a"), Self.item("b", special: true)]
        holder.others = [Self.other("x")]
        let data = try Self.binder.xmlData(from: holder, options: Self.compact)
        #expect(String(decoding: data, as: UTF8.self) == (try Self.written(holder, by: Self.binder, skipping: false)))
    }
}

/// XML 1.0's character rule, which the writer, SOAP and XML-RPC share.
@Suite("XMLCharacterRule")
struct XMLCharacterRuleTests {
    @Test(arguments: [
        (UInt32(0x09), true), (0x0A, true), (0x0D, true), (0x20, true), (0x00, false), (0x07, false), (0x1F, false),
        (0xD7FF, true), (0xE000, true), (0xFFFD, true), (0xFFFE, false), (0xFFFF, false), (0x10000, true),
        (0x10FFFF, true),
    ])
    func codePoints(_ codePoint: UInt32, _ allowed: Bool) {
        #expect(XMLCharacterRule.allows(codePoint: codePoint) == allowed)
        if let scalar = Unicode.Scalar(codePoint) { #expect(XMLCharacterRule.allows(scalar) == allowed) }
    }

    @Test func replacing() {
        let text = "a\u{07}b\u{FFFE}c\t\u{FFFF}"
        #expect(XMLCharacterRule.replacingDisallowed(in: text, with: "\u{FFFD}") == "a\u{FFFD}b\u{FFFD}c\t\u{FFFD}")
        #expect(XMLCharacterRule.replacingDisallowed(in: text, with: nil) == "abc\t")
        #expect(XMLCharacterRule.replacingDisallowed(in: "plain é", with: nil) == "plain é")
    }

    /// The writer refuses by the same rule, naming the code point.
    @Test(arguments: ["\u{07}", "x\u{FFFE}", "\u{FFFF}y", "ab\u{0}"])
    func theWriterRefuses(_ value: String) {
        var writer = XMLWriter(reservingCapacity: 0)
        let expected = value.unicodeScalars.first { !XMLCharacterRule.allows($0) }?.value
        let inText = #expect(throws: XMLWriter.InvalidCharacter.self) { try writer.text(value) }
        let inAttribute = #expect(throws: XMLWriter.InvalidCharacter.self) { try writer.attribute("a", value) }
        #expect(inText?.scalar == expected)
        #expect(inAttribute?.scalar == expected)
        #expect(writer.count == 0)
    }
}
