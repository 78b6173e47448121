import Foundation
import Testing

@testable import XMLBind

@Suite("Text: references, CDATA and text split across chunks")
struct TextTests {
    struct Note: Bindable, Equatable {
        var title: String?
        var body = ""
        init() {}
    }

    static let notes = XMLBinder().registeredAtSetup(
        mapping(Note.self, element: "note").attribute(\.title).text(\.body))

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        let title: String?
        let body: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "predefined entities",
            document: "<note title='&amp;&lt;&gt;&quot;&apos;'>&amp;&lt;&gt;&quot;&apos;</note>",
            title: "&<>\"'", body: "&<>\"'"),
        Case(
            testDescription: "character references",
            document: "<note title='&#x41;&#65;&#xE9;&#x1F600;'>&#x41;&#65;&#233;&#128512;</note>",
            title: "AAé😀", body: "AAé😀"),
        Case(
            testDescription: "CDATA sections",
            document: "<note>a<![CDATA[<b> &amp; ]]>c<![CDATA[]]><![CDATA[]]]]><![CDATA[>]]></note>",
            title: nil, body: "a<b> &amp; c]]>"),
        Case(
            testDescription: "internal DTD entities",
            document: "<!DOCTYPE note [<!ENTITY co \"ACME &amp; Co\">]><note title='&co;'>&co; Ltd</note>",
            title: "ACME & Co", body: "ACME & Co Ltd"),
        Case(
            testDescription: "attribute whitespace is normalized, character references are not",
            document: "<note title='a\tb\nc&#10;d&#9;e'>a\tb\nc&#10;d</note>",
            title: "a b c\nd\te", body: "a\tb\nc\nd"),
        Case(
            testDescription: "CRLF in text becomes LF",
            document: "<note>one\r\ntwo\rthree</note>",
            title: nil, body: "one\ntwo\nthree"),
        Case(
            testDescription: "comments and processing instructions are not text",
            document: "<note>a<!-- c -->b<?pi data?>c</note>",
            title: nil, body: "abc"),
    ]

    @Test(arguments: cases)
    func referencesAndCDATA(_ test: Case) throws {
        let note = try Self.notes.parse(test.document, as: Note.self)
        #expect(note.title == test.title)
        #expect(note.body == test.body)
    }

    // MARK: Chunks

    struct Feed: Bindable, Equatable, OriginAware {
        var origin: Origin?
        var title: String?
        var entries: [Entry] = []
        init() {}
    }
    struct Entry: Bindable, Equatable, OriginAware {
        var origin: Origin?
        var id = 0
        var title: String?
        var body = ""
        var tags: [String] = []
        init() {}
    }

    static let feeds = XMLBinder().registeredAtSetup(
        mapping(Feed.self, element: "feed").property(\.title).children(\.entries),
        mapping(Entry.self, element: "entry").property(\.id).property(\.title).text(\.body).element(\.tags)
    )

    static let feedXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Ünïcödé &amp; friends 😀</title>
          <entry id="1" title="caf&#xE9; &#65;&lt;">Text — with <![CDATA[<raw> & 😀 data]]> and &#x1F600;
            <tags>a b
              c</tags>more</entry>
        \t<entry id="2"><![CDATA[]]>日本語テキスト<![CDATA[x]]y]]></entry>
        </feed>
        """

    @Test func theFeedBindsAsExpected() throws {
        let feed = try Self.feeds.parse(Self.feedXML, as: Feed.self, file: "feed.xml")
        #expect(feed.origin == Origin(file: "feed.xml", line: 2, column: 1))
        #expect(feed.title == "Ünïcödé & friends 😀")
        #expect(feed.entries.map(\.id) == [1, 2])
        #expect(feed.entries.map(\.title) == ["café A<", nil])
        #expect(feed.entries.map(\.body) == ["Text — with <raw> & 😀 data and 😀\n    more", "日本語テキストx]]y"])
        #expect(feed.entries.map(\.tags) == [["a", "b", "c"], []])
        #expect(
            feed.entries.map(\.origin) == [
                Origin(file: "feed.xml", line: 4, column: 3), Origin(file: "feed.xml", line: 7, column: 2),
            ])
    }

    @Test(arguments: [1, 2, 3, 5, 64])
    func chunkedInputBindsTheSameGraph(chunkSize: Int) throws {
        let whole = try Self.feeds.parse(Self.feedXML, as: Feed.self, file: "feed.xml")
        let pieces = chunks(of: Self.feedXML, size: chunkSize)
        let chunked = try Self.feeds.parse(chunks: pieces, as: Any?.self, file: "feed.xml")
        #expect(chunked as? Feed == whole)
    }

    @Test func everySplitPointOfAMultiByteCharacterAndCDATA() throws {
        // Two chunks, split at every byte: inside "😀" (4 bytes), "é", "]]>" and "<![CDATA[".
        let document = "<note title='é😀'>é<![CDATA[😀]]]]><![CDATA[>]]>😀&#x1F600;</note>"
        let whole = try Self.notes.parse(document, as: Note.self)
        #expect(whole.title == "é😀")
        #expect(whole.body == "é😀]]>😀😀")
        let bytes = Array(document.utf8)
        for split in 1..<bytes.count {
            let pieces = [Data(bytes[..<split]), Data(bytes[split...])]
            let chunked = try Self.notes.parse(chunks: pieces, as: Any?.self)
            #expect(chunked as? Note == whole, "split at byte \(split)")
        }
    }

    @Test func errorsAreTheSameWhenFedByteByByte() throws {
        let broken = Self.feedXML.replacingOccurrences(of: "id=\"2\"", with: "id=\"two\"")
        let whole = bindError { _ = try Self.feeds.parse(broken, as: Feed.self, file: "feed.xml") }
        let chunked = bindError {
            _ = try Self.feeds.parse(chunks: chunks(of: broken, size: 1), as: Any?.self, file: "feed.xml")
        }
        // Fed in pieces, the parse stops where the error is, so the source line it can
        // show ends there; origin and message are the same.
        #expect(whole != nil)
        #expect(chunked?.code == whole?.code)
        #expect(chunked?.origin == whole?.origin)
        #expect(chunked?.message == whole?.message)
        #expect(
            whole?.description == """
                feed.xml:7:13: error: cannot convert "two" to Int for property 'id' of <entry>: not an integer
                    7 | \t<entry id="two"><![CDATA[]]>日本語テキスト<![CDATA[x]]y]]></entry>
                      | \t           ^
                """)
        let malformed = "<note>caf\u{E9} &#x1F600;</nope>"
        let wholeMalformed = bindError { _ = try Self.notes.parse(malformed, as: Note.self) }
        let chunkedMalformed = bindError {
            _ = try Self.notes.parse(chunks: chunks(of: malformed, size: 1), as: Any?.self)
        }
        #expect(wholeMalformed?.code == .malformedXML)
        #expect(wholeMalformed?.message == "mismatched end tag: expected </note> to close <note>, found </nope>")
        #expect(chunkedMalformed?.origin == wholeMalformed?.origin)
        #expect(chunkedMalformed?.message == wholeMalformed?.message)
    }
}
