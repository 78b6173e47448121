import Foundation
import Testing
import XMLBindFoundation
import XMLBindTestSupport

@testable import XMLBind

/// The model the streaming suites bind: a feed of items, each with parts and nested items.
enum StreamModel {
    final class Feed: Bindable {
        var title: String?
        var items: [Item] = []
        init() {}
    }

    final class Item: Bindable, OriginAware {
        var id: String?
        var price = 0
        var origin: Origin?
        var parts: [Part] = []
        var children: [Item] = []
        init() {}
    }

    struct Part: Bindable, OriginAware {
        var name: String?
        var origin: Origin?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Feed.self, element: "feed").property(\.title).children(\.items),
        mapping(Item.self, element: "item").attribute(\.id).property(\.price).children(\.parts).children(\.children),
        mapping(Part.self, element: "part").attribute(\.name)
    )

    /// An item as text: id, price, line and column, parts and nested items, for whole
    /// comparisons (the origin's file is left out: a file input names its path).
    static func describe(_ item: Item) -> String {
        let parts = item.parts.map { "\($0.name ?? "-")@\(place($0.origin))" }
        let children = item.children.map(describe)
        return "\(item.id ?? "-") \(item.price) @\(place(item.origin))"
            + " parts[\(parts.joined(separator: ","))] children[\(children.joined(separator: "; "))]"
    }

    static func place(_ origin: Origin?) -> String {
        origin.map { "\($0.line):\($0.column)" } ?? "-"
    }

    /// A feed of `count` items, `item-1` … `item-N`, one per line, each with a part.
    static func document(items count: Int) -> String {
        let items = (1...count).map { #"  <item id="item-\#($0)" price="\#($0)"><part name="p\#($0)"/></item>"# }
        return "<feed>\n  <title>Feed</title>\n" + items.joined(separator: "\n") + "\n</feed>\n"
    }
}

/// An `AsyncSequence` of the given chunks, handed out one by one.
struct ChunkSequence<Chunk: Sendable>: AsyncSequence, Sendable {
    let chunks: [Chunk]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Chunk>
        mutating func next() async -> Chunk? { rest.popFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: chunks[...]) }
}

/// An `AsyncSequence` of single bytes.
struct ByteSequence: AsyncSequence, Sendable {
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<UInt8>
        mutating func next() async -> UInt8? { rest.popFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: bytes[...]) }
}

/// Every way a document can be streamed, closure and sequence forms alike.
enum StreamInput: String, CaseIterable, CustomStringConvertible, Sendable {
    case data, string, file, fileHandle, asyncBytes, asyncData, asyncByteArrays, objectsOfBytes, objectsOfChunks

    var description: String { rawValue }

    /// Whether the input can be read again for diagnostics (otherwise a window is kept).
    var isRereadable: Bool { [.data, .string, .file].contains(self) }

    /// Streams `document` as this kind of input, collecting objects until `stopAfter` of
    /// them (when given), and returns them.
    func stream<T>(
        _ document: String, as type: T.Type, binder: XMLBinder = StreamModel.binder, file: String = "feed.xml",
        chunkSize: Int = 4096, stopAfter: Int? = nil
    ) async throws -> [T] {
        var objects: [T] = []
        try await stream(
            document, as: type, binder: binder, file: file, chunkSize: chunkSize, stopAfter: stopAfter,
            into: &objects)
        return objects
    }

    /// Streams `document` as this kind of input into `objects`, which keeps what arrived
    /// when the stream throws.
    func stream<T>(
        _ document: String, as type: T.Type, binder: XMLBinder = StreamModel.binder, file: String = "feed.xml",
        chunkSize: Int = 4096, stopAfter: Int? = nil, into objects: inout [T]
    ) async throws {
        var collected: [T] = []
        defer { objects = collected }
        let body = { (object: T) -> StreamAction in
            collected.append(object)
            return collected.count == stopAfter ? .stop : .continue
        }
        let bytes = Array(document.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map {
            Array(bytes[$0..<min($0 + chunkSize, bytes.count)])
        }
        switch self {
        case .data:
            try binder.stream(Data(bytes), as: type, file: file, body)
        case .string:
            try binder.stream(document, as: type, file: file, body)
        case .file:
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = directory.appendingPathComponent(file)
            try Data(bytes).write(to: url)
            try binder.stream(contentsOf: url, as: type, body)
        case .fileHandle:
            let pipe = Pipe()
            let writer = PipeWriter(pipe.fileHandleForWriting, bytes: bytes)
            writer.start()
            defer {
                // A reader that stopped early closes its end, so the writer is not left blocked.
                try? pipe.fileHandleForReading.close()
                writer.finish()
            }
            try binder.stream(pipe.fileHandleForReading, as: type, file: file, body)
        case .asyncBytes:
            try await binder.stream(ByteSequence(bytes: bytes), as: type, file: file, body)
        case .asyncData:
            try await binder.stream(
                ChunkSequence(chunks: chunks.map { Data($0) }), as: type, file: file, body)
        case .asyncByteArrays:
            try await binder.stream(ChunkSequence(chunks: chunks), as: type, file: file, body)
        case .objectsOfBytes:
            for try await object in binder.objects(ByteSequence(bytes: bytes), as: type, file: file) {
                if body(object) == .stop { break }
            }
        case .objectsOfChunks:
            for try await object in binder.objects(ChunkSequence(chunks: chunks), as: type, file: file) {
                if body(object) == .stop { break }
            }
        }
    }
}

/// Writes bytes into a pipe from a thread of its own (a pipe holds only 64 KiB), then
/// closes it; ``finish()`` waits for the thread and closes the reading side's peer.
final class PipeWriter: @unchecked Sendable {
    private let handle: FileHandle
    private let bytes: [UInt8]
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, bytes: [UInt8]) {
        self.handle = handle
        self.bytes = bytes
    }

    func start() {
        // Writing to a pipe whose reader has gone must fail with EPIPE, not end the process.
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread { [self] in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    guard let base = raw.baseAddress else { break }
                    let count = write(handle.fileDescriptor, base + offset, raw.count - offset)
                    if count <= 0 { break }  // the reader stopped early and closed its end
                    offset += count
                }
            }
            try? handle.close()
            done.signal()
        }
    }

    func finish() {
        done.wait()
    }
}
