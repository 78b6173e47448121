import Foundation
import Testing

@testable import XMLBind

/// Stopping a stream early: from the closure, by leaving the loop, or by throwing.
@Suite("Streaming: stopping early")
struct StreamStopTests {
    typealias Item = StreamModel.Item

    /// Five items, then a document that is not well-formed: stopping before the break
    /// reports nothing.
    static let brokenAfterFive = StreamModel.document(items: 5).replacingOccurrences(
        of: "</feed>", with: "<oops></feed>")

    @Test(arguments: StreamInput.allCases)
    func stoppingAfterTwoObjectsEndsTheStreamWithoutError(_ input: StreamInput) async throws {
        let items = try await input.stream(Self.brokenAfterFive, as: Item.self, stopAfter: 2)
        #expect(items.map(\.id) == ["item-1", "item-2"])
    }

    @Test(arguments: StreamInput.allCases)
    func notStoppingReportsTheBrokenEnd(_ input: StreamInput) async throws {
        var items: [Item] = []
        let error = await #expect(throws: XMLBindError.self) {
            try await input.stream(Self.brokenAfterFive, as: Item.self, into: &items)
        }
        #expect(items.count == 5)
        #expect(
            error?.diagnostics.map(\.message) == [
                "unknown element <oops> inside <feed>",
                "mismatched end tag: expected </oops> to close <oops>, found </feed>",
            ])
    }

    /// Counts how many chunks were pulled from it.
    final class Pulls: @unchecked Sendable {
        var count = 0
    }

    struct CountingChunks: AsyncSequence {
        let chunks: [Data]
        let pulls: Pulls

        struct AsyncIterator: AsyncIteratorProtocol {
            var rest: ArraySlice<Data>
            let pulls: Pulls
            mutating func next() async -> Data? {
                guard let chunk = rest.popFirst() else { return nil }
                pulls.count += 1
                return chunk
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: chunks[...], pulls: pulls) }
    }

    @Test func stoppingReadsNoFurther() async throws {
        let chunks = chunks(of: StreamModel.document(items: 1000), size: 100)
        let pulls = Pulls()
        var seen = 0
        try await StreamModel.binder.stream(CountingChunks(chunks: chunks, pulls: pulls), as: Item.self) {
            _ in
            seen += 1
            return .stop
        }
        #expect(seen == 1)
        #expect(pulls.count == 1)  // the first item ends in the first chunk
    }

    @Test func theSequenceIsPulledOnlyAsObjectsAreAskedFor() async throws {
        let chunks = chunks(of: StreamModel.document(items: 1000), size: 100)
        let pulls = Pulls()
        var iterator = StreamModel.binder.objects(CountingChunks(chunks: chunks, pulls: pulls), as: Item.self)
            .makeAsyncIterator()
        #expect(pulls.count == 0)
        _ = try await iterator.next()
        #expect(pulls.count == 1)  // the first item ends in the first chunk
        _ = try await iterator.next()
        #expect(pulls.count == 2)
    }

    struct Enough: Error, Equatable {}

    @Test(arguments: [StreamInput.data, .asyncData])
    func anErrorThrownByTheClosureEndsTheStreamAtOnce(_ input: StreamInput) async throws {
        var seen: [String?] = []
        let binder = StreamModel.binder
        await #expect(throws: Enough.self) {
            switch input {
            case .data:
                try binder.stream(Data(Self.brokenAfterFive.utf8), as: Item.self) { item in
                    seen.append(item.id)
                    if seen.count == 2 { throw Enough() }
                    return .continue
                }
            default:
                try await binder.stream(
                    ChunkSequence(chunks: [Data(Self.brokenAfterFive.utf8)]), as: Item.self
                ) { item in
                    seen.append(item.id)
                    if seen.count == 2 { throw Enough() }
                    return .continue
                }
            }
        }
        #expect(seen == ["item-1", "item-2"])
    }
}
