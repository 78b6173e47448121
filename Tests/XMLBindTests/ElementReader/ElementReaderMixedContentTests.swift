import Foundation
import Testing
import XMLBind

/// A reader keeps mixed content in order (``ReaderElement/precedingText``) and sees element
/// names as written (``ReaderElement/qualifiedName``).
@Suite struct ElementReaderMixedContentTests {
    struct Markup: Bindable {
        var text = ""
        init() {}
    }

    /// Writes the element's content back as tags and text, in document order.
    final class MarkupReader: ElementReader {
        private var markup = ""
        private var names: [String] = []
        /// How many bytes of each open element's own text are already written.
        private var taken: [Int] = []

        private func take(_ text: ReaderText) {
            let start = taken[taken.count - 1]
            markup += text.withUTF8 { String(decoding: $0[start...], as: UTF8.self) }
            taken[taken.count - 1] = text.count
        }

        func start(_ element: ReaderElement) throws {
            if element.depth == 0 {
                (markup, names, taken) = ("", [], [0])
                return
            }
            take(element.precedingText)
            names.append(element.qualifiedName)
            markup += "<\(element.qualifiedName)>"
            taken.append(0)
        }

        func end(_ element: ReaderElement, text: ReaderText) throws {
            take(text)
            taken.removeLast()
            if element.depth > 0 { markup += "</\(names.removeLast())>" }
        }

        func finish() throws -> Markup {
            var value = Markup()
            value.text = markup
            return value
        }
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Markup.self, element: "body").reading(with: { MarkupReader() }))

    @Test func textBeforeBetweenAndAfterChildrenKeepsItsPlace() throws {
        let document = """
            <body xmlns:h="http://www.w3.org/1999/xhtml">One <h:b>two <i>three</i> four</h:b>\
            <p>five</p> six &amp; <![CDATA[seven]]></body>
            """
        let value = try Self.binder.parse(Data(document.utf8), as: Markup.self)
        #expect(value.text == "One <h:b>two <i>three</i> four</h:b><p>five</p> six & seven")
    }

    @Test func theMappedElementsOwnStartHasNoPrecedingText() throws {
        final class Probe: ElementReader {
            var seen: [String] = []
            func start(_ element: ReaderElement) throws {
                seen.append("\(element.depth):\(element.precedingText.string)")
            }
            func end(_ element: ReaderElement, text: ReaderText) throws {}
            func finish() throws -> Markup {
                var value = Markup()
                value.text = seen.joined(separator: "|")
                return value
            }
        }
        let binder = XMLBinder().registeredAtSetup(mapping(Markup.self, element: "body").reading(with: { Probe() }))
        let value = try binder.parse(Data("<body>a<x/>b<y>c<z/></y></body>".utf8), as: Markup.self)
        #expect(value.text == "0:|1:a|1:ab|2:c")
    }
}
