import Foundation
import Testing

@testable import XMLBind

/// Documents in memory and files up to ``ParseOptions/wholeFileLimit`` go to expat whole,
/// in one final call (issue 18); what they bind, and where their problems are reported,
/// must be what reading them in pieces gives.
@Suite("Whole input: one expat call for Data, String and small files")
struct WholeInputTests {
    final class Entry: Bindable, OriginAware {
        var key: String?
        var size = 0
        var origin: Origin?
        init() {}
    }

    final class Group: Bindable {
        var entries: [Entry] = []
        init() {}
    }

    static func binder(wholeFileLimit: Int = 64 << 20) -> XMLBinder {
        XMLBinder(options: ParseOptions(chunkSize: 64 << 10, wholeFileLimit: wholeFileLimit)).registeredAtSetup(
            mapping(Group.self, element: "group").children(\.entries),
            mapping(Entry.self, element: "entry").attribute(\.key).attribute(\.size))
    }

    /// 12,000 entries over 12,000 lines (about 400 KB, several pieces), then `tail`.
    static func document(declaration: String = "<?xml version='1.0'?>", tail: String = "") -> String {
        declaration + "\n<group>\n"
            + (0..<12_000).map { "  <entry key='k\($0)' size='\($0 % 97)'/>  <!-- \($0) -->\n" }.joined()
            + tail + "</group>\n"
    }

    static func file(_ text: Data, _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlbind-whole-\(UUID().uuidString)-\(name)")
        try text.write(to: url)
        return url
    }

    /// The same entries and origins from `Data`, a `String`, a file read whole and a file
    /// read in pieces.
    @Test func everyInputBindsTheSameGraph() throws {
        let text = Self.document()
        let url = try Self.file(Data(text.utf8), "same.xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let results = [
            try Self.binder().parse(Data(text.utf8), as: Group.self),
            try Self.binder().parse(text, as: Group.self),
            try Self.binder().parse(contentsOf: url, as: Group.self),
            try Self.binder(wholeFileLimit: 0).parse(contentsOf: url, as: Group.self),
        ]
        for group in results {
            #expect(group.entries.count == 12_000)
            #expect(group.entries.last?.key == "k11999")
            #expect(group.entries.last?.size == 11_999 % 97)
            #expect(group.entries.last?.origin?.line == 12_002)
            #expect(group.entries.last?.origin?.column == 3)
        }
    }

    /// A problem near the end of a whole document is located as in pieces, excerpt included.
    @Test func problemsAtTheEndAreLocated() throws {
        let text = Self.document(tail: "  <entry key='last' size='many'/>\n")
        let url = try Self.file(Data(text.utf8), "late.xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let errors = [
            bindError { _ = try Self.binder().parse(Data(text.utf8), as: Group.self, file: "late.xml") },
            bindError { _ = try Self.binder().parse(contentsOf: url, as: Group.self, file: "late.xml") },
            bindError {
                _ = try Self.binder(wholeFileLimit: 0).parse(contentsOf: url, as: Group.self, file: "late.xml")
            },
        ]
        for error in errors {
            let diagnostic = error?.diagnostics.first
            #expect(diagnostic?.origin == Origin(file: "late.xml", line: 12_003, column: 27))
            #expect(diagnostic?.sourceLine == "  <entry key='last' size='many'/>")
        }
        // Malformed at the very end: expat's own error, counted from the whole input.
        let cut = Data(Self.document().utf8.dropLast("</group>\n".utf8.count))
        let malformed = bindError { _ = try Self.binder().parse(cut, as: Group.self) }
        #expect(malformed?.code == .malformedXML)
        #expect((malformed?.diagnostics.first?.origin?.line ?? 0) >= 12_002)
    }

    /// A file over the document size limit is refused, whole read or not.
    @Test func filesOverTheSizeLimitAreRefused() throws {
        let url = try Self.file(Data(Self.document().utf8), "large.xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let binder = XMLBinder(options: ParseOptions(limits: ParseLimits(maximumDocumentSize: 100_000)))
            .registeredAtSetup(
                mapping(Group.self, element: "group").children(\.entries),
                mapping(Entry.self, element: "entry").attribute(\.key).attribute(\.size))
        let error = bindError { _ = try binder.parse(contentsOf: url, as: Group.self) }
        #expect(error?.code == .documentSizeLimitExceeded)
        let small = try Self.file(Data("<group><entry key='a'/></group>".utf8), "small.xml")
        defer { try? FileManager.default.removeItem(at: small) }
        #expect(try binder.parse(contentsOf: small, as: Group.self).entries.count == 1)
    }

    /// Encodings are still decided from the head of a whole input, and transcoded ones read.
    @Test func encodingsOfWholeInputs() throws {
        let declared = Self.document(
            declaration: "<?xml version='1.0' encoding='ISO-8859-1'?>", tail: "  <entry key='caf\u{E9}'/>\n")
        let latin1 = try #require(declared.data(using: .isoLatin1))
        let utf16 = try #require(Self.document(tail: "  <entry key='\u{65E5}'/>\n").data(using: .utf16))
        let shiftJIS = try #require(
            Self.document(
                declaration: "<?xml version='1.0' encoding='Shift_JIS'?>", tail: "  <entry key='\u{65E5}'/>\n"
            )
            .data(using: .shiftJIS))
        for (bytes, key) in [(latin1, "caf\u{E9}"), (utf16, "\u{65E5}"), (shiftJIS, "\u{65E5}")] {
            let url = try Self.file(bytes, "encoded.xml")
            defer { try? FileManager.default.removeItem(at: url) }
            for group in [
                try Self.binder().parse(bytes, as: Group.self),
                try Self.binder().parse(contentsOf: url, as: Group.self),
            ] {
                #expect(group.entries.count == 12_001)
                #expect(group.entries.last?.key == key)
                #expect(group.entries.last?.origin?.line == 12_003)
            }
        }
    }
}
