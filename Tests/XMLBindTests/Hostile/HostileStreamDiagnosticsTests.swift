import Foundation
import Testing
import XMLBindFoundation

@testable import XMLBind

/// Streaming reports what `parse(Data)` reports, where it reports it (issue 11, item 6):
/// UTF-16 input is located in the window of recent input as UTF-8 is, the quoted line is
/// whole however the input was cut, and warnings come in document order. The `FileHandle`
/// form runs on a 512 KiB thread.
@Suite struct HostileStreamDiagnosticsTests {
    typealias Item = StreamModel.Item

    static let binder = XMLBinder(options: ParseOptions(unknownContent: .warning)).registeredAtSetup(
        mapping(StreamModel.Feed.self, element: "feed").children(\.items),
        mapping(Item.self, element: "item").attribute(\.id).required().property(\.price).children(\.parts)
            .validate { item, context in if item.price > 100 { context.warning("price \(item.price) is high") } },
        mapping(StreamModel.Part.self, element: "part").attribute(\.name))

    enum Encoding: String, CaseIterable, CustomStringConvertible, Sendable {
        case utf8, utf16LittleEndian, utf16BigEndian
        var description: String { rawValue }

        func encode(_ text: String) -> Data {
            switch self {
            case .utf8: Data(text.utf8)
            case .utf16LittleEndian: .utf16LittleEndian(Array(text.utf16))
            case .utf16BigEndian: .utf16BigEndian(Array(text.utf16))
            }
        }
    }

    /// Errors at lines 9 and 11 (one found at the start tag, one at the end tag of an
    /// element opened on line 9), after eight lines of valid items.
    static let errors =
        "<feed>\n" + (1...7).map { "  <item id=\"i\($0)\" price=\"\($0)\"/>" }.joined(separator: "\n")
        + "\n  <item price=\"x\">\n    <part name=\"p\"/>\n    <zz/>\n  </item>\n</feed>\n"

    /// An error early in a long line, which the pieces cut.
    static let longLine =
        "<feed>\n  <item id=\"a\" price=\"x\"/>" + (1...3).map { "<item id=\"n\($0)\" price=\"\($0)\"/>" }.joined()
        + "\n</feed>\n"

    /// Warnings found in another order than they are placed: a check at the end tag of an
    /// item points at its start tag, before the unknown content inside it.
    static let warnings =
        "<feed>\n  <item id=\"a\" price=\"500\">\n    <zz/>\n    <part name=\"p\" odd=\"1\"/>\n  </item>\n"
        + "  <item id=\"b\" price=\"700\"><yy/></item>\n</feed>\n"

    /// What `parse(Data)` prints: the error, or the warnings.
    static func whole(_ data: Data) -> String {
        let log = WarningLog()
        do {
            _ = try binder.parse(data, as: StreamModel.Feed.self, file: "feed.xml", warnings: log)
            return log.warnings.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    static func pieces(_ data: Data, size: Int) -> [Data] {
        stride(from: 0, to: data.count, by: size).map { Data(data[$0..<min($0 + size, data.count)]) }
    }

    /// What streaming from chunks of `size` bytes prints.
    static func streamedFromChunks(_ data: Data, size: Int) async -> String {
        let log = WarningLog()
        do {
            try await binder.stream(
                ChunkSequence(chunks: pieces(data, size: size)), as: Item.self, file: "feed.xml", warnings: log
            ) { _ in .continue }
            return log.warnings.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    /// What the `AsyncSequence` of objects prints (its log holds the warnings).
    static func streamedAsObjects(_ data: Data, size: Int) async -> String {
        let log = WarningLog()
        let objects = binder.objects(
            ChunkSequence(chunks: pieces(data, size: size)), as: Item.self, file: "feed.xml", warnings: log)
        do {
            for try await _ in objects {}
            return log.warnings.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    /// What streaming from a pipe prints, on a 512 KiB thread.
    static func streamedFromPipe(_ data: Data) -> String {
        Hostile.onSmallStack {
            let pipe = Pipe()
            let writer = PipeWriter(pipe.fileHandleForWriting, bytes: [UInt8](data))
            writer.start()
            defer {
                try? pipe.fileHandleForReading.close()
                writer.finish()
            }
            let log = WarningLog()
            do {
                try binder.stream(pipe.fileHandleForReading, as: Item.self, file: "feed.xml", warnings: log) { _ in
                    .continue
                }
                return log.warnings.map(\.description).joined(separator: "\n")
            } catch {
                return "\(error)"
            }
        }
    }

    @Test(arguments: Encoding.allCases)
    func errorsAreWhereAWholeParsePutsThem(_ encoding: Encoding) async {
        let data = encoding.encode(Self.errors)
        let whole = Self.whole(data)
        #expect(whole.contains("feed.xml:9:3: error: <item> is missing required property 'id'"), "\(whole)")
        #expect(whole.contains("   11 |     <zz/>"), "\(whole)")
        for size in [7, 64, 1 << 16] {
            #expect(await Self.streamedFromChunks(data, size: size) == whole, "pieces of \(size)")
            #expect(await Self.streamedAsObjects(data, size: size) == whole, "objects, pieces of \(size)")
        }
        #expect(Self.streamedFromPipe(data) == whole)
    }

    @Test(arguments: Encoding.allCases)
    func theQuotedLineIsWholeWhereverThePiecesEnd(_ encoding: Encoding) async {
        let data = encoding.encode(Self.longLine)
        let whole = Self.whole(data)
        #expect(whole.contains("<item id=\"n3\" price=\"3\"/>\n"), "\(whole)")
        for size in [3, 7, 40] {
            #expect(await Self.streamedFromChunks(data, size: size) == whole, "pieces of \(size)")
        }
    }

    @Test(arguments: Encoding.allCases)
    func warningsComeInDocumentOrder(_ encoding: Encoding) async {
        let data = encoding.encode(Self.warnings)
        let whole = Self.whole(data)
        let lines = whole.split(separator: "\n").filter { $0.hasPrefix("feed.xml:") }.map {
            $0.prefix(while: { $0 != " " })
        }
        #expect(lines == ["feed.xml:2:3:", "feed.xml:3:5:", "feed.xml:4:20:", "feed.xml:6:3:", "feed.xml:6:28:"])
        for size in [5, 64] {
            #expect(await Self.streamedFromChunks(data, size: size) == whole, "pieces of \(size)")
            #expect(await Self.streamedAsObjects(data, size: size) == whole, "objects, pieces of \(size)")
        }
        #expect(Self.streamedFromPipe(data) == whole)
    }
}
