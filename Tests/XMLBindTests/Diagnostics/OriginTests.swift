import Foundation
import Testing

@testable import XMLBind

@Suite("OriginAware: line and column of each element")
struct OriginTests {
    struct Root: Bindable, OriginAware {
        var origin: Origin?
        var items: [Item] = []
        init() {}
    }
    final class Item: Bindable, OriginAware {
        var origin: Origin?
        var name: String?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Root.self, element: "root").children(\.items),
        mapping(Item.self, element: "item").property(\.name)
    )

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]
        /// (line, column) of the root, then of each item.
        let expected: [[Int]]

        init(_ name: String, _ text: String, _ expected: [[Int]]) {
            self.init(name, bytes: Array(text.utf8), expected)
        }

        init(_ name: String, bytes: [UInt8], _ expected: [[Int]]) {
            self.testDescription = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("indented lines", "<root>\n  <item/>\n    <item/>\n</root>", [[1, 1], [2, 3], [3, 5]]),
        Case(
            "several on one line", "<root><item/> <item name='x'/><item/></root>",
            [[1, 1], [1, 7], [1, 15], [1, 31]]),
        Case(
            "tabs count as one column", "<root>\n\t<item/>\t<item/>\n\t\t<item/></root>",
            [[1, 1], [2, 2], [2, 10], [3, 3]]),
        Case(
            "multi-byte characters count as one column",
            "<root>\n<!-- é€😀 --><item name='ü😀'/><item/>\n</root>", [[1, 1], [2, 13], [2, 30]]),
        Case("CRLF line endings", "<root>\r\n  <item/>\r\n<item/>\r\n</root>", [[1, 1], [2, 3], [3, 1]]),
        Case("CR line endings", "<root>\r  <item/>\r<item/>\r</root>", [[1, 1], [2, 3], [3, 1]]),
        Case(
            "UTF-8 byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("<root><item/>\n <item/></root>".utf8),
            [[1, 1], [1, 7], [2, 2]]),
        Case(
            "XML declaration, DOCTYPE and comments before the root",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE root>\n<!-- c -->  <root>\n<item/></root>",
            [[3, 13], [4, 1]]),
        Case(
            "multi-line start tags", "<root\n  >\n  <item\n    name='a'\n  /><item/></root>",
            [[1, 1], [3, 3], [5, 5]]),
    ]

    @Test(arguments: cases)
    func originsPointAtTheStartTag(_ test: Case) throws {
        let root = try Self.binder.parse(Data(test.bytes), as: Root.self, file: "t.xml")
        let found = [root.origin] + root.items.map(\.origin)
        let expected = test.expected.map { Origin(file: "t.xml", line: $0[0], column: $0[1]) }
        #expect(found == expected)
    }

    @Test(arguments: cases)
    func diagnosticsCountColumnsAsOriginsDo(_ test: Case) throws {
        // The same documents, with <item> unknown: the error must point where the
        // first item's origin does.
        let rootOnly = XMLBinder().registeredAtSetup(mapping(Root.self, element: "root"))
        let error = bindError { _ = try rootOnly.parse(Data(test.bytes), as: Root.self, file: "t.xml") }
        let first = test.expected[1]
        #expect(error?.origin == Origin(file: "t.xml", line: first[0], column: first[1]))
    }

    @Test func originsFromStringInput() throws {
        let root = try Self.binder.parse("\u{FEFF}<root>\n\t<item/></root>", as: Root.self, file: "s.xml")
        #expect(root.origin == Origin(file: "s.xml", line: 1, column: 1))
        #expect(root.items.first?.origin == Origin(file: "s.xml", line: 2, column: 2))
    }

    @Test func originsWithoutAFileName() throws {
        let root = try Self.binder.parse("<root>\n <item/></root>", as: Root.self)
        #expect(root.origin == Origin(line: 1, column: 1))
        #expect(root.items.first?.origin == Origin(file: nil, line: 2, column: 2))
        #expect(root.items.first?.origin?.description == "<input>:2:2")
    }

    @Test func originsOfUTF16Documents() throws {
        // expat counts UTF-16 columns in characters too.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<root>\n  <item name='😀'/><item/></root>".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let root = try Self.binder.parse(Data(bytes), as: Root.self, file: "u16.xml")
        #expect(root.origin == Origin(file: "u16.xml", line: 1, column: 1))
        #expect(
            root.items.map(\.origin) == [
                Origin(file: "u16.xml", line: 2, column: 3), Origin(file: "u16.xml", line: 2, column: 19),
            ])
        #expect(root.items.first?.name == "😀")
    }
}
