import Foundation
import Testing

@testable import XMLBind

/// Every kind of input streams the same objects, in document order.
@Suite("Streaming: every input kind")
struct StreamInputTests {
    typealias Item = StreamModel.Item

    @Test(arguments: StreamInput.allCases)
    func everyItemArrivesInDocumentOrderWithItsOrigin(_ input: StreamInput) async throws {
        let items = try await input.stream(StreamModel.document(items: 5), as: Item.self)
        #expect(items.map(\.id) == (1...5).map { "item-\($0)" })
        #expect(items.map(\.price) == [1, 2, 3, 4, 5])
        #expect(items.map { StreamModel.place($0.origin) } == ["3:3", "4:3", "5:3", "6:3", "7:3"])
        #expect(items.map { $0.parts.map(\.name) } == (1...5).map { ["p\($0)"] })
        let file = items.first?.origin?.file ?? ""
        #expect(input == .file ? file.hasSuffix("/feed.xml") : file == "feed.xml")
    }

    @Test(arguments: StreamInput.allCases)
    func aLargeDocumentArrivesWhole(_ input: StreamInput) async throws {
        // About 1.2 MB: many pieces, several window trims, more than a pipe holds.
        let items = try await input.stream(StreamModel.document(items: 20_000), as: Item.self, chunkSize: 50_000)
        #expect(items.count == 20_000)
        #expect(items.last?.id == "item-20000")
        #expect(items.last?.origin?.line == 20_002)
    }

    @Test(arguments: [StreamInput.data, .fileHandle, .asyncData, .objectsOfChunks])
    func aStructTypeStreamsToo(_ input: StreamInput) async throws {
        let parts = try await input.stream(StreamModel.document(items: 3), as: StreamModel.Part.self)
        #expect(parts.map(\.name) == ["p1", "p2", "p3"])
        #expect(parts.map { StreamModel.place($0.origin) } == ["3:31", "4:31", "5:31"])
    }

    @Test func theClosureFormsHandTheWarningsToTheLog() async throws {
        var binder = StreamModel.binder
        binder.options = ParseOptions(unknownContent: .warning)
        let document = "<feed>\n  <item id=\"a\" colour=\"red\"/>\n</feed>\n"
        var ids: [String?] = []
        let warnings = WarningLog()
        try binder.stream(document, as: Item.self, file: "w.xml", warnings: warnings) { item in
            ids.append(item.id)
            return .continue
        }
        let asyncWarnings = WarningLog()
        try await binder.stream(
            ChunkSequence(chunks: [Data(document.utf8)]), as: Item.self, file: "w.xml", warnings: asyncWarnings
        ) { _ in .continue }
        #expect(ids == ["a"])
        let expected = """
            w.xml:2:16: warning: unknown attribute 'colour' on <item>
                2 |   <item id="a" colour="red"/>
                  |                ^
            """
        #expect(warnings.warnings.map(\.description) == [expected])
        #expect(asyncWarnings.warnings.map(\.description) == [expected])
    }

    @Test func theSequenceFormsLogGetsTheWarningsAtTheEnd() async throws {
        var binder = StreamModel.binder
        binder.options = ParseOptions(unknownContent: .warning)
        let document = "<feed>\n  <item id=\"a\" colour=\"red\"/>\n  <item id=\"b\"/>\n</feed>\n"
        let expected = """
            w.xml:2:16: warning: unknown attribute 'colour' on <item>
                2 |   <item id="a" colour="red"/>
                  |                ^
            """
        for chunks in [[Data(document.utf8)], document.utf8.map { Data([$0]) }] {
            let log = WarningLog()
            var objects = binder.objects(ChunkSequence(chunks: chunks), as: Item.self, file: "w.xml", warnings: log)
                .makeAsyncIterator()
            var ids: [String?] = []
            while let item = try await objects.next() {
                ids.append(item.id)
                #expect(log.warnings.isEmpty, "warnings come at the end")
            }
            #expect(ids == ["a", "b"])
            #expect(log.warnings.map(\.description) == [expected])
            // Asking again after the end adds nothing.
            #expect(try await objects.next() == nil)
            #expect(log.warnings.count == 1)
        }
    }

    @Test func aFileThatCannotBeOpenedIsAnIOError() throws {
        let url = URL(fileURLWithPath: "/nonexistent/feed.xml")
        let error = bindError {
            try StreamModel.binder.stream(contentsOf: url, as: Item.self) { _ in .continue }
        }
        #expect(error?.code == .io)
        #expect(
            error?.description
                == "/nonexistent/feed.xml: error: cannot open '/nonexistent/feed.xml': No such file or directory")
    }
}
