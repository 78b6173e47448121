import Foundation
import Synchronization
import Testing

@testable import XMLBind

/// The queue between a piece of input and the closure holds plain retained references
/// (issue 18): every object queued must reach the closure exactly once or be freed, in
/// document order with the structs streamed alongside, whether the stream ends, stops,
/// throws or is dropped; and an object handed out is freed once the closure lets it go,
/// not when the rest of its piece has been handed out.
@Suite("Streaming: handing objects over from the queue", .serialized)
struct StreamHandoffTests {
    /// Counts its live instances, so that a test can see every queued object freed.
    final class Tracked: Bindable {
        static let alive = Atomic<Int>(0)
        var key: String?
        init() { Self.alive.add(1, ordering: .relaxed) }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    struct Plain: Bindable {
        var key: String?
        init() {}
    }

    final class Feed: Bindable {
        var items: [Tracked] = []
        var plains: [Plain] = []
        init() {}
    }

    struct Stop: Error {}

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Feed.self, element: "feed").children(\.items).children(\.plains),
        mapping(Tracked.self, element: "item").attribute(\.key),
        mapping(Plain.self, element: "plain").attribute(\.key))

    /// `count` items (and as many plain structs between them), small enough to be one piece.
    static func document(_ count: Int) -> String {
        "<feed>" + (0..<count).map { "<item key='i\($0)'/><plain key='p\($0)'/>" }.joined() + "</feed>"
    }

    static var alive: Int { Tracked.alive.load(ordering: .relaxed) }

    @Test func eachObjectIsFreedOnceTheClosureLetsItGo() throws {
        weak var previous: Tracked?
        var count = 0
        try Self.binder.stream(Self.document(300), as: Tracked.self) { item in
            #expect(previous == nil, "object \(count - 1) still alive while \(count) is handed out")
            previous = item
            count += 1
            return .continue
        }
        #expect(count == 300)
        #expect(Self.alive == 0)
    }

    @Test func stoppingFreesTheObjectsStillQueued() throws {
        var keys: [String] = []
        try Self.binder.stream(Self.document(300), as: Tracked.self) { item in
            keys.append(item.key ?? "-")
            return keys.count == 3 ? .stop : .continue
        }
        #expect(keys == ["i0", "i1", "i2"])
        #expect(Self.alive == 0)
    }

    @Test func throwingFreesTheObjectsStillQueued() {
        var count = 0
        #expect(throws: Stop.self) {
            try Self.binder.stream(Self.document(300), as: Tracked.self) { _ in
                count += 1
                if count == 3 { throw Stop() }
                return .continue
            }
        }
        #expect(count == 3)
        #expect(Self.alive == 0)
    }

    @Test func droppingTheIteratorFreesTheObjectsStillQueued() async throws {
        do {
            let objects = Self.binder.objects(
                ChunkSequence(chunks: [Data(Self.document(300).utf8)]), as: Tracked.self)
            var iterator = objects.makeAsyncIterator()
            let first = try await iterator.next()
            #expect(first?.key == "i0")
            #expect(Self.alive > 1)
        }
        #expect(Self.alive == 0)
    }

    @Test func classesAndStructsKeepDocumentOrder() throws {
        var keys: [String] = []
        try Self.binder.stream(Self.document(100), as: Any.self) { object in
            switch object {
            case let item as Tracked: keys.append(item.key ?? "-")
            case let plain as Plain: keys.append(plain.key ?? "-")
            default: keys.append("?")
            }
            return .continue
        }
        // The root is an `Any` too, but it is the outermost object: only it is streamed.
        #expect(keys == ["?"])
        var entries: [String] = []
        try Self.binder.stream(Self.document(100), as: (any HandoffKeyed).self) { entry in
            entries.append(entry.key ?? "-")
            return .continue
        }
        #expect(entries == (0..<100).flatMap { ["i\($0)", "p\($0)"] })
        #expect(Self.alive == 0)
    }

    @Test func theAsyncSequenceGetsEveryObjectOnce() async throws {
        var keys: [String] = []
        for try await entry in Self.binder.objects(
            ChunkSequence(chunks: [Data(Self.document(100).utf8)]), as: (any HandoffKeyed).self)
        {
            keys.append(entry.key ?? "-")
        }
        #expect(keys == (0..<100).flatMap { ["i\($0)", "p\($0)"] })
        #expect(Self.alive == 0)
    }
}

protocol HandoffKeyed {
    var key: String? { get }
}

extension StreamHandoffTests.Tracked: HandoffKeyed {}
extension StreamHandoffTests.Plain: HandoffKeyed {}
