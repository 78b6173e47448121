import Foundation
import Testing

@testable import XMLBind

/// Errors in a stream: found all, thrown at the end with origins and source lines, and
/// no object handed out after the first one.
@Suite("Streaming: diagnostics")
struct StreamDiagnosticsTests {
    typealias Item = StreamModel.Item

    static let threeMistakes = """
        <feed>
          <item id="a" price="1"/>
          <item id="b" price="2"/>
          <item id="c" price="cheap"/>
          <item id="d" price="4"/>
          <item id="e" prize="5"/>
        </feed>
        """

    static func expected(file: String) -> String {
        """
        \(file):4:23: error: cannot convert "cheap" to Int for property 'price' of <item>: not an integer
            4 |   <item id="c" price="cheap"/>
              |                       ^
        \(file):6:16: error: unknown attribute 'prize' on <item>; did you mean 'price'?
            6 |   <item id="e" prize="5"/>
              |                ^~~~~
              |                price
        """
    }

    @Test(arguments: StreamInput.allCases)
    func everyErrorIsThrownAtTheEndAndNoObjectFollowsTheFirst(_ input: StreamInput) async throws {
        var items: [Item] = []
        let error = await #expect(throws: XMLBindError.self) {
            try await input.stream(Self.threeMistakes, as: Item.self, into: &items)
        }
        #expect(items.map(\.id) == ["a", "b"])
        let file = input == .file ? (error?.origin?.file ?? "?") : "feed.xml"
        #expect(error?.description == Self.expected(file: file))
    }

    @Test(arguments: [StreamInput.data, .fileHandle, .objectsOfChunks])
    func stoppingAtTheFirstErrorReportsOnlyIt(_ input: StreamInput) async throws {
        var binder = StreamModel.binder
        binder.options = ParseOptions(stopsAtFirstError: true)
        var items: [Item] = []
        let error = await #expect(throws: XMLBindError.self) {
            try await input.stream(Self.threeMistakes, as: Item.self, binder: binder, into: &items)
        }
        #expect(items.map(\.id) == ["a", "b"])
        #expect(error?.diagnostics.map(\.code) == [.conversionFailed])
    }

    @Test func anErrorBeforeAnyItemWithholdsThemAll() async throws {
        let document = "<feed colour=\"red\">\n" + StreamModel.document(items: 3).dropFirst("<feed>\n".count)
        var items: [Item] = []
        let error = await #expect(throws: XMLBindError.self) {
            try await StreamInput.asyncData.stream(document, as: Item.self, into: &items)
        }
        #expect(items.isEmpty)
        #expect(
            error?.description == """
                feed.xml:1:7: error: unknown attribute 'colour' on <feed>
                    1 | <feed colour="red">
                      |       ^
                """)
    }

    /// A document of about 1.3 MB with a problem at its start that is only found at its
    /// end (a missing required `id` of an enormous item), one in the middle and
    /// malformed XML at the end: far more than the window of recent input keeps.
    static let large: String = {
        let parts = (1...40_000).map { #"    <part name="n\#($0)"/>"# }.joined(separator: "\n")
        let items = (1...2_000).map { #"  <item id="i\#($0)" price="\#($0 == 1_000 ? "x" : "1")"/>"# }
        return "<feed>\n  <item price=\"0\">\n" + parts + "\n  </item>\n" + items.joined(separator: "\n")
            + "\n  <item id=\"last\"></itm>\n</feed>\n"
    }()

    static let requiringBinder = XMLBinder().registeredAtSetup(
        mapping(StreamModel.Feed.self, element: "feed").children(\.items),
        mapping(Item.self, element: "item").attribute(\.id).required().property(\.price).children(\.parts),
        mapping(StreamModel.Part.self, element: "part").attribute(\.name)
    )

    @Test(arguments: [StreamInput.fileHandle, .asyncData, .objectsOfChunks, .asyncBytes])
    func excerptsFromTheWindowMatchAWholeDocumentParse(_ input: StreamInput) async throws {
        let whole = bindError {
            _ = try Self.requiringBinder.parse(Self.large, as: StreamModel.Feed.self, file: "feed.xml")
        }
        let streamed = await #expect(throws: XMLBindError.self) {
            _ = try await input.stream(Self.large, as: Item.self, binder: Self.requiringBinder, chunkSize: 10_000)
        }
        // The same diagnostics, except that a stream whose start has left the window can
        // no longer tell which element the mismatched end tag should have closed (nor
        // offer to correct its name).
        #expect(streamed?.diagnostics.dropLast() == whole?.diagnostics.dropLast())
        #expect(
            whole?.diagnostics.last?.description == """
                feed.xml:42004:21: error: mismatched end tag: expected </item> to close <item>, found </itm>
                42004 |   <item id="last"></itm>
                      |                     ^~~
                      |                     item
                feed.xml:42004:3: note: <item> opened here
                42004 |   <item id="last"></itm>
                      |   ^
                """)
        #expect(
            streamed?.description == """
                feed.xml:2:3: error: <item> is missing required property 'id' (attribute 'id')
                    2 |   <item price="0">
                      |   ^
                feed.xml:41003:27: error: cannot convert "x" to Int for property 'price' of <item>: not an integer
                41003 |   <item id="i1000" price="x"/>
                      |                           ^
                feed.xml:42004:21: error: mismatched end tag </itm>: it does not close the innermost open element
                42004 |   <item id="last"></itm>
                      |                     ^
                """)
    }

    @Test func aNoteWhoseSourceHasLeftTheWindowHasNoPlace() async throws {
        let parts = (1...30_000).map { #"  <part name="n\#($0)"/>"# }.joined(separator: "\n")
        let document = "<feed><item id=\"a\">\n  <price>1</price>\n" + parts + "\n  <price>2</price>\n</item></feed>\n"
        let streamed = await #expect(throws: XMLBindError.self) {
            _ = try await StreamInput.asyncData.stream(document, as: Item.self, chunkSize: 10_000)
        }
        #expect(
            streamed?.description == """
                feed.xml:30003:3: error: property 'price' of <item> is given more than once
                30003 |   <price>2</price>
                      |   ^
                note: first given here
                """)
        // Read again, the file shows where.
        let whole = bindError {
            _ = try StreamModel.binder.parse(document, as: StreamModel.Feed.self, file: "feed.xml")
        }
        #expect(whole?.diagnostics.first?.notes.first?.origin == Origin(file: "feed.xml", line: 2, column: 3))
    }
}
