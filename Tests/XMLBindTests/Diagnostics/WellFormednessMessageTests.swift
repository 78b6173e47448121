import Foundation
import Testing
import XMLBind

/// expat's terse well-formedness messages, rewritten to say what to do: each printed whole.
@Suite struct WellFormednessMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        let expected: String
    }

    static let checker = XMLBinder(options: ParseOptions(mode: .lenient))

    static let cases: [Case] = [
        Case(
            testDescription: "a bare & in text: the caret on the &",
            document: "<menu>\n  <dish>fish & chips</dish>\n</menu>",
            expected: """
                m.xml:2:14: error: unescaped '&': write '&amp;' for a literal ampersand, or end the entity \
                reference with ';'
                    2 |   <dish>fish & chips</dish>
                      |              ^
                      |              &amp;
                """),
        Case(
            testDescription: "a & followed by a name without ';'",
            document: "<menu><dish>fish &chips</dish></menu>",
            expected: """
                m.xml:1:18: error: unescaped '&': write '&amp;' for a literal ampersand, or end the entity \
                reference with ';'
                    1 | <menu><dish>fish &chips</dish></menu>
                      |                  ^
                      |                  &amp;
                """),
        Case(
            testDescription: "a bare & in an attribute value",
            document: #"<company name="R&D"/>"#,
            expected: """
                m.xml:1:17: error: unescaped '&': write '&amp;' for a literal ampersand, or end the entity \
                reference with ';'
                    1 | <company name="R&D"/>
                      |                 ^
                      |                 &amp;
                """),
        Case(
            testDescription: "a < in an attribute value",
            document: #"<rule test="a<b"/>"#,
            expected: """
                m.xml:1:14: error: '<' is not allowed in an attribute value: write '&lt;'
                    1 | <rule test="a<b"/>
                      |              ^
                      |              &lt;
                """),
        Case(
            testDescription: "a mismatched end tag names the element it should close and where that opened",
            document: "<config>\n  <server port=\"80\">\n    <name>web</name>\n</config>",
            expected: """
                m.xml:4:3: error: mismatched end tag: expected </server> to close <server>, found </config>
                    4 | </config>
                      |   ^
                m.xml:2:3: note: <server> opened here
                    2 |   <server port="80">
                      |   ^
                """),
        Case(
            testDescription: "markup that looks like tags inside comments, CDATA and the DOCTYPE is not counted",
            document: """
                <!DOCTYPE c [<!ENTITY e "<x>">]>
                <c:config xmlns:c="urn:c"><!-- <a> --><![CDATA[<b>]]><?pi <c>?><item a=">"/>
                </c:item>
                """,
            expected: """
                m.xml:3:3: error: mismatched end tag: expected </c:config> to close <c:config>, found </c:item>
                    3 | </c:item>
                      |   ^
                m.xml:2:1: note: <c:config> opened here
                    2 | <c:config xmlns:c="urn:c"><!-- <a> --><![CDATA[<b>]]><?pi <c>?><item a=">"/>
                      | ^
                """),
        Case(
            testDescription: "a document that ends early names every end tag it still needs",
            document: "<config>\n  <server>\n    <name>web",
            expected: """
                m.xml:3:14: error: the document ends inside <name>; expected </name></server></config>
                    3 |     <name>web
                      |              ^
                      |              </name></server></config>
                m.xml:3:5: note: <name> opened here
                    3 |     <name>web
                      |     ^
                """),
        Case(
            testDescription: "a document with only a comment",
            document: "<!-- nothing -->",
            expected: """
                m.xml:1:17: error: no element found: the document has no root element
                    1 | <!-- nothing -->
                      |                 ^
                """),
        Case(
            testDescription: "a document that ends inside a start tag",
            document: "<config>\n  <server port=\"80\"",
            expected: """
                m.xml:2:3: error: the document ends inside this start tag; expected '>'
                    2 |   <server port="80"
                      |   ^
                """),
        Case(
            testDescription: "a document that ends inside a comment",
            document: "<config>\n  <!-- to do",
            expected: """
                m.xml:2:3: error: the document ends inside a comment; expected '-->'
                    2 |   <!-- to do
                      |   ^
                """),
        Case(
            testDescription: "a duplicate attribute is named, with a note at the first",
            document: #"<server port="80" host="a" port="81"/>"#,
            expected: """
                m.xml:1:28: error: duplicate attribute 'port': an attribute may appear only once in a start tag
                    1 | <server port="80" host="a" port="81"/>
                      |                            ^
                m.xml:1:9: note: first given here
                    1 | <server port="80" host="a" port="81"/>
                      |         ^
                """),
    ]

    @Test(arguments: cases)
    func printedText(_ test: Case) {
        let error = bindError { _ = try Self.checker.parse(test.document, as: Any?.self, file: "m.xml") }
        #expect(error?.code == .malformedXML)
        #expect(error?.description == test.expected)
    }

    /// A document read from a file gets the same messages as one in memory.
    @Test func aFileGetsTheSameMessages() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wf-\(UUID().uuidString).xml")
        try Data("<config>\n  <server>\n</config>".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = bindError { _ = try Self.checker.parse(contentsOf: url, as: Any?.self, file: "server.xml") }
        #expect(
            error?.description == """
                server.xml:3:3: error: mismatched end tag: expected </server> to close <server>, found </config>
                    3 | </config>
                      |   ^
                fix-it: insert '</server>' at the end of the line <server> opened on
                server.xml:2:3: note: <server> opened here
                    2 |   <server>
                      |   ^
                """)
    }

    @Test func theAmplificationLimitNamesItsSettings() {
        let entities = (1...6).map { level in
            "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let document =
            "<!DOCTYPE r [<!ENTITY a0 \"" + String(repeating: "a", count: 80) + "\">" + entities.joined()
            + "]><r>&a6;</r>"
        let error = bindError { _ = try Self.checker.parse(document, as: Any?.self, file: "lol.xml") }
        #expect(error?.code == .entityAmplificationLimitExceeded)
        #expect(
            error?.message
                == "entity expansion grew the document more than 20 times its size; the limit is 20 "
                + "(ParseLimits.maximumAmplification), enforced once expansion passes 1048576 bytes "
                + "(ParseLimits.amplificationThreshold)")
    }
}
