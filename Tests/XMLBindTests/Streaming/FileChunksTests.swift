import Foundation
import Testing
import XMLBind

/// `FileChunks`: a file read chunk by chunk as it is asked for, and streamed from.
@Suite struct FileChunksTests {
    typealias Item = StreamModel.Item

    func temporaryFile(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString).xml")
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test func theChunksAreTheFileInPiecesOfAtMostTheChunkSize() async throws {
        let document = StreamModel.document(items: 200)
        let url = try temporaryFile(document)
        defer { try? FileManager.default.removeItem(at: url) }
        var sizes: [Int] = []
        var bytes: [UInt8] = []
        for try await chunk in FileChunks(contentsOf: url, chunkSize: 1_000) {
            sizes.append(chunk.count)
            bytes += chunk
        }
        #expect(bytes == Array(document.utf8))
        #expect(sizes.dropLast().allSatisfy { $0 == 1_000 })
        #expect(sizes.count == (document.utf8.count + 999) / 1_000)
        var single: [UInt8] = []
        for try await byte in FileChunks(contentsOf: url, chunkSize: 7).bytes { single.append(byte) }
        #expect(single == Array(document.utf8))
    }

    /// Pulled: a chunk is read only when asked for, so the file can still grow between two
    /// calls and the later bytes are read.
    @Test func nothingIsReadBeforeItIsAskedFor() async throws {
        let url = try temporaryFile("abc")
        defer { try? FileManager.default.removeItem(at: url) }
        var iterator = FileChunks(contentsOf: url, chunkSize: 3).makeAsyncIterator()
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("def".utf8))
        try handle.close()
        #expect(try await iterator.next() == Array("abc".utf8))
        #expect(try await iterator.next() == Array("def".utf8))
        #expect(try await iterator.next() == nil)
    }

    @Test func objectsStreamFromTheFileWithTheirOrigins() async throws {
        let url = try temporaryFile(StreamModel.document(items: 500))
        defer { try? FileManager.default.removeItem(at: url) }
        var items: [Item] = []
        let chunks = FileChunks(contentsOf: url, chunkSize: 4_096)
        for try await item in StreamModel.binder.objects(chunks, as: Item.self, file: "feed.xml") {
            items.append(item)
        }
        #expect(items.count == 500)
        #expect(items.last?.id == "item-500")
        #expect(items.last?.origin == Origin(file: "feed.xml", line: 502, column: 3))
        let log = WarningLog()
        try await StreamModel.binder.stream(
            FileChunks(contentsOf: url).bytes, as: Item.self, file: "feed.xml", warnings: log
        ) { _ in .continue }
        #expect(log.warnings.isEmpty)
    }

    @Test func aMissingFileIsAnIOError() async throws {
        let url = URL(fileURLWithPath: "/nonexistent/feed.xml")
        var iterator = FileChunks(contentsOf: url).makeAsyncIterator()
        do {
            _ = try await iterator.next()
            Issue.record("reading a missing file succeeded")
        } catch let error as XMLBindError {
            #expect(error.code == .io)
            #expect(
                error.description
                    == "/nonexistent/feed.xml: error: cannot open '/nonexistent/feed.xml': No such file or directory")
        }
        #expect(try await iterator.next() == nil)
    }
}
