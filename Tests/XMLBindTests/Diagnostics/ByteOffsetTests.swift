import Foundation
import Testing
import XMLBind

/// `ByteOffsetAware`: the start tag's byte offset, handed over for free, and turned into the
/// same origin as `OriginAware`'s (or a located diagnostic) only when asked.
@Suite("ByteOffsetAware: origins worked out when needed")
struct ByteOffsetTests {
    /// Both kinds, to compare what each is told.
    final class Item: Bindable, OriginAware, ByteOffsetAware {
        var origin: Origin?
        var byteOffset = -1
        var name: String?
        init() {}
    }

    struct Root: Bindable, OriginAware, ByteOffsetAware {
        var origin: Origin?
        var byteOffset = -1
        var items: [Item] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Root.self, element: "root").children(\.items),
        mapping(Item.self, element: "item").property(\.name))

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]

        init(_ name: String, _ text: String) {
            self.init(name, bytes: Array(text.utf8))
        }

        init(_ name: String, bytes: [UInt8]) {
            self.testDescription = name
            self.bytes = bytes
        }
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            + text.utf16.flatMap { unit in
                bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
    }

    static let cases: [Case] = [
        Case("indented lines", "<root>\n  <item/>\n    <item/>\n</root>"),
        Case("several on one line", "<root><item/> <item name='x'/><item/></root>"),
        Case("tabs", "<root>\n\t<item/>\t<item/>\n\t\t<item/></root>"),
        Case("multi-byte characters", "<root>\n<!-- é€😀 --><item name='ü😀'/><item/>\n</root>"),
        Case("CRLF line endings", "<root>\r\n  <item/>\r\n<item/>\r\n</root>"),
        Case("CR line endings", "<root>\r  <item/>\r<item/>\r</root>"),
        Case("UTF-8 byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("<root><item/>\n <item/></root>".utf8)),
        Case(
            "declaration, DOCTYPE and comments",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE root>\n<!-- c -->  <root>\n<item/></root>"),
        Case("UTF-16 little-endian", bytes: utf16("<root>\n  <item name='😀'/><item/></root>", bigEndian: false)),
        Case("UTF-16 big-endian", bytes: utf16("<root>\n<item/>\n   <item name='é'/></root>", bigEndian: true)),
        Case(
            "ISO-8859-1, read by expat",
            bytes: Array("<?xml version='1.0' encoding='ISO-8859-1'?>\n<root><item name='".utf8) + [0xE9, 0xE8]
                + Array("'/>\n <item/></root>".utf8)),
        Case(
            "ISO-8859-15, converted by a table",
            bytes: Array("<?xml version='1.0' encoding='ISO-8859-15'?>\n<root><item name='".utf8) + [0xA4, 0xE9]
                + Array("'/><item/>\n\t<item/></root>".utf8)),
        Case(
            "Shift_JIS, converted by a table",
            bytes: Array("<?xml version='1.0' encoding='Shift_JIS'?>\n<root><item name='".utf8) + [
                0x93, 0xFA, 0x96, 0x7B,
            ]
                + Array("'/><item/></root>".utf8)),
    ]

    @Test(arguments: cases)
    func anOffsetLocatesAsTheOriginDoes(_ test: Case) throws {
        let data = Data(test.bytes)
        let root = try Self.binder.parse(data, as: Root.self, file: "t.xml")
        let objects: [(origin: Origin?, offset: Int)] =
            [(root.origin, root.byteOffset)] + root.items.map { ($0.origin, $0.byteOffset) }
        #expect(objects.count >= 2)
        for object in objects {
            #expect(object.offset >= 0)
            #expect(Self.binder.origin(ofByteOffset: object.offset, in: data, file: "t.xml") == object.origin)
        }
    }

    @Test func stringInput() throws {
        let text = "\u{FEFF}<?xml version='1.0' encoding='ISO-8859-1'?><root>\n\t<item name='ü'/> <item/></root>"
        let root = try Self.binder.parse(text, as: Root.self, file: "s.xml")
        #expect(root.items.count == 2)
        for item in root.items {
            #expect(Self.binder.origin(ofByteOffset: item.byteOffset, in: text, file: "s.xml") == item.origin)
        }
        #expect(root.items.last?.origin == Origin(file: "s.xml", line: 2, column: 19))
    }

    @Test func offsetsAreTheStartTagsBytes() throws {
        let text = "<root>\n  <item/><item name='é'/></root>"
        let root = try Self.binder.parse(text, as: Root.self)
        #expect(root.byteOffset == 0)
        #expect(root.items.map(\.byteOffset) == [9, 16])
    }

    @Test func anOffsetOutsideTheDocumentHasNoOrigin() {
        let data = Data("<root/>".utf8)
        #expect(Self.binder.origin(ofByteOffset: -1, in: data) == nil)
        #expect(Self.binder.origin(ofByteOffset: 100, in: data) == nil)
        #expect(Self.binder.origin(ofByteOffset: 0, in: data) == Origin(line: 1, column: 1))
    }

    @Test func aDiagnosticAtAnOffsetReadsLikeTheParsesOwn() throws {
        let text = "<root>\n  <item name='a'/>\n  <item/>\n</root>"
        let data = Data(text.utf8)
        let root = try Self.binder.parse(data, as: Root.self, file: "e.xml")
        guard let unnamed = root.items.first(where: { $0.name == nil }) else {
            Issue.record("no unnamed item")
            return
        }
        let diagnostic = Self.binder.diagnostic(
            "an item needs a name", atByteOffset: unnamed.byteOffset, in: data, file: "e.xml")
        #expect(diagnostic.code == .validationFailed)
        #expect(
            XMLBindError(diagnostics: [diagnostic]).description == """
                e.xml:3:3: error: an item needs a name
                    3 |   <item/>
                      |   ^
                """)
        let warning = Self.binder.diagnostic(
            "unnamed", code: .missingValue, severity: .warning, atByteOffset: unnamed.byteOffset, in: text)
        #expect(warning.description.hasPrefix("<input>:3:3: warning: unnamed"))
    }

    @Test func aLongLineIsShownAsAWindowAroundTheOffset() throws {
        let text = "<root>" + String(repeating: "<item name='x'/>", count: 100) + "<item/></root>"
        let root = try Self.binder.parse(text, as: Root.self)
        guard let last = root.items.last else {
            Issue.record("no items")
            return
        }
        let diagnostic = Self.binder.diagnostic("here", atByteOffset: last.byteOffset, in: text)
        #expect(diagnostic.origin == Origin(line: 1, column: 1607))
        #expect((diagnostic.sourceLine?.utf8.count ?? .max) < 300)
    }

    // Types that want only the offset, and a subclass that adds the protocol.

    struct Plain: Bindable, ByteOffsetAware {
        var byteOffset = -1
        var name: String?
        init() {}
    }

    class Base: Bindable {
        var name: String?
        required init() {}
    }

    final class Derived: Base, ByteOffsetAware {
        var byteOffset = -1
    }

    @Test func aStructAndASubclassAreTold() throws {
        let structs = XMLBinder().registeredAtSetup(mapping(Plain.self, element: "plain").attribute(\.name))
        #expect(try structs.parse("\n  <plain name='a'/>", as: Plain.self).byteOffset == 3)
        let subclasses = XMLBinder().registeredAtSetup(mapping(Derived.self, element: "derived").attribute(\.name))
        let derived = try subclasses.parse("<!-- x -->\n<derived name='b'/>", as: Derived.self)
        #expect(derived.byteOffset == 11)
        #expect(derived.name == "b")
    }
}
