import Foundation
import Testing

@testable import XMLBind

/// Encoding problems are located errors that name the encoding: unknown names at the
/// declaration, invalid bytes at their line and column (in characters), with the decoded
/// line shown; replacement only when asked for.
@Suite struct EncodingErrorTests {
    struct ErrorCase: CustomStringConvertible, Sendable {
        var label: String
        var bytes: [UInt8]
        var printed: String
        var description: String { label }
    }

    static func document(_ encoding: String, _ body: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n".utf8) + body
    }

    /// "日本" in Shift_JIS and in ISO-2022-JP (JIS X 0208 between its escape sequences),
    /// written out so that gathering the cases runs no converter.
    static let japaneseShiftJIS: [UInt8] = [0x93, 0xFA, 0x96, 0x7B]
    static let japaneseISO2022JP: [UInt8] = [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42]

    static let cases: [ErrorCase] = [
        ErrorCase(
            label: "unknown encoding name",
            bytes: Array("<?xml version=\"1.0\" encoding=\"x-klingon\"?>\n<r/>".utf8),
            printed: """
                doc.xml:1:31: error: unknown encoding 'x-klingon' in the XML declaration
                    1 | <?xml version="1.0" encoding="x-klingon"?>
                      |                               ^
                """),
        ErrorCase(
            label: "invalid Shift_JIS pair (expat's handler)",
            bytes: document(
                "Shift_JIS", Array("<r>\n  ".utf8) + japaneseShiftJIS + [0x81, 0x20] + Array("x</r>".utf8)),
            printed: """
                doc.xml:3:5: error: bytes 0x81 0x20 are not valid Shift_JIS
                    3 |   日本�x</r>
                      |       ^
                """),
        ErrorCase(
            label: "invalid windows-1251 byte",
            bytes: document("windows-1251", Array("<r a='".utf8) + [0xC0, 0x98] + Array("'/>".utf8)),
            printed: """
                doc.xml:2:8: error: byte 0x98 is not valid windows-1251
                    2 | <r a='А�'/>
                      |        ^
                """),
        ErrorCase(
            label: "invalid byte in ISO-2022-JP (transcoded)",
            bytes: document(
                "ISO-2022-JP", Array("<r>\n".utf8) + japaneseISO2022JP + [0x80] + Array("</r>".utf8)),
            printed: """
                doc.xml:3:3: error: byte 0x80 is not valid ISO-2022-JP
                    3 | 日本
                      |     ^
                """),
        ErrorCase(
            label: "cut GB18030 four-byte sequence (transcoded)",
            bytes: document("GB18030", Array("<r>".utf8) + [0x81, 0x30, 0x20] + Array("</r>".utf8)),
            printed: """
                doc.xml:2:4: error: byte 0x81 is not valid GB18030
                    2 | <r>
                      |    ^
                """),
        ErrorCase(
            label: "invalid UTF-8",
            bytes: Array("<r>\n  é".utf8) + [0xC3, 0x28] + Array("</r>".utf8),
            printed: """
                doc.xml:2:4: error: byte 0xC3 is not valid UTF-8
                    2 |   é�(</r>
                      |    ^
                """),
        ErrorCase(
            label: "UTF-16 declared in 8-bit bytes",
            bytes: Array("<?xml version='1.0' encoding='UTF-16'?><r/>".utf8),
            printed: """
                doc.xml:1:31: error: the XML declaration names encoding 'UTF-16', which contradicts its bytes, which are 8-bit
                    1 | <?xml version='1.0' encoding='UTF-16'?><r/>
                      |                               ^
                """),
        ErrorCase(
            label: "EBCDIC declared in ASCII",
            bytes: Array("<?xml version='1.0' encoding='IBM037'?><r/>".utf8),
            printed: """
                doc.xml:1:31: error: the XML declaration names encoding 'IBM037', which contradicts its declaration, which is written in ASCII
                    1 | <?xml version='1.0' encoding='IBM037'?><r/>
                      |                               ^
                """),
    ]

    static func printed(_ bytes: [UInt8], binder: XMLBinder = Hostile.standard) -> String? {
        do {
            _ = try binder.parse(Data(bytes), as: Any?.self, file: "doc.xml")
            return nil
        } catch {
            return (error as? XMLBindError)?.description ?? "\(error)"
        }
    }

    @Test(arguments: cases)
    func isALocatedErrorNamingTheEncoding(_ test: ErrorCase) {
        #expect(Self.printed(test.bytes) == test.printed)
        #expect(Hostile.code(of: Data(test.bytes)) == .invalidEncoding)
        // The same place and message, fed a byte at a time, and streamed (the excerpt of
        // a chunked parse ends where its input stopped).
        let firstLine = test.printed.split(separator: "\n").first.map(String.init)
        do {
            _ = try Hostile.standard.parse(chunks: test.bytes.map { Data([$0]) }, as: Any?.self, file: "doc.xml")
            Issue.record("parsed in chunks")
        } catch {
            #expect("\(error)".split(separator: "\n").first.map(String.init) == firstLine)
        }
        do {
            try Hostile.standard.stream(Data(test.bytes), as: HostileNode.self, file: "doc.xml") { _ in .continue }
            Issue.record("streamed")
        } catch {
            #expect((error as? XMLBindError)?.description == test.printed)
        }
    }

    @Test func anUnknownNameFromTheCallerIsAnError() {
        var binder = Hostile.binder()
        binder.options = ParseOptions(mode: .lenient, encoding: "x-klingon")
        #expect(
            Self.printed(Array("<r/>".utf8), binder: binder)
                == "doc.xml:1:1: error: unknown encoding 'x-klingon' (named by ParseOptions.encoding)\n    1 | <r/>\n      | ^"
        )
    }

    @Test func invalidBytesBecomeReplacementCharactersWhenAsked() throws {
        var binder = Hostile.binder()
        binder.options = ParseOptions(mode: .lenient, replacesInvalidBytes: true)
        for (encoding, body) in [
            ("windows-1251", [0xC0, 0x98, 0xC1]), ("Shift_JIS", [0x93, 0xFA, 0x81, 0x20]),
            ("ISO-2022-JP", [0x41, 0x80, 0x42]), ("UTF-8", [0xC3, 0x28]),
        ] as [(String, [UInt8])] {
            let bytes = Self.document(encoding, Array("<r>".utf8) + body + Array("</r>".utf8))
            let node = try #require(try binder.parse(Data(bytes), as: Any?.self) as? HostileNode, "\(encoding)")
            #expect(node.text?.contains("\u{FFFD}") == true, "\(encoding): \(node.text ?? "nil")")
            let chunked = try #require(
                try binder.parse(chunks: bytes.map { Data([$0]) }, as: Any?.self) as? HostileNode)
            #expect(chunked.text == node.text, "\(encoding)")
        }
    }
}
