import Foundation
import Testing

@testable import XMLBind

/// Which objects a stream hands out: the outermost of the type, bound as a whole-document
/// parse binds them.
@Suite("Streaming: which objects are streamed")
struct StreamNestingTests {
    typealias Item = StreamModel.Item
    typealias Feed = StreamModel.Feed

    static let nested = """
        <feed>
          <item id="a"><item id="b"><item id="c"/></item><part name="pa"/></item>
          <item id="d"/>
        </feed>
        """

    @Test(arguments: StreamInput.allCases)
    func anItemInsideAStreamedItemStaysInIt(_ input: StreamInput) async throws {
        let items = try await input.stream(Self.nested, as: Item.self)
        #expect(items.map(\.id) == ["a", "d"])
        #expect(items.first?.children.map(\.id) == ["b"])
        #expect(items.first?.children.first?.children.map(\.id) == ["c"])
        #expect(items.first?.parts.map(\.name) == ["pa"])
    }

    @Test(arguments: StreamInput.allCases)
    func objectsAreThoseOfAWholeDocumentParse(_ input: StreamInput) async throws {
        let document =
            Self.nested + "\n"
            + StreamModel.document(items: 50)
            .replacingOccurrences(of: "<feed>", with: "").replacingOccurrences(of: "</feed>", with: "")
        let wrapped = document.replacingOccurrences(of: "</feed>", with: "") + "</feed>\n"
        let whole = try StreamModel.binder.parse(wrapped, as: Feed.self, file: "feed.xml")
        let streamed = try await input.stream(wrapped, as: Item.self)
        #expect(streamed.map(StreamModel.describe) == whole.items.map(StreamModel.describe))
        #expect(streamed.count == 52)
    }

    @Test(arguments: [StreamInput.data, .asyncData, .objectsOfChunks])
    func aRootOfTheStreamedTypeIsHandedOverOnceWithEverythingInIt(_ input: StreamInput) async throws {
        let feeds = try await input.stream(StreamModel.document(items: 3), as: Feed.self)
        #expect(feeds.count == 1)
        #expect(feeds.first?.title == "Feed")
        #expect(feeds.first?.items.map(\.id) == ["item-1", "item-2", "item-3"])
    }

    @Test func aProtocolStreamsEveryTypeThatConformsToIt() throws {
        let document = """
            <feed><part name="loose"/><item id="a"><part name="inner"/></item><part name="last"/></feed>
            """
        var streamed: [String] = []
        try StreamModel.binder.stream(document, as: (any Entry).self) { entry in
            switch entry {
            case let item as Item: streamed.append("item \(item.id ?? "-") with \(item.parts.count) part")
            case let part as StreamModel.Part: streamed.append("part \(part.name ?? "-")")
            default: streamed.append("?")
            }
            return .continue
        }
        #expect(streamed == ["part loose", "item a with 1 part", "part last"])
    }

    @Test func streamedObjectsNeedNoPlaceInTheirParent() throws {
        final class Bare: Bindable {}
        let binder = XMLBinder().registeredAtSetup(
            mapping(Bare.self, element: "feed"),
            mapping(Item.self, element: "item").attribute(\.id))
        let document = #"<feed><item id="a"/><item id="b"/></feed>"#
        let error = bindError { _ = try binder.parse(document, as: Bare.self) }
        #expect(error?.code == .unplacedChild)
        var ids: [String?] = []
        try binder.stream(document, as: Item.self) { item in
            ids.append(item.id)
            return .continue
        }
        #expect(ids == ["a", "b"])
    }

    @Test func aTypeNoMappingProducesStreamsNothing() throws {
        var count = 0
        try StreamModel.binder.stream(StreamModel.document(items: 3), as: String.self) { _ in
            count += 1
            return .continue
        }
        #expect(count == 0)
    }
}

/// Items and parts, streamed together.
protocol Entry {}
extension StreamModel.Item: Entry {}
extension StreamModel.Part: Entry {}
