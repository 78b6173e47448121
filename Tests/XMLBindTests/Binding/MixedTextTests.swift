import Foundation
import Testing

@testable import XMLBind

/// `.mixedText`: text pieces kept in their places among the child objects (issue 31,
/// item 2), read and written back exactly.
@Suite("Mixed content: text in its place among the children")
struct MixedTextTests {
    protocol Inline {}

    final class Body: Bindable {
        var paragraphs: [Paragraph] = []
        init() {}
    }

    final class Paragraph: Bindable, Inline, OriginAware {
        var origin: Origin?
        var id: String?
        var inlines: [any Inline] = []
        var texts: [String] = []
        init() {}
    }

    final class Emphasis: Bindable, Inline {
        var inlines: [any Inline] = []
        var texts: [String] = []
        init() {}
    }

    final class Link: Bindable, Inline {
        var href: URL?
        var text = ""
        init() {}
    }

    final class Count: Bindable, Inline {
        var value = 0
        init() {}
    }

    static func binder(_ options: ParseOptions = ParseOptions()) -> XMLBinder {
        XMLBinder(options: options).registeredAtSetup(
            mapping(Body.self, element: "body").children(\.paragraphs),
            mapping(Paragraph.self, element: "p").attribute(\.id).children(\.inlines).mixedText(\.texts),
            mapping(Emphasis.self, element: "em").children(\.inlines).mixedText(\.texts),
            mapping(Link.self, element: "a").attribute(\.href).text(\.text),
            mapping(Count.self, element: "n").text(\.value))
    }

    static let binder = binder()

    static func paragraph(_ text: String, options: ParseOptions = ParseOptions()) throws -> Paragraph {
        try binder(options).parse(Data(text.utf8), as: Paragraph.self, file: "p.xml")
    }

    /// The graph under a paragraph as text: pieces quoted, objects by their element.
    static func outline(_ inline: any Inline) -> String {
        switch inline {
        case let p as Paragraph: "p(" + outline(p.texts, p.inlines) + ")"
        case let em as Emphasis: "em(" + outline(em.texts, em.inlines) + ")"
        case let a as Link: "a[\(a.href?.absoluteString ?? "")](\(a.text))"
        case let n as Count: "n(\(n.value))"
        default: "?"
        }
    }

    static func outline(_ texts: [String], _ inlines: [any Inline]) -> String {
        var parts: [String] = []
        for index in 0..<max(texts.count, inlines.count) {
            if index < texts.count { parts.append("\"\(texts[index])\"") }
            if index < inlines.count { parts.append(outline(inlines[index])) }
        }
        return parts.joined(separator: " ")
    }

    // MARK: Reading

    @Test func thePiecesStandAroundTheChildren() throws {
        let p = try Self.paragraph("<p>The <em>new</em> one</p>")
        #expect(p.texts == ["The ", " one"])
        #expect(Self.outline(p) == #"p("The " em("new") " one")"#)
    }

    @Test func nestedMixedContentAndSeveralKindsOfChildren() throws {
        let p = try Self.paragraph(
            #"<p>See <a href="https://example.org">the site</a>, <em>very <em>very</em> <n>2</n></em>.</p>"#)
        #expect(
            Self.outline(p)
                == #"p("See " a[https://example.org](the site) ", " em("very " em("very") " " n(2) "") ".")"#)
    }

    @Test func aPieceIsEmptyWhereThereIsNoText() throws {
        let p = try Self.paragraph("<p><em>a</em><em>b</em></p>")
        #expect(p.texts == ["", "", ""])
        let empty = try Self.paragraph("<p/>")
        #expect(empty.texts == [""])
        #expect(empty.inlines.isEmpty)
    }

    @Test func textIsDecodedAndWhitespaceKept() throws {
        let p = try Self.paragraph("<p>\n  a &amp; b<![CDATA[<x>]]>&#233;\n  <em>c</em>\n</p>")
        #expect(p.texts == ["\n  a & b<x>é\n  ", "\n"])
    }

    @Test func entitiesOfTheInternalSubsetAreText() throws {
        let p = try Self.paragraph("<!DOCTYPE p [<!ENTITY who \"the <em>x</em> one\">]><p>Hi &who;!</p>")
        // An entity's markup is markup: its element is a child like any other.
        #expect(Self.outline(p) == #"p("Hi the " em("x") " one!")"#)
    }

    // MARK: Errors

    @Test func aChildsBadValueIsLocatedAndTheParseFails() {
        #expect {
            try Self.paragraph("<p>one\n  <n>many</n> two</p>")
        } throws: { error in
            "\(error)".hasPrefix("p.xml:2:6: error: cannot convert \"many\" to Int")
        }
    }

    @Test func anUnknownElementIsAnErrorInStrictModeAndItsTextJoinsInLenient() throws {
        #expect {
            try Self.paragraph("<p>a <b>bold</b> c</p>")
        } throws: { error in
            "\(error)" == """
                p.xml:1:6: error: unknown element <b> inside <p>; did you mean 'a'?
                    1 | <p>a <b>bold</b> c</p>
                      |      ^~
                      |       a
                """
        }
        let lenient = try Self.paragraph("<p>a <b>bold</b> c<em>d</em></p>", options: ParseOptions(mode: .lenient))
        #expect(lenient.texts == ["a  c", ""])
    }

    @Test func malformedMixedContentIsLocated() {
        #expect {
            try Self.paragraph("<p>a <em>b</p>")
        } throws: { error in
            "\(error)".hasPrefix(
                "p.xml:1:13: error: mismatched end tag: expected </em> to close <em>, found </p>")
        }
    }

    // MARK: Writing

    @Test func writingPutsEveryPieceBackInItsPlace() throws {
        let documents = [
            "<p>The <em>new</em> one</p>",
            #"<p id="x">See <a href="https://example.org">the site</a>, <em>very <em>very</em> <n>2</n></em>.</p>"#,
            "<p>\n  a &amp; b &lt;x&gt; é\n  <em>c</em>\n</p>",
            "<p><em>a</em><em>b</em></p>",
        ]
        for document in documents {
            let written = try Self.binder.xml(from: try Self.paragraph(document))
            #expect(written == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + document + "\n")
        }
    }

    @Test func writingEscapesThePiecesAndRefusesWhatXMLCannotHold() throws {
        let p = Paragraph()
        p.texts = ["1 < 2 & ", " ]]> \r"]
        let em = Emphasis()
        em.texts = ["x"]
        p.inlines = [em]
        let written = try Self.binder.xml(from: p)
        #expect(written.hasSuffix("<p>1 &lt; 2 &amp; <em>x</em> ]]&gt; &#13;</p>\n"))
        #expect(Self.outline(try Self.paragraph(written)) == Self.outline(p))
        p.texts = ["\u{1}"]
        #expect(throws: XMLBindError.self) { try Self.binder.xml(from: p) }
    }

    @Test func piecesOutOfStepWithTheChildrenLoseNothing() throws {
        let p = Paragraph()
        let first = Emphasis()
        first.texts = ["a"]
        let second = Emphasis()
        second.texts = ["b"]
        p.inlines = [first, second]
        p.texts = ["before "]  // no piece for after the first child or at the end
        #expect(try Self.binder.xml(from: p).hasSuffix("<p>before <em>a</em><em>b</em></p>\n"))
        p.inlines = [first]
        p.texts = ["x", "y", "z"]  // more pieces than places: the rest goes at the end
        #expect(try Self.binder.xml(from: p).hasSuffix("<p>x<em>a</em>yz</p>\n"))
    }

    @Test func nothingIsIndentedInsideMixedContent() throws {
        var options = WritingOptions()
        options.layout = .pretty(indent: "  ")
        let body = try Self.binder.parse(
            Data("<body><p>a <em>b</em> c</p><p>d</p></body>".utf8), as: Body.self)
        let written = try Self.binder.xml(from: body, options: options)
        #expect(written.contains("\n  <p>a <em>b</em> c</p>\n  <p>d</p>\n</body>"))
    }

    // MARK: Registration

    final class Note: Bindable, Ancestor {
        var title: String?
        var inlines: [any Inline] = []
        var asides: [Aside] = []
        var texts: [String] = []
        init() {}
        func addChild(_ child: Any) {}
    }

    final class Aside: Bindable {
        init() {}
    }

    @Test func declarationsWithoutAPlaceAmongThePiecesAreRefused() {
        let problems = registrationProblems {
            try XMLBinder().register(
                mapping(Note.self, element: "note").element(\.title).children(\.inlines).children(\.asides)
                    .mixedText(\.texts),
                mapping(Emphasis.self, element: "em"), mapping(Aside.self, element: "aside"))
        }
        #expect(
            problems == [
                "Note <note>, declaration 1 .element(\\.title): its element would have no place among the text "
                    + "pieces of .mixedText; declare it as .attribute, or map its element to a type in the "
                    + "children's slot",
                "Note <note>: .mixedText needs the child objects in one order: declare one slot (an array of a "
                    + "protocol holds several kinds), or .childOrder",
                "Note <note>: .mixedText cannot be combined with Ancestor or ChildrenProvider: their children "
                    + "have no place among the text pieces",
            ])
    }

    final class Quote: Bindable {
        var text = ""
        var texts: [String] = []
        init() {}
    }

    @Test func textAndMixedTextAreRefusedTogether() {
        let problems = registrationProblems {
            try XMLBinder().register(mapping(Quote.self, element: "q").text(\.text).mixedText(\.texts))
        }
        #expect(
            problems == [
                "Quote <q>, declaration 1 .text(\\.text): the element's text is kept in pieces by .mixedText; "
                    + "declare one or the other"
            ])
    }

    struct Ordered: Bindable {
        var emphases: [Emphasis] = []
        var links: [Link] = []
        var order: [String] = []
        var texts: [String] = []
        init() {}
    }

    @Test func severalSlotsInTheirOrderTakePiecesToo() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Ordered.self, element: "o").children(\.emphases).children(\.links).childOrder(\.order)
                .mixedText(\.texts),
            mapping(Emphasis.self, element: "em").children(\.inlines).mixedText(\.texts),
            mapping(Link.self, element: "a").text(\.text))
        let document = "<o>1<a>x</a>2<em>y</em>3<a>z</a>4</o>"
        let ordered = try binder.parse(Data(document.utf8), as: Ordered.self)
        #expect(ordered.texts == ["1", "2", "3", "4"])
        #expect(ordered.order == ["a", "em", "a"])
        #expect(try binder.xml(from: ordered) == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + document + "\n")
    }

    /// Two kinds of child element of one type (XHTML's `<b>` and `<i>`), in slots declared
    /// with `xml:`: `.childOrder` keeps their order by the slots' names.
    final class Styled: Bindable {
        var id: String?
        var bold: [Emphasis] = []
        var italic: [Emphasis] = []
        var links: [Link] = []
        var order: [String] = []
        var texts: [String] = []
        init() {}
    }

    static let styledBinder = XMLBinder().registeredAtSetup(
        mapping(Styled.self, element: "s").attribute(\.id).children(\.bold, xml: "b").children(\.links)
            .children(\.italic, xml: "i").childOrder(\.order).mixedText(\.texts),
        mapping(Emphasis.self, element: "em").children(\.inlines).mixedText(\.texts),
        mapping(Link.self, element: "a").text(\.text))

    @Test func namedSlotsOfOneTypeKeepTheirOrderAndTheTextItsPlace() throws {
        let document = #"<s id="x">1 <b>bold <em>e</em></b> and <i>it</i>, <a>l</a> <b>again</b>.</s>"#
        let styled = try Self.styledBinder.parse(Data(document.utf8), as: Styled.self)
        #expect(styled.order == ["b", "i", "a", "b"])
        #expect(styled.texts == ["1 ", " and ", ", ", " ", "."])
        #expect(styled.bold.map { Self.outline($0) } == [#"em("bold " em("e") "")"#, #"em("again")"#])
        #expect(styled.italic.map { Self.outline($0) } == [#"em("it")"#])
        let written = try Self.styledBinder.xml(from: styled)
        #expect(written == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + document + "\n")
        // A program's new children go after the ones the order names, slot by slot.
        let added = Emphasis()
        added.texts = ["new"]
        styled.italic.append(added)
        let again = try Self.styledBinder.parse(Data(try Self.styledBinder.xml(from: styled).utf8), as: Styled.self)
        #expect(again.order == ["b", "i", "a", "b", "i"])
        #expect(again.italic.count == 2)
    }

    @Test func aValueEditedUnderANamedSlotIsRewrittenInPlace() throws {
        let document = "<s>1 <b>bold</b> and <i>it</i>.</s>\n"
        let editable = try Self.styledBinder.parseForEditing(Data(document.utf8), as: Styled.self)
        editable.root.italic[0].texts[0] = "italic"
        let updated = String(decoding: try editable.updated(), as: UTF8.self)
        #expect(updated == "<s>1 <b>bold</b> and <i>italic</i>.</s>\n")
    }

    final class Clashing: Bindable {
        var bold: [Emphasis] = []
        var other: [Emphasis] = []
        var links: [Link] = []
        var order: [String] = []
        init() {}
    }

    @Test func slotsThatGiveOneLocalNameAreRefusedWithChildOrder() {
        let problems = registrationProblems {
            try XMLBinder().register(
                mapping(Clashing.self, element: "c").children(\.bold, xml: "{urn:a}b").children(
                    \.other, xml: "{urn:b}b"
                )
                .children(\.links, xml: "x").childOrder(\.order),
                mapping(Emphasis.self, element: "em"), mapping(Link.self, element: "a"))
        }
        #expect(
            problems == [
                "Clashing <c>, declaration 2 .children(\\.other, xml: \"{urn:b}b\"): gives its children the name <b>, "
                    + "as declaration 1 (.children(\\.bold, xml: \"{urn:a}b\")) does: .childOrder keeps local names, "
                    + "and could not tell which comes next; give one of them another xml: name"
            ])
        // A slot by type whose mapping's element has a named slot's local name.
        let byType = registrationProblems {
            try XMLBinder().register(
                mapping(Clashing.self, element: "c").children(\.bold, xml: "a").children(\.links).childOrder(\.order),
                mapping(Emphasis.self, element: "em"), mapping(Link.self, element: "l:a", namespace: "urn:l"))
        }
        #expect(byType.count == 1 && byType[0].contains("gives its children the name <a>"), "\(byType)")
    }

    // MARK: Streaming, parallel binding, editing

    static func bodyDocument(count: Int) -> String {
        var text = "<body>\n"
        for index in 0..<count {
            text += "  <p id=\"p\(index)\">Item <em>\(index)</em> of <n>\(count)</n>, &amp; more</p>\n"
        }
        return text + "</body>\n"
    }

    @Test func streamedParagraphsKeepTheirPieces() throws {
        var seen: [String] = []
        try Self.binder.stream(Data(Self.bodyDocument(count: 3).utf8), as: Paragraph.self) { p in
            seen.append(Self.outline(p))
            return .continue
        }
        #expect(seen.count == 3)
        #expect(seen.last == #"p("Item " em("2") " of " n(3) ", & more")"#)
    }

    @Test func inPiecesTheGraphIsTheSequentialOne() throws {
        let document = Data(Self.bodyDocument(count: 80).utf8)
        let sequential = try Self.binder.parse(document, as: Body.self)
        var options = ParseOptions()
        var parallelism = Parallelism.threads(2)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = 256
        options.parallelism = parallelism
        let trace = ParallelTrace()
        options.parallelTrace = trace
        let parallel = try Self.binder(options).parse(document, as: Body.self)
        #expect(parallel.paragraphs.map(Self.outline) == sequential.paragraphs.map(Self.outline))
        #expect(parallel.paragraphs.map(\.origin) == sequential.paragraphs.map(\.origin))
        #if SafeMode
            #expect(trace.entries.first?.decision == .sequential(.safeMode))
        #else
            guard case .parallel = trace.entries.first?.decision else {
                Issue.record("not cut: \(trace.entries)")
                return
            }
        #endif
    }

    @Test func aMixedContainerIsBoundSequentially() throws {
        // The paragraph's own pieces end at its children: a piece's engine could not take them.
        var text = "<p>"
        for index in 0..<80 { text += "word \(index) <em>e</em>\n" }
        text += "</p>"
        var options = ParseOptions()
        var parallelism = Parallelism.threads(2)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = 128
        options.parallelism = parallelism
        let trace = ParallelTrace()
        options.parallelTrace = trace
        let p = try Self.paragraph(text, options: options)
        #expect(p.texts.count == 81)
        #expect(p.texts[79] == "\nword 79 ")
        #if SafeMode
            #expect(trace.entries.first?.decision == .sequential(.safeMode))
        #else
            #expect(
                trace.entries.first?.decision
                    == .sequential(.container("its mapping keeps its text among its children")))
        #endif
    }

    @Test func anEditedPieceRewritesItsElementAndTheRestStays() throws {
        let document = "<body>\n  <!-- kept -->\n  <p id=\"a\">The <em>new</em> one</p>\n  <p id=\"b\">x</p>\n</body>\n"
        let editable = try Self.binder.parseForEditing(Data(document.utf8), as: Body.self)
        #expect(String(decoding: try editable.updated(), as: UTF8.self) == document)
        editable.root.paragraphs[0].texts[1] = " & old one"
        let warnings = WarningLog()
        let updated = String(decoding: try editable.updated(warnings: warnings), as: UTF8.self)
        #expect(
            updated
                == "<body>\n  <!-- kept -->\n  <p id=\"a\">The <em>new</em> &amp; old one</p>\n  <p id=\"b\">x</p>\n</body>\n"
        )
        #expect(warnings.warnings.first?.message.contains("text among its children") == true)
    }
}
