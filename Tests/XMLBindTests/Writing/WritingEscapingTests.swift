import Foundation
import Testing

@testable import XMLBind

@Suite("Writing: escaping, CDATA and characters XML cannot hold")
struct WritingEscapingTests {
    struct Note: Bindable {
        var title: String?
        var body: String?
        var script: String?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Note.self, element: "note").attribute(\.title).element(\.body).element(\.script).writtenAsCDATA())

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let value: String
        /// The whole document, with the value in the attribute, the element and the CDATA element.
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "markup characters", value: #"a & b < c > d"#,
            expected: #"<note title="a &amp; b &lt; c &gt; d"><body>a &amp; b &lt; c &gt; d</body>"#
                + #"<script><![CDATA[a & b < c > d]]></script></note>"#),
        Case(
            testDescription: "quotes", value: #"say "hi" it's"#,
            expected: #"<note title="say &quot;hi&quot; it's"><body>say "hi" it's</body>"#
                + #"<script><![CDATA[say "hi" it's]]></script></note>"#),
        Case(
            testDescription: "line feed, tab and carriage return", value: "a\nb\tc\r\nd",
            expected: "<note title=\"a&#10;b&#9;c&#13;&#10;d\"><body>a\nb\tc&#13;\nd</body>"
                + "<script><![CDATA[a\nb\tc]]>&#13;<![CDATA[\nd]]></script></note>"),
        Case(
            testDescription: "]]> in CDATA", value: "if (a[b[0]]>c) ]]]>",
            expected: #"<note title="if (a[b[0]]&gt;c) ]]]&gt;"><body>if (a[b[0]]&gt;c) ]]]&gt;</body>"#
                + #"<script><![CDATA[if (a[b[0]]]]><![CDATA[>c) ]]]]]><![CDATA[>]]></script></note>"#),
        Case(
            testDescription: "non-ASCII and characters near the limits", value: "é 漢字 🎉 \u{7F} \u{85} \u{FFFD}",
            expected: "<note title=\"é 漢字 🎉 \u{7F} \u{85} \u{FFFD}\"><body>é 漢字 🎉 \u{7F} \u{85} \u{FFFD}</body>"
                + "<script><![CDATA[é 漢字 🎉 \u{7F} \u{85} \u{FFFD}]]></script></note>"),
        Case(
            testDescription: "the empty string", value: "",
            expected: #"<note title=""><body/><script/></note>"#),
        Case(
            testDescription: "spaces kept", value: "  two  spaces  ",
            expected: #"<note title="  two  spaces  "><body>  two  spaces  </body>"#
                + #"<script><![CDATA[  two  spaces  ]]></script></note>"#),
    ]

    @Test(arguments: cases)
    func escapesAndReadsBack(_ test: Case) throws {
        var note = Note()
        note.title = test.value
        note.body = test.value
        note.script = test.value
        let text = try Self.binder.xml(from: note, options: Self.compact)
        #expect(text == test.expected)
        let back = try Self.binder.parse(text, as: Note.self)
        #expect(back.title == test.value)
        #expect(back.body == test.value)
        #expect(back.script == test.value || (test.value.isEmpty && back.script == ""))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let note: Note
        let message: String
    }

    static func note(title: String? = nil, body: String? = nil, script: String? = nil) -> Note {
        var note = Note()
        note.title = title
        note.body = body
        note.script = script
        return note
    }

    static let badCases: [BadCase] = [
        BadCase(
            testDescription: "a bell in an attribute", note: note(title: "ding\u{07}"),
            message: "cannot write property 'title' of <note>: the character U+0007 is not allowed in XML 1.0"),
        BadCase(
            testDescription: "NUL in an element", note: note(body: "a\u{0}b"),
            message: "cannot write property 'body' of <note>: the character U+0000 is not allowed in XML 1.0"),
        BadCase(
            testDescription: "escape in CDATA", note: note(script: "\u{1B}[31m"),
            message: "cannot write property 'script' of <note>: the character U+001B is not allowed in XML 1.0"),
        BadCase(
            testDescription: "U+FFFE", note: note(body: "x\u{FFFE}"),
            message: "cannot write property 'body' of <note>: the character U+FFFE is not allowed in XML 1.0"),
        BadCase(
            testDescription: "U+FFFF", note: note(title: "\u{FFFF}"),
            message: "cannot write property 'title' of <note>: the character U+FFFF is not allowed in XML 1.0"),
    ]

    @Test(arguments: badCases)
    func controlCharactersAreRejected(_ test: BadCase) {
        let error = bindError { _ = try Self.binder.xml(from: test.note) }
        #expect(error?.code == .invalidCharacter)
        #expect(error?.message == test.message)
    }

    final class Page: Bindable, XMLAttributeContainer {
        var extra: [(name: String, value: String)] = [("data-x", "\u{08}")]
        init() {}
        func addAttribute(_ name: String, value: String) {}
        var attributesToWrite: [(name: String, value: String)] { extra }
    }

    @Test func controlCharactersInExtraAttributesAreRejected() {
        let binder = XMLBinder().registeredAtSetup(mapping(Page.self, element: "page"))
        let error = bindError { _ = try binder.xml(from: Page()) }
        #expect(
            error?.message
                == "cannot write attribute 'data-x' of <page>: the character U+0008 is not allowed in XML 1.0")
    }

    struct Body: Bindable {
        var text = ""
        init() {}
    }

    @Test func textContentIsEscapedAndCanBeCDATA() throws {
        var body = Body()
        body.text = "1 < 2 && ]]> \r"
        let plain = XMLBinder().registeredAtSetup(mapping(Body.self, element: "b").text(\.text))
        #expect(try plain.xml(from: body, options: Self.compact) == "<b>1 &lt; 2 &amp;&amp; ]]&gt; &#13;</b>")
        let cdata = XMLBinder().registeredAtSetup(mapping(Body.self, element: "b").text(\.text).writtenAsCDATA())
        let text = try cdata.xml(from: body, options: Self.compact)
        #expect(text == "<b><![CDATA[1 < 2 && ]]]]><![CDATA[> ]]>&#13;<![CDATA[]]></b>")
        #expect(try cdata.parse(text, as: Body.self).text == body.text)
    }
}
