import Foundation
import Testing

@testable import XMLBind

/// Checks that a graph survives writing: parse → write → parse gives the same graph
/// (as `describe` sees it), and writing again gives the same bytes.
func expectStableRoundTrip<T>(
    _ binder: XMLBinder, _ document: String, as type: T.Type, describe: (T) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let first = try binder.parse(document, as: T.self)
    let written = try binder.xml(from: first)
    let second = try binder.parse(written, as: T.self)
    #expect(describe(second) == describe(first), "written as \(written)", sourceLocation: sourceLocation)
    #expect(try binder.xml(from: second) == written, sourceLocation: sourceLocation)
}

@Suite("Whole text: .wholeText() on .text and .element")
struct WholeTextTests {
    final class Para: Bindable, OriginAware {
        var text = ""
        var origin: Origin?
        init() {}
    }

    final class Item: Bindable {
        var title: String?
        var link: String?
        var summary: String?
        init() {}
    }

    struct Channel: Bindable {
        var items: [Item] = []
        init() {}
    }

    static let binder = XMLBinder(prefixes: ["doc": "http://www.freedesktop.org/dbus/1.0/doc.dtd"]).registeredAtSetup(
        mapping(Para.self, element: "doc:para").text(\.text).wholeText(),
        mapping(Channel.self, element: "channel").children(\.items),
        mapping(Item.self, element: "item").element(\.title).wholeText().element(\.link)
            .element(\.summary, xml: "details/summary").wholeText()
    )

    @Test func objectTextIncludesInlineElementsInOrder() throws {
        let para = try Self.binder.parse(
            #"<doc:para xmlns:doc="http://www.freedesktop.org/dbus/1.0/doc.dtd">emit one <doc:tt>Files</doc:tt> signal, <doc:ref type="method" to="Get"><i>then</i> more</doc:ref>.</doc:para>"#,
            as: Para.self)
        #expect(para.text == "emit one Files signal, then more.")
    }

    @Test func elementTextIncludesMarkupAndOtherPropertiesStillBind() throws {
        let channel = try Self.binder.parse(
            "<channel><item><title>A <b>bold</b> <i>new <u>move</u></i></title><link>http://x/</link>"
                + "<details><summary>sum <em>mary</em></summary></details></item></channel>",
            as: Channel.self)
        #expect(channel.items.count == 1)
        #expect(channel.items[0].title == "A bold new move")
        #expect(channel.items[0].link == "http://x/")
        #expect(channel.items[0].summary == "sum mary")
    }

    @Test func withoutWholeTextInlineMarkupIsStillAnError() throws {
        let plain = XMLBinder().registeredAtSetup(mapping(Item.self, element: "item").element(\.title).element(\.link))
        #expect(throws: XMLBindError.self) {
            try plain.parse("<item><title>A <b>bold</b> move</title></item>", as: Item.self)
        }
        // and a typo next to a whole-text property is still reported
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<channel><item><title>t</title><lnik>x</lnik></item></channel>", as: Channel.self)
        }
        #expect(error?.message.contains("unknown element <lnik>") == true)
    }

    @Test func wholeTextStreams() throws {
        var titles: [String] = []
        try Self.binder.stream(
            "<channel><item><title>one <b>1</b></title></item><item><title><i>two</i></title></item></channel>",
            as: Item.self
        ) { item in
            titles.append(item.title ?? "-")
            return .continue
        }
        #expect(titles == ["one 1", "two"])
    }

    @Test func roundTripKeepsTheText() throws {
        try expectStableRoundTrip(
            Self.binder, "<channel><item><title>A &lt;b&gt; <b>bold</b> move</title></item></channel>",
            as: Channel.self, describe: { $0.items.map { $0.title ?? "-" }.joined(separator: "|") })
    }

    final class Note: Bindable {
        var text = ""
        var plain = ""
        init() {}
    }

    final class Plain: Bindable {
        var title = ""
        init() {}
    }

    /// A lenient parse skips unknown children; the second `<b>` of each object is skipped by
    /// the child-name cache's answer, which keeps its text only inside a whole text.
    @Test func repeatedUnknownChildrenKeepTheirTextOnlyInsideAWholeText() throws {
        let binder = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Note.self, element: "note").text(\.text).wholeText(),
            mapping(Plain.self, element: "plain").element(\.title))
        let note = try binder.parse("<note>a <b>1</b> c <b>2</b> e <b>3</b></note>", as: Note.self)
        #expect(note.text == "a 1 c 2 e 3")
        let plain = try binder.parse("<plain><b>1</b><title>t</title><b>2</b><b>3</b></plain>", as: Plain.self)
        #expect(plain.title == "t")
    }

    @Test func wholeTextOnAnAttributeIsRefused() {
        var property = PropertyBinding(\Item.title, xml: "title", form: .attribute, conversion: String?.xmlConversion)
        property.takesWholeText = true
        let problems = ShapeChecks.problems([property], paths: nil, ignoredElements: [])
        #expect(problems.count == 1)
        #expect(problems.first?.contains("wholeText() applies to .text, .element or .property") == true)
    }
}
