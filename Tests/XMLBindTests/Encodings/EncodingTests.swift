import Foundation
import Testing

@testable import XMLBind

/// Documents in every encoding of issue 15's list, made by the system's iconv, read whole,
/// in chunks cut anywhere, from files and streamed.
@Suite struct EncodingTests {
    @Test(arguments: EncodingCase.all)
    func readsTheDocument(_ test: EncodingCase) async throws {
        let data = try await test.encoded()
        test.check(try test.binder.parse(data, as: Any?.self, file: "doc.xml"))
    }

    @Test(arguments: EncodingCase.all)
    func readsTheDocumentCutAtEveryByte(_ test: EncodingCase) async throws {
        let data = try await test.encoded()
        for cut in 0...data.count {
            let root = try test.binder.parse(chunks: [data.prefix(cut), data.dropFirst(cut)], as: Any?.self)
            test.check(root)
        }
    }

    @Test(arguments: EncodingCase.all)
    func readsTheDocumentByteByByte(_ test: EncodingCase) async throws {
        let data = try await test.encoded()
        test.check(try test.binder.parse(chunks: data.map { Data([$0]) }, as: Any?.self))
    }

    @Test(arguments: EncodingCase.all)
    func readsAndStreamsAFile(_ test: EncodingCase) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("enc-\(UUID().uuidString).xml")
        try await test.encoded().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        test.check(try test.binder.parse(contentsOf: url, as: Any?.self))
        var roots: [HostileNode] = []
        try test.binder.stream(contentsOf: url, as: HostileNode.self) { node in
            roots.append(node)
            return .continue
        }
        #expect(roots.count == 1)
        test.check(roots.first)
    }

    @Test(arguments: EncodingCase.all)
    func streamsFromAnAsyncSequenceInSmallPieces(_ test: EncodingCase) async throws {
        let data = try await test.encoded()
        let pieces = stride(from: 0, to: data.count, by: 3).map { data[$0..<min($0 + 3, data.count)] }
        var roots: [HostileNode] = []
        for try await node in test.binder.objects(AsyncPieces(pieces: pieces), as: HostileNode.self) {
            roots.append(node)
        }
        #expect(roots.count == 1)
        test.check(roots.first)
    }

    @Test(arguments: EncodingCase.all)
    func writesAndReadsBack(_ test: EncodingCase) async throws {
        let binder = test.writableBinder
        let note = try binder.parse(try await test.encoded(), as: EncodedNote.self)
        #expect(note.title == test.text)
        let written = try binder.xmlData(from: note, options: WritingOptions(layout: .compact, encoding: test.declared))
        // What was written is what iconv reads as that encoding: every character is in it,
        // none is a reference.
        let decoded = try await SystemIconv.decode(written, from: test.iconvName)
        #expect(
            decoded
                == "<?xml version=\"1.0\" encoding=\"\(test.declared)\"?><r a=\"\(test.text)\"><\(test.name) a=\"\(test.text)\">"
                + "\(test.text)</\(test.name)><b>\(test.text)</b></r>")
        let again = try binder.parse(written, as: EncodedNote.self)
        #expect(again.title == test.text)
        #expect(again.body == test.text)
        #expect(again.parts.map(\.text) == [test.text])
        #expect(again.parts.map(\.label) == [test.text])
    }
}

/// An `AsyncSequence` of byte pieces.
struct AsyncPieces: AsyncSequence, Sendable {
    typealias Element = Data
    let pieces: [Data]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: [Data]
        mutating func next() async throws -> Data? {
            rest.isEmpty ? nil : rest.removeFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rest: pieces)
    }
}
