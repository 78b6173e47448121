import Foundation
import Testing
import XMLBindFoundation
import XMLBindTestSupport

@testable import XMLBind

/// However the bytes arrive (whole, in chunks cut inside a multi-byte character or a UTF-16
/// surrogate pair, with empty chunks between them, byte by byte, from a file or a pipe read
/// in pieces), a document gives the same outcome: the same root, or the same diagnostics with
/// the same codes at the same lines and columns (issue 36).
@Suite("Chunk boundaries: every entry point reports what the whole parse reports")
struct ChunkBoundaryTests {
    static let binder = XMLBinder().registeredAtSetup(
        mapping(HostileNode.self, element: "r").text(\.text), mapping(HostileNode.self, element: "a"))

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        /// The character the cuts fall inside.
        var character: String
        var testDescription: String { name }
    }

    /// Each document holds one character of each UTF-8 length right after an end tag's name,
    /// where expat reports an invalid token at its first byte (the fuzzer's finding), or as
    /// text of a well-formed document.
    static let cases: [Case] = [
        Case(name: "2-byte character in an end tag", document: "<r>\n<a></a \u{E9}></r>", character: "\u{E9}"),
        Case(name: "3-byte character in an end tag", document: "<r>\n<a></a \u{20AC}></r>", character: "\u{20AC}"),
        Case(name: "4-byte character in an end tag", document: "<r>\n<a></a \u{1F600}></r>", character: "\u{1F600}"),
        Case(name: "4-byte character in a start tag", document: "<r>\n<a \u{1F600}/></r>", character: "\u{1F600}"),
        Case(
            name: "4-byte character after a mismatched tag", document: "<r><a></b>\u{1F600}</r>",
            character: "\u{1F600}"),
        Case(name: "4-byte character in text", document: "<r>caf\u{E9} \u{1F600}!</r>", character: "\u{1F600}"),
        Case(name: "3-byte character in text", document: "<r>\u{20AC}\u{20AC}</r>", character: "\u{20AC}"),
    ]

    /// What a parse gave: the root's text, or every diagnostic's place, severity, code and
    /// message. (Not the source excerpt: a parse that stops at an error in a piece shows the
    /// line as far as it has arrived, where a whole parse shows all of it.)
    static func outcome(_ body: () throws -> Any?) -> String {
        do {
            return "root: " + ((try body() as? HostileNode)?.text ?? "nil")
        } catch let error as XMLBindError {
            return summary(error)
        } catch {
            return "other error: \(error)"
        }
    }

    static func outcome(_ body: () async throws -> Void) async -> String {
        do {
            try await body()
            return "success"
        } catch let error as XMLBindError {
            return summary(error)
        } catch {
            return "other error: \(error)"
        }
    }

    static func summary(_ error: XMLBindError) -> String {
        error.diagnostics.map { diagnostic in
            let place = diagnostic.origin.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(place) \(diagnostic.severity) \(diagnostic.code): \(diagnostic.message)"
        }.joined(separator: "\n")
    }

    /// The document's bytes cut at `cut`, with an empty chunk before, at and after the cut.
    static func pieces(_ bytes: [UInt8], cut: Int) -> [[UInt8]] {
        [[], Array(bytes[..<cut]), [], Array(bytes[cut...]), []]
    }

    /// Every cut inside the case's character, and the cuts on each side of it.
    static func cuts(_ testCase: Case) -> [Int] {
        let bytes = Array(testCase.document.utf8)
        let character = Array(testCase.character.utf8)
        guard let start = (0...bytes.count - character.count).first(where: { bytes[$0...].starts(with: character) })
        else { return [] }
        return Array(start...start + character.count)
    }

    @Test(arguments: cases)
    func parseOfChunksMatchesTheWholeParse(_ testCase: Case) throws {
        let bytes = Array(testCase.document.utf8)
        let whole = Self.outcome { try Self.binder.parse(Data(bytes), as: Any?.self, file: "doc.xml") }
        for cut in Self.cuts(testCase) {
            let chunks = Self.pieces(bytes, cut: cut).map { Data($0) }
            let chunked = Self.outcome { try Self.binder.parse(chunks: chunks, as: Any?.self, file: "doc.xml") }
            #expect(chunked == whole, "cut at byte \(cut)")
        }
        let oneByte = bytes.map { Data([$0]) }
        #expect(Self.outcome { try Self.binder.parse(chunks: oneByte, as: Any?.self, file: "doc.xml") } == whole)
    }

    /// The whole parse's diagnostics, as a stream of the root's type reports them.
    static func streamedWhole(_ bytes: [UInt8]) -> String {
        let whole = outcome { try binder.parse(Data(bytes), as: Any?.self, file: "doc.xml") }
        return whole.hasPrefix("root:") ? "success" : whole
    }

    @Test(arguments: cases)
    func asyncStreamsMatchTheWholeParse(_ testCase: Case) async throws {
        let bytes = Array(testCase.document.utf8)
        let whole = Self.streamedWhole(bytes)
        for cut in Self.cuts(testCase) {
            let arrays = ChunkSequence(chunks: Self.pieces(bytes, cut: cut))
            let streamed = await Self.outcome {
                try await Self.binder.stream(arrays, as: HostileNode.self, file: "doc.xml") { _ in
                    .continue
                }
            }
            #expect(streamed == whole, "async stream of chunks cut at byte \(cut)")
            let datas = ChunkSequence(chunks: Self.pieces(bytes, cut: cut).map { Data($0) })
            let objects = await Self.outcome {
                for try await _ in Self.binder.objects(datas, as: HostileNode.self, file: "doc.xml") {}
            }
            #expect(objects == whole, "objects of chunks cut at byte \(cut)")
        }
        let byBytes = await Self.outcome {
            let objects = Self.binder.objects(
                ByteSequence(bytes: bytes), as: HostileNode.self, file: "doc.xml")
            for try await _ in objects {}
        }
        #expect(byBytes == whole, "objects of bytes")
    }

    /// Files and pipes are read in pieces of ``ParseOptions/chunkSize`` (64 KiB at the
    /// least) after a first piece of the head the encoding is decided from: the character is
    /// placed across the second piece's end.
    @Test(arguments: cases)
    func filesAndPipesReadInPiecesMatchTheWholeParse(_ testCase: Case) async throws {
        let pieceSize = 64 << 10
        let binder = XMLBinder(options: ParseOptions(chunkSize: pieceSize, wholeFileLimit: 0)).registeredAtSetup(
            mapping(HostileNode.self, element: "r").text(\.text), mapping(HostileNode.self, element: "a"))
        let plain = Array(testCase.document.utf8)
        let character = Array(testCase.character.utf8)
        guard let at = (0...plain.count - character.count).first(where: { plain[$0...].starts(with: character) }) else {
            Issue.record("the character is not in the document")
            return
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for inside in 1..<character.count {
            // A comment before the root pads the document so the piece ends `inside` bytes
            // into the character.
            let end = ExpatDriver.headBytes + pieceSize
            let padding = end - (at + inside) - "<!---->\n".utf8.count
            let filler = String(repeating: "-x", count: padding / 2) + (padding % 2 == 1 ? " " : "")
            let bytes = Array("<!--\(filler)-->\n".utf8) + plain
            #expect(bytes.count > end && bytes[end - 1] == character[inside - 1])
            let whole = Self.outcome { try binder.parse(Data(bytes), as: Any?.self, file: "doc.xml") }
            let url = directory.appendingPathComponent("doc-\(inside).xml")
            try Data(bytes).write(to: url)
            #expect(
                Self.outcome { try binder.parse(contentsOf: url, as: Any?.self, file: "doc.xml") } == whole,
                "file, \(inside)")

            let pipe = Pipe()
            let writer = PipeWriter(pipe.fileHandleForWriting, bytes: bytes)
            writer.start()
            let piped = Self.outcome {
                try binder.stream(pipe.fileHandleForReading, as: HostileNode.self, file: "doc.xml") { _ in
                    .continue
                }
                return nil
            }
            try? pipe.fileHandleForReading.close()
            writer.finish()
            let expected = whole.hasPrefix("root:") ? "root: nil" : whole
            #expect(piped == expected, "FileHandle, \(inside)")
        }
    }

    /// UTF-16 with a byte order mark, cut inside a code unit and between the two units of a
    /// surrogate pair, with empty chunks around the cuts.
    @Test(arguments: [Data([0xFF, 0xFE]), Data([0xFE, 0xFF])])
    func utf16CutInsideASurrogatePairMatchesTheWholeParse(_ bom: Data) throws {
        for document in ["<r>\n<a></a \u{1F600}></r>", "<r>a \u{1F600} b</r>", "<r>\n<a \u{1F600}/></r>"] {
            let littleEndian = bom == Data([0xFF, 0xFE])
            let bytes =
                Array(bom)
                + document.utf16.flatMap { unit in
                    littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                }
            let whole = Self.outcome { try Self.binder.parse(Data(bytes), as: Any?.self, file: "doc.xml") }
            let emojiAt = try 2 + 2 * #require(Array(document.utf16).firstIndex(of: 0xD83D))
            for cut in emojiAt...emojiAt + 4 {
                let chunks = Self.pieces(bytes, cut: cut).map { Data($0) }
                #expect(
                    Self.outcome { try Self.binder.parse(chunks: chunks, as: Any?.self, file: "doc.xml") } == whole,
                    "\(cut)")
            }
            let oneByte = bytes.map { Data([$0]) }
            #expect(Self.outcome { try Self.binder.parse(chunks: oneByte, as: Any?.self, file: "doc.xml") } == whole)
        }
    }
}
