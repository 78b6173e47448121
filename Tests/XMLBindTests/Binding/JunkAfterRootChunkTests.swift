import Foundation
import Testing

@testable import XMLBind

/// Junk after the root element is reported at its start, as "junk after document element",
/// whether the document arrives whole or in pieces cut inside the junk: expat scans the junk
/// token to a bad byte when it has it all, and stops at the token's start when a piece ends
/// inside it (found by the fuzzer after issue 36).
@Suite("Junk after the root element: the same report whole and in pieces")
struct JunkAfterRootChunkTests {
    static let binder = ChunkBoundaryTests.binder

    /// Documents whose junk holds a byte that is no UTF-8, a character that cannot be in a
    /// name, or nothing wrong beyond being there; with the junk's line and column.
    static let documents: [(bytes: [UInt8], place: String)] = [
        (Array("<r/>1fals".utf8) + [0xFF] + Array("\te \"/".utf8), "1:5"),
        (Array("<r>x</r>\n  caf\u{E9}\u{A7}x".utf8), "2:3"),
        (Array("<r/> n-a.m_e:\u{E9}".utf8) + [0xC3, 0x28], "1:6"),
        (Array("<r/>\u{E9}\u{E9}".utf8) + [0xBF, 0xBF], "1:5"),
        (Array("<r/>abc def".utf8), "1:5"),
    ]

    @Test(arguments: 0..<documents.count)
    func piecesCutInsideTheJunkReportWhatTheWholeParseReports(_ index: Int) throws {
        let (bytes, place) = Self.documents[index]
        let whole = ChunkBoundaryTests.outcome { try Self.binder.parse(Data(bytes), as: Any?.self, file: "doc.xml") }
        #expect(whole.hasPrefix("\(place) error malformed-xml: junk after document element"), "\(whole)")
        let rootEnd = try #require(Array(bytes).lastIndex(of: UInt8(ascii: ">")))
        for cut in rootEnd + 1..<bytes.count {
            let chunks = ChunkBoundaryTests.pieces(bytes, cut: cut).map { Data($0) }
            let chunked = ChunkBoundaryTests.outcome {
                try Self.binder.parse(chunks: chunks, as: Any?.self, file: "doc.xml")
            }
            #expect(chunked == whole, "cut at byte \(cut)")
        }
        let oneByte = bytes.map { Data([$0]) }
        #expect(
            ChunkBoundaryTests.outcome { try Self.binder.parse(chunks: oneByte, as: Any?.self, file: "doc.xml") }
                == whole)
    }

    /// A byte that is no UTF-8 where the junk begins is still an encoding error, at that byte.
    @Test func anInvalidByteThatBeginsTheJunkIsAnEncodingError() {
        let bytes = Array("<r/>".utf8) + [0xFF] + Array("x".utf8)
        let whole = ChunkBoundaryTests.outcome { try Self.binder.parse(Data(bytes), as: Any?.self, file: "doc.xml") }
        #expect(whole.hasPrefix("1:5 error invalid-encoding"), "\(whole)")
        let chunks = ChunkBoundaryTests.pieces(bytes, cut: 5).map { Data($0) }
        #expect(
            ChunkBoundaryTests.outcome { try Self.binder.parse(chunks: chunks, as: Any?.self, file: "doc.xml") }
                == whole)
    }
}
