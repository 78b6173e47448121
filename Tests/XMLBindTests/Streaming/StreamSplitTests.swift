import Foundation
import Testing

@testable import XMLBind

/// A small document split into two chunks at every byte, and into one-byte chunks, streams
/// exactly what a whole-document parse binds, and reports the same diagnostics.
@Suite("Streaming: chunks split anywhere")
struct StreamSplitTests {
    typealias Item = StreamModel.Item

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>\r
        <feed>\r
          <title>Caf\u{E9} &amp; more</title>\r
          <item id="\u{4E2D}\u{6587}" price="1"><part name="a&lt;b"/><item id="in"/></item>\r
          <item id="x"><price><![CDATA[7]]></price></item>\r
        </feed>\r

        """

    static let broken = """
        <feed>
          <item id="\u{E9}t\u{E9}" price="1"/>
          <item id="b" price="two"/>
          <item id="c"></feed>
        """

    static let splits = Array(0...Array(document.utf8).count)
    static let brokenSplits = Array(0...Array(broken.utf8).count)

    static func halves(_ text: String, at split: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return [Array(bytes[..<split]), Array(bytes[split...])]
    }

    @Test(arguments: splits)
    func objectsAreTheSameSplitAtEveryByte(_ split: Int) async throws {
        let whole = try StreamModel.binder.parse(Self.document, as: StreamModel.Feed.self, file: "feed.xml")
        var streamed: [Item] = []
        try await StreamModel.binder.stream(
            ChunkSequence(chunks: Self.halves(Self.document, at: split)), as: Item.self
        ) {
            streamed.append($0)
            return .continue
        }
        #expect(streamed.map(StreamModel.describe) == whole.items.map(StreamModel.describe))
        #expect(streamed.map(\.id) == ["\u{4E2D}\u{6587}", "x"])
    }

    @Test(arguments: brokenSplits)
    func diagnosticsAreTheSameSplitAtEveryByte(_ split: Int) async throws {
        let whole = bindError {
            _ = try StreamModel.binder.parse(Self.broken, as: StreamModel.Feed.self, file: "feed.xml")
        }
        var ids: [String?] = []
        let streamed = await #expect(throws: XMLBindError.self) {
            for try await item in StreamModel.binder.objects(
                ChunkSequence(chunks: Self.halves(Self.broken, at: split)), as: Item.self, file: "feed.xml")
            {
                ids.append(item.id)
            }
        }
        #expect(ids == ["\u{E9}t\u{E9}"])
        #expect(streamed?.description == whole?.description)
    }

    @Test func oneByteChunksGiveTheSameObjects() async throws {
        let whole = try StreamModel.binder.parse(Self.document, as: StreamModel.Feed.self)
        let streamed = try await StreamInput.objectsOfChunks.stream(Self.document, as: Item.self, chunkSize: 1)
        #expect(streamed.map(StreamModel.describe) == whole.items.map(StreamModel.describe))
    }

    @Test func theBrokenDocumentReadsAsExpected() {
        let error = bindError {
            _ = try StreamModel.binder.parse(Self.broken, as: StreamModel.Feed.self, file: "feed.xml")
        }
        #expect(
            error?.description == """
                feed.xml:3:23: error: cannot convert "two" to Int for property 'price' of <item>: not an integer
                    3 |   <item id="b" price="two"/>
                      |                       ^
                feed.xml:4:18: error: mismatched end tag: expected </item> to close <item>, found </feed>
                    4 |   <item id="c"></feed>
                      |                  ^
                      |                </item>
                feed.xml:4:3: note: <item> opened here
                    4 |   <item id="c"></feed>
                      |   ^
                """)
    }
}
