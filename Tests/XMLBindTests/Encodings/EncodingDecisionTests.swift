import Foundation
import Testing

@testable import XMLBind

/// How an encoding is decided and read: names and aliases, byte order marks, the
/// caller's name, and which path (expat's handler or transcoding) each encoding takes.
@Suite struct EncodingDecisionTests {
    static func decided(_ head: String, _ request: EncodingSniffer.Request = .init()) -> DocumentEncoding? {
        decided(Array(head.utf8), request)
    }

    static func decided(_ head: [UInt8], _ request: EncodingSniffer.Request = .init()) -> DocumentEncoding? {
        if case .decided(let encoding) = EncodingSniffer.decide(head, isFinal: true, request: request) {
            return encoding
        }
        return nil
    }

    static func declaring(_ name: String) -> String {
        "<?xml version='1.0' encoding='\(name)'?><r/>"
    }

    struct PathCase: CustomStringConvertible, Sendable {
        var name: String
        var viaTable: Bool
        var description: String { name }
    }

    @Test(arguments: [
        PathCase(name: "KOI8-R", viaTable: true), PathCase(name: "windows-1251", viaTable: true),
        PathCase(name: "TIS-620", viaTable: true), PathCase(name: "Shift_JIS", viaTable: true),
        PathCase(name: "EUC-JP", viaTable: true), PathCase(name: "windows-1255", viaTable: true),
        PathCase(name: "windows-1258", viaTable: true),
        PathCase(name: "GBK", viaTable: true), PathCase(name: "Big5", viaTable: true),
        // EUC-KR is read as windows-949, whose table iconv's answers do not make.
        PathCase(name: "EUC-KR", viaTable: false), PathCase(name: "windows-949", viaTable: false),
        PathCase(name: "ISO-2022-JP", viaTable: false), PathCase(name: "GB18030", viaTable: false),
        PathCase(name: "EUC-TW", viaTable: false), PathCase(name: "Big5-HKSCS", viaTable: false),
    ])
    func encodingsThatFitExpatGoThroughItsHandler(_ test: PathCase) throws {
        let encoding = try #require(Self.decided(Self.declaring(test.name)))
        switch encoding.form {
        case .table: #expect(test.viaTable)
        case .transcoded: #expect(!test.viaTable)
        default: Issue.record("\(test.name) read as \(encoding.expatName)")
        }
        #expect(encoding.name == test.name)
    }

    /// UTF-7 only when the caller names it (a document's own declaration is refused: see
    /// HostileUTF7Tests), and then transcoded by iconv, which keeps its shift state.
    @Test func utf7NamedByTheCallerIsTranscoded() throws {
        var request = EncodingSniffer.Request()
        request.name = "UTF-7"
        let encoding = try #require(Self.decided("<r>+ADw-a/+AD4-</r>", request))
        guard case .transcoded = encoding.form else {
            Issue.record("UTF-7 read as \(encoding.expatName)")
            return
        }
        #expect(Self.decided(Self.declaring("UTF-7")) == nil)
    }

    @Test func namesMatchLooselyAndThroughAliases() throws {
        let pairs: [(String, String)] = [
            ("cp1251", "CP1251"), ("WINDOWS-1251", "CP1251"), ("x-mac-cyrillic", "MAC-CYRILLIC"),
            ("SJIS", "CP932"), ("shift-jis", "CP932"), ("ibm-866", "IBM866"), ("IBM866", "IBM866"),
            ("gb2312", "GBK"), ("GB_2312-80", "GBK"), ("big5", "CP950"), ("koi8r", "KOI8-R"),
            ("Latin2", "ISO-8859-2"), ("iso_8859-5", "ISO-8859-5"), ("csKOI8R", "KOI8-R"),
        ]
        for (name, iconvName) in pairs {
            #expect(EncodingName.resolve(name) == .iconv(iconvName), "\(name)")
        }
        #expect(EncodingName.resolve("utf8") == .utf8)
        #expect(EncodingName.resolve("Latin1") == .latin1)
        #expect(EncodingName.resolve("UTF-16LE") == .utf16(bigEndian: false))
        // Not names: iconv's suffixes, spaces, nothing at all.
        #expect(EncodingName.resolve("UTF-8//TRANSLIT") == nil)
        #expect(EncodingName.resolve("KOI8-R//IGNORE") == nil)
        #expect(EncodingName.resolve("no such encoding") == nil)
        #expect(EncodingName.resolve("") == nil)
        #expect(EncodingName.resolve("x-no-such-charset") == nil)
    }

    @Test func theFirstBytesDecideAsExpatDoes() throws {
        // Appendix F: a 0 first byte is UTF-16BE, a 0 second byte UTF-16LE, with or without `<`.
        #expect(Self.decided([0x0A, 0x00, 0x3C, 0x00])?.expatName == "UTF-16LE")
        #expect(Self.decided([0x00, 0x0A, 0x00, 0x3C])?.expatName == "UTF-16BE")
        #expect(Self.decided([0x3C, 0x00, 0x72, 0x00])?.expatName == "UTF-16LE")
        #expect(Self.decided([0xFE, 0xFF, 0x00, 0x3C])?.expatName == "UTF-16BE")
        #expect(Self.decided([0xEF, 0xBB, 0xBF, 0x3C])?.expatName == "UTF-8")
        #expect(Self.decided([0x00, 0x00, 0x00, 0x3C])?.isTranscoded == true)
        #expect(Self.decided("<r/>")?.expatName == "UTF-8")
    }

    @Test func theCallersNameWinsOverTheDeclarationAndABOMWinsOverBoth() throws {
        let request = EncodingSniffer.Request(name: "KOI8-R")
        #expect(Self.decided(Self.declaring("ISO-8859-1"), request)?.name == "KOI8-R")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.declaring("windows-1251").utf8)
        #expect(Self.decided(bom, request)?.expatName == "UTF-8")
        #expect(Self.decided(Self.declaring("KOI8-R"), .init(isString: true))?.expatName == "UTF-8")
    }

    @Test func aCallerNamedEncodingReadsTheDocument() async throws {
        // The bytes are KOI8-R; the declaration is wrong, as declarations served over
        // HTTP often are; the HTTP charset is right.
        let text = EncodingCase.cyrillic
        let data = try await SystemIconv.convert(
            "<?xml version='1.0' encoding='ISO-8859-1'?><r a='\(text)'>\(text)</r>", to: "KOI8-R")
        var binder = Hostile.binder()
        binder.options = ParseOptions(mode: .lenient, encoding: "koi8-r")
        let node = try #require(try binder.parse(data, as: Any?.self) as? HostileNode)
        #expect(node.text == text)
        #expect(node.attributes["a"] == text)
    }
}
