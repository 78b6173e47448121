import Foundation
import Testing

@testable import XMLBind

/// Labels read as the supersets that documents bearing them really use, as browsers do (the
/// WHATWG Encoding Standard), and windows-1255 read byte for byte, as browsers and Python do.
@Suite struct EncodingSupersetTests {
    final class Line: Bindable {
        var text: String?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(mapping(Line.self, element: "r").text(\.text))

    /// `bytes` inside `<r>`, in a document declaring `label`.
    static func read(_ bytes: [UInt8], declaring label: String) throws -> String? {
        let data = Data("<?xml version='1.0' encoding='\(label)'?><r>".utf8) + Data(bytes) + Data("</r>".utf8)
        return try binder.parse(data, as: Line.self).text
    }

    static func scalars(_ text: String?) -> [UInt32] {
        text.map { $0.unicodeScalars.map(\.value) } ?? []
    }

    @Test(arguments: ["tis-620", "TIS620", "iso-8859-11", "windows-874"])
    func tis620IsReadAsWindows874(_ label: String) throws {
        // ก, then windows-874's en dash (0x96) and euro sign (0x80), which TIS-620 lacks.
        #expect(try Self.read([0xA1, 0x96, 0x80], declaring: label) == "ก–€")
        #expect(EncodingName.resolve(label) == .iconv("CP874"))
    }

    @Test(arguments: ["euc-kr", "EUC-KR", "ks_c_5601-1987", "korean", "windows-949", "cp949"])
    func eucKRIsReadAsWindows949(_ label: String) throws {
        // 한 (0xC7 0xD1, in EUC-KR too), then 똠 (0x8C 0x63), which only the superset has.
        #expect(try Self.read([0xC7, 0xD1, 0x8C, 0x63], declaring: label) == "한똠")
        #expect(EncodingName.resolve(label) == .iconv("CP949"))
    }

    @Test func windows1255KeepsBaseLettersAndPointsApart() throws {
        // וּ (vav, dagesh) and שׁ (shin, shin dot): not composed into U+FB35 and U+FB2A.
        let text = try Self.read([0xE5, 0xCC, 0xF9, 0xD1, 0x20, 0xA4], declaring: "windows-1255")
        #expect(Self.scalars(text) == [0x05D5, 0x05BC, 0x05E9, 0x05C1, 0x20, 0x20AA])
    }
}
