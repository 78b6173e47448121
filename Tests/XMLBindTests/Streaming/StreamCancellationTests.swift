import Foundation
import Testing

@testable import XMLBind

/// Cancelling the task that consumes a stream.
@Suite("Streaming: cancellation")
struct StreamCancellationTests {
    typealias Item = StreamModel.Item

    /// Starts `consume` on an input that sends one item and then waits forever, cancels its
    /// task once the item has arrived, and returns how the task ended.
    func cancelAfterFirstItem(
        _ consume: @escaping @Sendable (AsyncStream<Data>, AsyncStream<String>.Continuation) async throws -> Void
    ) async -> Result<Void, any Error> {
        let (input, feeder) = AsyncStream.makeStream(of: Data.self)
        let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
        let task = Task { try await consume(input, arrived) }
        feeder.yield(Data(#"<feed><item id="first"/>"#.utf8))
        var waiting = arrivals.makeAsyncIterator()
        _ = await waiting.next()
        task.cancel()
        let result = await task.result
        feeder.finish()
        return result
    }

    @Test func cancellingTheConsumerOfTheSequenceThrowsCancellationError() async {
        let result = await cancelAfterFirstItem { input, arrived in
            for try await item in StreamModel.binder.objects(input, as: Item.self) {
                arrived.yield(item.id ?? "-")
            }
        }
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func cancellingTheClosureFormThrowsCancellationError() async {
        let result = await cancelAfterFirstItem { input, arrived in
            try await StreamModel.binder.stream(input, as: Item.self) { item in
                arrived.yield(item.id ?? "-")
                return .continue
            }
        }
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aCancelledTaskHandsOutNoFurtherObject() async throws {
        let document = Data(StreamModel.document(items: 10).utf8)
        let task = Task {
            var ids: [String?] = []
            var iterator = StreamModel.binder.objects(ChunkSequence(chunks: [document]), as: Item.self)
                .makeAsyncIterator()
            ids.append(try await iterator.next()?.id)
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                ids.append(try await iterator.next()?.id)
            } catch is CancellationError {
                ids.append("cancelled")
            }
            // After throwing, the iterator only ends.
            ids.append(try await iterator.next()?.id ?? "end")
            return ids
        }
        #expect(try await task.value == ["item-1", "cancelled", "end"])
    }
}
