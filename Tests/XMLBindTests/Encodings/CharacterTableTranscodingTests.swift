import Foundation
import Testing

@testable import XMLBind

/// The table converter that turns documents in table encodings into UTF-8 for expat:
/// ASCII runs of every length around its eight-byte steps, characters of every length,
/// pieces cut at every byte, invalid sequences with their length, and a table whose
/// ASCII bytes are not all ASCII.
@Suite struct CharacterTableTranscodingTests {
    struct Case: CustomStringConvertible, Sendable {
        var iconvName: String
        /// Characters of the encoding beyond ASCII, one to three bytes each.
        var characters: [String]
        var description: String { iconvName }
    }

    static let cases = [
        Case(iconvName: "KOI8-R", characters: ["Ж", "ё", "я"]),
        Case(iconvName: "CP1251", characters: ["Д", "№", "ї"]),
        Case(iconvName: "CP932", characters: ["日", "ｱ", "本", "①"]),
        Case(iconvName: "EUC-JP", characters: ["日", "ｱ", "丂", "本"]),  // 丂 is JIS X 0212: three bytes
        Case(iconvName: "EUC-KR", characters: ["한", "국"]),
        Case(iconvName: "BIG5", characters: ["中", "文"]),
    ]

    /// ASCII runs of 0 to 17 bytes between the characters, so that every character falls
    /// at every position of an eight-byte step.
    static func text(_ test: Case) -> String {
        var text = ""
        for run in 0...17 {
            text += String(repeating: "a", count: run) + test.characters[run % test.characters.count]
        }
        return text + "<tail/>"
    }

    /// The table every parse uses (built once per process).
    static func table(_ name: String) throws -> CharacterTable {
        guard case .table(let table) = EncodingCatalog.reading(of: name) else {
            throw SystemIconv.Failed(description: "\(name) has no table")
        }
        return table
    }

    static func transcode(_ bytes: [UInt8], _ table: CharacterTable) -> (
        utf8: [UInt8], consumed: Int, stop: CharacterTable.TranscodeStop
    ) {
        let (utf8, consumed, stop) = bytes.withUnsafeBytes { table.transcode($0) }
        return (Array(utf8), consumed, stop)
    }

    @Test(arguments: cases)
    func convertsWholeAsIconvDoes(_ test: Case) async throws {
        let text = Self.text(test)
        let bytes = Array(try await SystemIconv.convert(text, to: test.iconvName))
        let table = try Self.table(test.iconvName)
        #expect(table.keepsASCII)
        let (utf8, consumed, stop) = Self.transcode(bytes, table)
        #expect(stop == .complete)
        #expect(consumed == bytes.count)
        #expect(String(decoding: utf8, as: UTF8.self) == text)
    }

    @Test(arguments: cases)
    func convertsInTwoPiecesCutAtEveryByte(_ test: Case) async throws {
        let text = Self.text(test)
        let bytes = Array(try await SystemIconv.convert(text, to: test.iconvName))
        let table = try Self.table(test.iconvName)
        for cut in 0...bytes.count {
            let transcoder = StreamTranscoder(table: table)
            let first = bytes[..<cut].withUnsafeBytes { transcoder.decode($0, isFinal: false) }
            let second = bytes[cut...].withUnsafeBytes { transcoder.decode($0, isFinal: true) }
            #expect(first.invalid == nil && second.invalid == nil)
            #expect(String(decoding: first.utf8 + second.utf8, as: UTF8.self) == text, "cut at \(cut)")
        }
    }

    @Test func aTableWhoseASCIIBytesDifferConvertsThemOneByOne() throws {
        // glibc's plain SHIFT_JIS reads 0x5C as YEN SIGN and 0x7E as OVERLINE.
        let table = try Self.table("SHIFT_JIS")
        #expect(!table.keepsASCII)
        let bytes = Array("abcdefgh\\ijklmnop~q".utf8)
        let (utf8, _, stop) = Self.transcode(bytes, table)
        #expect(stop == .complete)
        #expect(String(decoding: utf8, as: UTF8.self) == "abcdefgh¥ijklmnop‾q")
    }

    @Test func invalidSequencesStopWithTheirLength() throws {
        let windows1251 = try Self.table("CP1251")
        let single = Self.transcode(Array("abcdefghij".utf8) + [0x98, 0x41], windows1251)
        #expect(single.stop == .invalid(length: 1))
        #expect(single.consumed == 10)
        #expect(String(decoding: single.utf8, as: UTF8.self) == "abcdefghij")
        let shiftJIS = try Self.table("CP932")
        let pair = Self.transcode([0x41, 0x81, 0x20, 0x41], shiftJIS)
        #expect(pair.stop == .invalid(length: 2))
        #expect(pair.consumed == 1)
        let cut = Self.transcode([0x41, 0x93], shiftJIS)
        #expect(cut.stop == .incomplete)
        #expect(cut.consumed == 1)
    }

    @Test func anInvalidSequenceNamesItsBytesAndShowsTheRestOfItsLine() throws {
        let transcoder = StreamTranscoder(table: try Self.table("CP932"))
        let bytes: [UInt8] = Array("<r>x".utf8) + [0x81, 0x20] + Array("y</r>\nnext".utf8)
        let decoded = bytes.withUnsafeBytes { transcoder.decode($0, isFinal: true) }
        #expect(Array(decoded.utf8) == Array("<r>x".utf8))
        #expect(decoded.invalid == [0x81, 0x20])
        #expect(String(decoding: decoded.restOfLine, as: UTF8.self) == "\u{FFFD}y</r>")
        // A character the input ends inside is invalid at the end of the document.
        let last = StreamTranscoder(table: try Self.table("CP932"))
        let cut = [UInt8]([0x41, 0x93]).withUnsafeBytes { last.decode($0, isFinal: true) }
        #expect(cut.invalid == [0x93])
    }
}
