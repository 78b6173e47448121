import Foundation
import Testing

@testable import XMLBind

/// Bytes that are not what they claim: bad UTF-8 and UTF-16, bad characters, wrong declarations.
@Suite struct HostileEncodingTests {
    static func bytes(_ prefix: String, _ middle: [UInt8], _ suffix: String) -> Data {
        Data(Array(prefix.utf8) + middle + Array(suffix.utf8))
    }

    static func bareUTF16LittleEndian(_ text: String) -> [UInt8] {
        Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static let cases: [HostileCase] = utf8Cases + declarationCases + utf16Cases

    static let utf8Cases: [HostileCase] = [
        HostileCase("invalid UTF-8 byte in text", .invalidEncoding) { bytes("<r>", [0xFF], "</r>") },
        HostileCase("invalid UTF-8 in a name", .invalidEncoding) { bytes("<r", [0xC3, 0x28], "/>") },
        HostileCase("invalid UTF-8 in an attribute value", .invalidEncoding) { bytes("<r a='", [0xFE], "'/>") },
        HostileCase("overlong UTF-8 for '/'", .invalidEncoding) { bytes("<r>", [0xC0, 0xAF], "</r>") },
        HostileCase("overlong UTF-8, three bytes", .invalidEncoding) { bytes("<r>", [0xE0, 0x80, 0xAF], "</r>") },
        HostileCase("UTF-8-encoded surrogate", .invalidEncoding) { bytes("<r>", [0xED, 0xA0, 0x80], "</r>") },
        HostileCase("UTF-8 beyond U+10FFFF", .invalidEncoding) { bytes("<r>", [0xF4, 0x90, 0x80, 0x80], "</r>") },
        HostileCase("truncated UTF-8 sequence", .invalidEncoding) { bytes("<r>", [0xE2, 0x82], "</r>") },
        HostileCase("NUL byte in text", .malformedXML) { bytes("<r>", [0x00], "</r>") },
        HostileCase("NUL byte in a name", .malformedXML) { bytes("<r", [0x00], "/>") },
        HostileCase("control character in text", .malformedXML) { bytes("<r>", [0x01], "</r>") },
        HostileCase("character reference to NUL", .malformedXML) { Data(utf8: "<r>&#0;</r>") },
        HostileCase("character reference to a surrogate", .malformedXML) { Data(utf8: "<r>&#xD800;</r>") },
        HostileCase("character reference beyond U+10FFFF", .malformedXML) { Data(utf8: "<r>&#x110000;</r>") },
        HostileCase("character reference to U+FFFE", .malformedXML) { Data(utf8: "<r>&#xFFFE;</r>") },
        HostileCase("character reference overflowing", .malformedXML) {
            Data(utf8: "<r>&#99999999999999999999;</r>")
        },
        HostileCase("character reference in an attribute to NUL", .malformedXML) { Data(utf8: "<r a='&#x0;'/>") },
    ]

    static let declarationCases: [HostileCase] = [
        HostileCase("UTF-8 byte order mark declaring UTF-16", .invalidEncoding) {
            bytes("", [0xEF, 0xBB, 0xBF], "<?xml version='1.0' encoding='UTF-16'?><r/>")
        },
        HostileCase("UTF-16 byte order mark declaring UTF-8", .invalidEncoding) {
            .utf16LittleEndian(Array("<?xml version='1.0' encoding='UTF-8'?><r/>".utf16))
        },
        HostileCase("ASCII bytes declaring UTF-16", .invalidEncoding) {
            Data(utf8: "<?xml version='1.0' encoding='UTF-16'?><r/>")
        },
        HostileCase("unknown encoding", .invalidEncoding) {
            Data(utf8: "<?xml version='1.0' encoding='EBCDIC-XYZ'?><r/>")
        },
        HostileCase("XML version 2.0", .unsupportedXMLVersion) { Data(utf8: "<?xml version='2.0'?><r/>") },
        HostileCase("XML version 1.", .unsupportedXMLVersion) { Data(utf8: "<?xml version='1.'?><r/>") },
        HostileCase("XML version 1.0a", .unsupportedXMLVersion) { Data(utf8: "<?xml version='1.0a'?><r/>") },
    ]

    static let utf16Cases: [HostileCase] = [
        HostileCase("UTF-16LE lone high surrogate before a letter", .invalidEncoding) {
            .utf16LittleEndian(Array("<r>".utf16) + [0xD800] + Array("A</r>".utf16))
        },
        HostileCase("UTF-16BE lone high surrogate before a letter", .invalidEncoding) {
            .utf16BigEndian(Array("<r>".utf16) + [0xDBFF] + Array("A</r>".utf16))
        },
        HostileCase("UTF-16 lone low surrogate", .invalidEncoding) {
            .utf16LittleEndian(Array("<r>".utf16) + [0xDC00] + Array("</r>".utf16))
        },
        HostileCase("UTF-16 two high surrogates", .invalidEncoding) {
            .utf16LittleEndian(Array("<r>".utf16) + [0xD800, 0xD800, 0xDC00] + Array("</r>".utf16))
        },
        HostileCase("UTF-16 lone high surrogate in a name", .invalidEncoding) {
            .utf16LittleEndian(Array("<r".utf16) + [0xD800] + Array("a/>".utf16))
        },
        HostileCase("UTF-16 high surrogate at the end", .invalidEncoding) {
            .utf16LittleEndian(Array("<r/>".utf16) + [0xD800])
        },
        HostileCase("UTF-16 without byte order mark, lone surrogate", .invalidEncoding) {
            let bytes: [UInt8] =
                bareUTF16LittleEndian("<r>") + [0x00, 0xD8, 0x41, 0x00] + bareUTF16LittleEndian("</r>")
            return Data(bytes)
        },
        HostileCase("odd number of bytes in UTF-16", .malformedXML) {
            var data = Data.utf16LittleEndian(Array("<r/>".utf16))
            data.append(0x20)
            return data
        },
    ]

    @Test(arguments: cases)
    func refused(_ hostile: HostileCase) {
        hostile.check()
    }

    @Test func validSurrogatePairsParse() throws {
        let emoji: [UInt16] = [0xD83D, 0xDE00]
        for data in [
            Data.utf16LittleEndian(Array("<r a='".utf16) + emoji + Array("'>".utf16) + emoji + Array("</r>".utf16)),
            Data.utf16BigEndian(Array("<r a='".utf16) + emoji + Array("'>".utf16) + emoji + Array("</r>".utf16)),
        ] {
            let node = try #require(try Hostile.standard.parse(data, as: Any?.self, file: nil) as? HostileNode)
            #expect(node.text == "😀")
            #expect(node.attributes["a"] == "😀")
        }
    }

    @Test func surrogatePairSplitAcrossChunksParses() throws {
        let data = Data.utf16LittleEndian(Array("<r>".utf16) + [0xD83D, 0xDE00] + Array("</r>".utf16))
        for cut in 0...data.count {
            let node = try #require(
                try Hostile.standard.parse(chunks: [data.prefix(cut), data.dropFirst(cut)], as: Any?.self)
                    as? HostileNode)
            #expect(node.text == "😀", "cut at \(cut)")
        }
    }

    @Test func xmlVersion11IsAccepted() throws {
        #expect(Hostile.code(of: Data(utf8: "<?xml version='1.1'?><r/>")) == nil)
    }

    @Test func surrogateCheckReportsTheOffset() {
        var check = SurrogateCheck(bigEndian: false)
        let data = Data.utf16LittleEndian(Array("<r>".utf16) + [0xDC00])
        let offset = data.withUnsafeBytes { check.check($0) }
        #expect(offset == 8)
    }
}
