import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Documents in other encodings, made by the system's `iconv` command (a real peer, not
/// XMLBind's own iconv layer).
enum SystemIconv {
    /// Converts UTF-8 text to `encoding` with `/usr/bin/iconv`.
    static func convert(_ text: String, to encoding: String) async throws -> Data {
        try checked(await ProcessRun.run(iconv, ["-f", "UTF-8", "-t", encoding], bytes: Data(text.utf8)))
    }

    /// ``convert(_:to:)`` waiting on the caller's thread: only for a table of cases built once
    /// while the suite's arguments are gathered, outside any test's task.
    @available(*, noasync)
    static func convertBlocking(_ text: String, to encoding: String) throws -> Data {
        try checked(ProcessRun.runBlocking(iconv, ["-f", "UTF-8", "-t", encoding], bytes: Data(text.utf8)))
    }

    /// Converts bytes in `encoding` to UTF-8 text with `/usr/bin/iconv`.
    static func decode(_ data: Data, from encoding: String) async throws -> String {
        String(
            decoding: try checked(await ProcessRun.run(iconv, ["-f", encoding, "-t", "UTF-8"], bytes: data)),
            as: UTF8.self)
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    private static let iconv = URL(fileURLWithPath: "/usr/bin/iconv")

    private static func checked(_ run: ProcessRun) throws -> Data {
        guard run.status == 0 else { throw Failed(description: "iconv failed: \(run.stderr)") }
        return run.output
    }
}

/// One encoding of the issue's list: the name a document declares, the name `iconv` makes
/// it with, and text of the scripts it writes (with an element name in that script).
struct EncodingCase: CustomStringConvertible, Sendable {
    var declared: String
    var iconvName: String
    var text: String
    var name: String
    var description: String { declared }

    init(_ declared: String, _ iconvName: String, _ text: String, name: String) {
        self.declared = declared
        self.iconvName = iconvName
        self.text = text
        self.name = name
    }

    static let cyrillic = "Съешь же ещё этих мягких булок"

    static let all: [EncodingCase] = [
        EncodingCase("windows-1250", "CP1250", "Příliš žluťoučký kůň – „úpěl“", name: "kůň"),
        EncodingCase("windows-1251", "CP1251", cyrillic + " №5", name: "булка"),
        EncodingCase("windows-1252", "CP1252", "Café crème brûlée €5 – “quoted” œ", name: "café"),
        EncodingCase("windows-1255", "CP1255", "שלום עולם ₪", name: "שלום"),
        EncodingCase("ISO-8859-2", "ISO-8859-2", "Zażółć gęślą jaźń", name: "jaźń"),
        EncodingCase("ISO-8859-5", "ISO-8859-5", cyrillic, name: "булка"),
        EncodingCase("ISO-8859-7", "ISO-8859-7", "Καλημέρα κόσμε", name: "κόσμε"),
        EncodingCase("ISO-8859-9", "ISO-8859-9", "Şişli ğüç İstanbul", name: "Şişli"),
        EncodingCase("KOI8-R", "KOI8-R", cyrillic, name: "булка"),
        EncodingCase("IBM866", "IBM866", cyrillic, name: "булка"),
        EncodingCase("ibm-855", "IBM855", cyrillic, name: "булка"),
        EncodingCase("x-mac-cyrillic", "MACCYRILLIC", cyrillic, name: "булка"),
        EncodingCase("TIS-620", "TIS-620", "สวัสดีครับ ภาษาไทย", name: "ภาษา"),
        EncodingCase("Shift_JIS", "SHIFT_JIS", "日本語のテキスト、カタカナとｶﾀｶﾅ", name: "名前"),
        EncodingCase("EUC-JP", "EUC-JP", "日本語のテキスト、鷗外と丂", name: "名前"),
        EncodingCase("ISO-2022-JP", "ISO-2022-JP", "日本語のテキスト、カタカナ", name: "名前"),
        EncodingCase("EUC-KR", "EUC-KR", "안녕하세요 세계", name: "이름"),
        EncodingCase("Big5", "BIG5", "繁體中文測試 €", name: "名字"),
        EncodingCase("GB2312", "GB2312", "简体中文测试", name: "名字"),
        EncodingCase("GBK", "GBK", "简体中文测试 喆", name: "名字"),
        EncodingCase("GB18030", "GB18030", "简体中文 𠀀 😀 €", name: "名字"),
        EncodingCase("EUC-TW", "EUC-TW", "繁體中文測試", name: "名字"),
    ]

    /// The document, as UTF-8 text: the element name on line 3, the text in an attribute
    /// and as element text.
    var document: String {
        "<?xml version=\"1.0\" encoding=\"\(declared)\"?>\n<r a=\"\(text)\">\n<\(name) a=\"\(text)\">\(text)</\(name)>"
            + "<b>\(text)</b></r>\n"
    }

    /// The document in its encoding, made by `iconv`.
    func encoded() async throws -> Data {
        try await SystemIconv.convert(document, to: iconvName)
    }

    /// A binder for the document: `r`, `b` and the case's element name.
    var binder: XMLBinder {
        XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(HostileNode.self, element: "r").text(\.text),
            mapping(HostileNode.self, element: "b").text(\.text),
            mapping(HostileNode.self, element: name).text(\.text))
    }

    /// Checks what a parse of the document bound.
    func check(_ root: Any?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let root = root as? HostileNode else {
            Issue.record("no root bound", sourceLocation: sourceLocation)
            return
        }
        #expect(root.attributes["a"] == text, sourceLocation: sourceLocation)
        #expect(root.children.count == 2, sourceLocation: sourceLocation)
        guard root.children.count == 2 else { return }
        #expect(root.children[0].text == text, sourceLocation: sourceLocation)
        #expect(root.children[0].attributes["a"] == text, sourceLocation: sourceLocation)
        #expect(root.children[0].origin?.line == 3, sourceLocation: sourceLocation)
        #expect(root.children[0].origin?.column == 1, sourceLocation: sourceLocation)
        #expect(root.children[1].text == text, sourceLocation: sourceLocation)
        // Columns count characters of the original document: the <b> follows the named
        // element on line 3.
        let column = 1 + "<\(name) a=\"\(text)\">\(text)</\(name)>".unicodeScalars.count
        #expect(root.children[1].origin?.column == column, sourceLocation: sourceLocation)
    }
}

/// A writable model of ``EncodingCase/document``: `r` with its attribute, its `b` text and
/// its parts (the elements named in the case's script).
final class EncodedNote: Bindable {
    var title: String?
    var body: String?
    var parts: [EncodedPart] = []
    init() {}
}

final class EncodedPart: Bindable {
    var label: String?
    var text: String?
    init() {}
}

extension EncodingCase {
    /// A binder that reads and writes ``EncodedNote``s.
    var writableBinder: XMLBinder {
        XMLBinder().registeredAtSetup(
            mapping(EncodedNote.self, element: "r").attribute(\.title, xml: "a").children(\.parts)
                .element(\.body, xml: "b"),
            mapping(EncodedPart.self, element: name).attribute(\.label, xml: "a").text(\.text))
    }
}
