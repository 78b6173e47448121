import Foundation
import Testing

@testable import XMLBind

/// The caret lands under the value at fault: in element text as in attributes, and past
/// characters a terminal shows two cells wide.
@Suite struct CaretPlacementTests {
    final class Server: Bindable {
        var label: String?
        var port = 0
        var timeout = 0
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Server.self, element: "server").attribute(\.label).attribute(\.port).element(\.timeout))

    func printed(_ document: String) -> String? {
        bindError { _ = try Self.binder.parse(document, as: Server.self, file: "s.xml") }?.description
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "an emoji (U+1F680) takes two cells",
            document: #"<server label="🚀 launch" port="x"/>"#,
            expected: """
                s.xml:1:32: error: cannot convert "x" to Int for property 'port' of <server>: not an integer
                    1 | <server label="🚀 launch" port="x"/>
                      |                                 ^
                """),
        Case(
            testDescription: "fullwidth forms and Hangul take two cells",
            document: #"<server label="ＡＢ한국" port="x"/>"#,
            expected: """
                s.xml:1:28: error: cannot convert "x" to Int for property 'port' of <server>: not an integer
                    1 | <server label="ＡＢ한국" port="x"/>
                      |                                ^
                """),
        Case(
            testDescription: "an emoji with U+FE0F and a flag take two cells each, a combining accent none",
            document: "<server label=\"❤️🇫🇷e\u{301}\" port=\"x\"/>",
            expected: """
                s.xml:1:30: error: cannot convert "x" to Int for property 'port' of <server>: not an integer
                    1 | <server label="❤️🇫🇷é" port="x"/>
                      |                             ^
                """),
        Case(
            testDescription: "a value in element text: the caret on the value, not the element's <",
            document: "<server>\n  <timeout>soon</timeout>\n</server>",
            expected: """
                s.xml:2:12: error: cannot convert "soon" to Int for property 'timeout' of <server>: not an integer
                    2 |   <timeout>soon</timeout>
                      |            ^
                """),
        Case(
            testDescription: "text on the next line, after whitespace",
            document: "<server>\n  <timeout>\n     soon\n  </timeout>\n</server>",
            expected: """
                s.xml:3:6: error: cannot convert "\n     soon\n  " to Int for property 'timeout' of <server>: \
                not an integer
                    3 |      soon
                      |      ^
                """),
        Case(
            testDescription: "a C1 control (U+009B, a terminal's CSI) is shown as U+FFFD, in the message and the line",
            document: "<server port=\"\u{9B}2J\"/>",
            expected: """
                s.xml:1:15: error: cannot convert "\u{FFFD}2J" to Int for property 'port' of <server>: not an integer
                    1 | <server port="\u{FFFD}2J"/>
                      |               ^
                """),
    ]

    /// A hostile document cannot make a printed diagnostic drive the terminal: ESC and BEL
    /// (an OSC sequence that renames a terminal's window) are shown as control pictures.
    @Test func controlCharactersInTheSourceLineAreShownNotObeyed() throws {
        let text = try #require(printed("<server label=\"\u{1B}]0;owned\u{7}\" port=\"1\"/>"))
        let obeyed = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
        #expect(obeyed.isEmpty)
        #expect(text.contains("| <server label=\"\u{241B}]0;owned\u{2407}\" port=\"1\"/>"))
    }

    @Test(arguments: cases)
    func printedText(_ test: Case) {
        #expect(printed(test.document) == test.expected)
    }

    @Test func textInACDATASectionIsPointedAtInsideIt() {
        let binder = XMLBinder().registeredAtSetup(mapping(Server.self, element: "server").element(\.timeout))
        let error = bindError {
            _ = try binder.parse("<server><timeout> <![CDATA[soon]]></timeout></server>", as: Server.self)
        }
        #expect(error?.origin == Origin(line: 1, column: 28))
    }

    @Test func cellsOfCharacters() {
        #expect(DisplayWidth.cells("a") == 1)
        #expect(DisplayWidth.cells("中") == 2)
        #expect(DisplayWidth.cells("🚀") == 2)
        #expect(DisplayWidth.cells("\u{301}") == 0)
        #expect(DisplayWidth.cells("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.cells("\u{2764}") == 1)  // text presentation without U+FE0F
        #expect(DisplayWidth.isWide("\u{20000}"))
        #expect(!DisplayWidth.isWide("\u{10FFFF}"))
    }
}
