import Foundation
import Testing

@testable import XMLBind

/// The text of property elements and of `.text` mappings is gathered run by run from the
/// text handler (one run per entity or character reference, per line, per CDATA section,
/// and per piece of a streamed document) into one growing buffer, then made a `String`.
/// Whatever the runs, the value must be the text exactly.
@Suite struct TextGatheringTests {
    final class Item: Bindable {
        var title = ""
        var body = ""
        var note: Note?
        init() {}
    }

    final class Note: Bindable {
        var text = ""
        init() {}
    }

    final class Feed: Bindable {
        var items: [Item] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Feed.self, element: "feed").children(\.items),
        mapping(Item.self, element: "item").property(\.title).property(\.body).child(\.note),
        mapping(Note.self, element: "note").text(\.text))

    /// Text as written in a document and the value it stands for: references, CDATA, line
    /// ends, non-ASCII, and lengths on both sides of the first buffer's 1,024 bytes.
    static let cases: [(written: String, value: String)] = [
        ("", ""),
        ("a", "a"),
        ("&lt;", "<"),
        ("&lt;p&gt;one &amp;amp; two&lt;/p&gt;", "<p>one &amp; two</p>"),
        ("&#65;&#x42;&#xE9;", "AB\u{E9}"),
        ("<![CDATA[<raw> & ]]>after", "<raw> & after"),
        ("line one\r\nline two\rline three\n", "line one\nline two\nline three\n"),
        ("caf\u{E9} \u{65E5}\u{672C} &amp; more", "caf\u{E9} \u{65E5}\u{672C} & more"),
        (String(repeating: "0123456789abcdef", count: 63), String(repeating: "0123456789abcdef", count: 63)),
        (
            String(repeating: "word &amp; ", count: 400) + "\u{E9}",
            String(repeating: "word & ", count: 400) + "\u{E9}"
        ),
    ]

    static func document() -> String {
        var xml = "<feed>\n"
        for (index, entry) in cases.enumerated() {
            let reversed = cases[cases.count - 1 - index].written
            xml += "  <item>\n    <title>\(entry.written)</title>\n    <body>\(reversed)</body>\n"
            xml += "    <note>\(entry.written)</note>\n  </item>\n"
        }
        return xml + "</feed>\n"
    }

    private func check(_ feed: Feed, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(feed.items.count == Self.cases.count, sourceLocation: sourceLocation)
        for (index, item) in feed.items.enumerated() {
            #expect(item.title == Self.cases[index].value, "item \(index)", sourceLocation: sourceLocation)
            #expect(
                item.body == Self.cases[Self.cases.count - 1 - index].value, "item \(index)",
                sourceLocation: sourceLocation)
            #expect(item.note?.text == Self.cases[index].value, "item \(index)", sourceLocation: sourceLocation)
        }
    }

    @Test func wholeDocumentsKeepEveryValueExactly() throws {
        let xml = Self.document()
        check(try Self.binder.parse(Data(xml.utf8), as: Feed.self))
        check(try Self.binder.parse(xml, as: Feed.self))
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1_000])
    func documentsInPiecesKeepEveryValueExactly(_ size: Int) throws {
        let bytes = Array(Self.document().utf8)
        let pieces = stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
        let feed = try #require(try Self.binder.parse(chunks: pieces, as: Any?.self) as? Feed)
        check(feed)
    }

    @Test func aRunPastTheTextLimitIsRefusedInAnyPieces() {
        var options = ParseOptions()
        options.limits.maximumTextLength = 100
        let binder = XMLBinder(options: options).registeredAtSetup(
            mapping(Feed.self, element: "feed").children(\.items),
            mapping(Item.self, element: "item").property(\.title))
        // Exactly the limit binds; one byte more, in one run or in many (references), does not.
        let exact = "<feed><item><title>\(String(repeating: "x", count: 100))</title></item></feed>"
        #expect((try? binder.parse(exact, as: Feed.self))?.items.first?.title.utf8.count == 100)
        for over in [String(repeating: "x", count: 101), String(repeating: "&amp;", count: 101)] {
            let error = bindError {
                _ = try binder.parse("<feed><item><title>\(over)</title></item></feed>", as: Feed.self)
            }
            #expect(error?.code == .textLengthLimitExceeded)
        }
    }
}
