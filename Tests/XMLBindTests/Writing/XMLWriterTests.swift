import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// The writer's one-pass escaping (eight bytes at a time where nothing needs a look)
/// against a plain character-by-character reference, on random strings.
@Suite struct XMLWriterTests {
    /// What the escaping must give, written the obvious way; `nil` for a string XML
    /// cannot hold.
    static func reference(_ value: String, inAttribute: Bool) -> String? {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: return nil
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func escapingMatchesTheReference() {
        var random = SeededGenerator(seed: 13)
        let pieces = [
            "a", "bcdefgh", "&", "<", ">", "\"", "\t", "\n", "\r", "\u{1}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}",
            "\u{EFBF}",
            "é", "𝄞", "0123456789", " ", "?", "=",
        ]
        for _ in 0..<20_000 {
            let value = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? ""
            }.joined()
            for inAttribute in [false, true] {
                var writer = XMLWriter()
                writer.raw("x")
                let written: String?
                do {
                    if inAttribute {
                        try writer.attribute(start: Array(#" a=""#.utf8), value)
                    } else {
                        try writer.text(value)
                    }
                    let text = String(decoding: writer.buffer, as: UTF8.self).dropFirst()
                    written = String(inAttribute ? text.dropFirst(4).dropLast() : text)
                } catch {
                    // Nothing of a refused value is left behind.
                    #expect(writer.buffer == Array("x".utf8))
                    written = nil
                }
                #expect(written == Self.reference(value, inAttribute: inAttribute), "\(Array(value.unicodeScalars))")
            }
        }
    }

    /// A value is escaped in pieces of ``XMLWriter/escapeChunk`` bytes: references, refused
    /// characters and the three bytes of U+FFFE and U+FFFF are found across their borders.
    @Test(arguments: [-3, -2, -1, 0, 1])
    func longValuesAreEscapedAcrossPieces(offset: Int) {
        let before = String(repeating: "a", count: XMLWriter.escapeChunk + offset)
        for piece in ["&<>\"\r\n\t", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "\u{1}", "é𝄞"] {
            let value = before + piece + String(repeating: "b&", count: 3000)
            var writer = XMLWriter()
            writer.raw("x")
            let written: String?
            do {
                try writer.text(value)
                written = String(String(decoding: writer.buffer, as: UTF8.self).dropFirst())
            } catch {
                #expect(writer.buffer == Array("x".utf8))
                written = nil
            }
            #expect(written == Self.reference(value, inAttribute: false), "\(piece.unicodeScalars.map(\.value))")
            var attribute = XMLWriter()
            do {
                try attribute.attribute(start: Array(#" a=""#.utf8), value)
                let text = String(decoding: attribute.buffer, as: UTF8.self)
                #expect(String(text.dropFirst(4).dropLast()) == Self.reference(value, inAttribute: true))
            } catch {
                #expect(attribute.buffer.isEmpty)
                #expect(Self.reference(value, inAttribute: true) == nil)
            }
        }
    }
}
