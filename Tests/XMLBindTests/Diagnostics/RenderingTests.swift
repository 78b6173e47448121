import Foundation
import Testing

@testable import XMLBind

/// How diagnostics look: carets under the right character, colors, suggestions, long lines.
@Suite("Diagnostics rendering")
struct RenderingTests {
    final class Item: Bindable {
        var count = 0
        var name: String?
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Item.self, element: "item").attribute(\.count).attribute(\.name))

    func report(_ document: String) -> String {
        do {
            _ = try Self.binder.parse(document, as: Item.self, file: "r.xml")
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    func failure(of document: String) -> XMLBindError? {
        do {
            _ = try Self.binder.parse(document, as: Item.self, file: "r.xml")
            return nil
        } catch {
            return error as? XMLBindError
        }
    }

    @Test func tabsAreKeptSoTheCaretLinesUp() {
        #expect(
            report("<item\tname=\"a\"\tcount=\"x\"/>") == """
                r.xml:1:23: error: cannot convert "x" to Int for property 'count' of <item>: not an integer
                    1 | <item\tname="a"\tcount="x"/>
                      |      \t        \t       ^
                """)
    }

    @Test func multiByteCharactersCountOnceAndWideOnesTakeTwoCells() {
        #expect(
            report("<item name=\"日本語\" count=\"é\"/>") == """
                r.xml:1:25: error: cannot convert "é" to Int for property 'count' of <item>: not an integer
                    1 | <item name="日本語" count="é"/>
                      |                            ^
                """)
    }

    @Test func combiningMarksTakeNoCell() {
        // "é" written as e + U+0301: two scalars, two columns for expat, one cell on screen.
        #expect(
            report("<item name=\"e\u{301}\" count=\"z\"/>") == """
                r.xml:1:24: error: cannot convert "z" to Int for property 'count' of <item>: not an integer
                    1 | <item name="e\u{301}" count="z"/>
                      |                       ^
                """)
    }

    @Test func veryLongLinesShowAWindowAroundTheColumn() throws {
        let padding = String(repeating: "x", count: 5000)
        let text = report("<item name=\"\(padding)\" count=\"bad\"/>")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "r.xml:1:5022: error: cannot convert \"bad\" to Int for property 'count' of <item>: not an integer")
        #expect(lines[1].hasPrefix("    1 | …xxxx"))
        #expect(lines[1].hasSuffix(#"xxx" count="bad"/>"#))
        #expect(lines[1].count < 300)
        let caretColumn = try #require(lines[2].firstIndex(of: "^"))
        let valueColumn = try #require(lines[1].firstIndex(of: "b"))
        #expect(
            lines[2].distance(from: lines[2].startIndex, to: caretColumn)
                == lines[1].distance(from: lines[1].startIndex, to: valueColumn))
    }

    @Test func colorsWrapThePartsAndPlainHasNone() throws {
        let error = try #require(failure(of: "<item count=\"q\"/>"))
        let colored = error.rendered(.colored)
        #expect(colored.hasPrefix("\u{1B}[1mr.xml:1:14: \u{1B}[0m\u{1B}[1;31merror: \u{1B}[0m"))
        #expect(colored.contains("\u{1B}[1;32m^\u{1B}[0m"))
        #expect(!error.rendered(.plain).contains("\u{1B}"))
        #expect(error.rendered(.plain) == error.description)
    }

    @Test(arguments: [
        ("clas", ["class", "scope"], "; did you mean 'class'?"),
        ("scpoe", ["class", "scope"], "; did you mean 'scope'?"),
        ("propety", ["property", "bean"], "; did you mean 'property'?"),
        ("x", ["class", "scope"], ""),
        ("timeoutMillis", ["timeout"], ""),
        ("Class", ["class"], "; did you mean 'class'?"),
    ])
    func suggestions(name: String, candidates: [String], expected: String) {
        #expect(BindingEngine.didYouMean(name, among: candidates) == expected)
    }

    @Test func sourceLinesComeFromFilesWithoutHoldingThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlbind-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("big.xml")
        let filler = String(repeating: "<!-- filler line to make the file span many chunks -->\n", count: 40_000)
        try Data("<item>\n\(filler)</item>\n<trailing/>\n".utf8).write(to: url)
        #expect {
            _ = try Self.binder.parse(contentsOf: url, as: Item.self)
        } throws: { error in
            String(describing: error) == """
                \(url.path):40003:1: error: junk after document element
                40003 | <trailing/>
                      | ^
                """
        }
    }
}
