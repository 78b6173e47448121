import Foundation
import Testing

@testable import XMLBind

/// `.otherElements`: child elements no declaration takes are kept as ``XMLElementNode``
/// trees and written back in place (issue 31: `xs:any` content is not lost on write).
@Suite("Other elements kept and written back")
struct KeptElementsTests {
    static let atom = "http://www.w3.org/2005/Atom"
    static let media = "http://search.yahoo.com/mrss/"

    final class Feed: Bindable {
        var title: String?
        var entries: [Entry] = []
        var other: [XMLElementNode] = []
        init() {}
    }

    final class Entry: Bindable, OriginAware {
        var origin: Origin?
        var title: String?
        var extensions: [XMLElementNode] = []
        init() {}
    }

    static func binder(_ options: ParseOptions = ParseOptions()) -> XMLBinder {
        XMLBinder(options: options, prefixes: ["atom": atom]).registeredAtSetup(
            mapping(Feed.self, element: "atom:feed")
                .element(\.title, xml: "atom:title")
                .children(\.entries)
                .otherElements(\.other),
            mapping(Entry.self, element: "atom:entry")
                .element(\.title, xml: "atom:title")
                .otherElements(\.extensions, namespaces: .other(than: atom)))
    }

    static let document = """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://search.yahoo.com/mrss/" xmlns:q="urn:q">
          <title>T</title>
          <entry>
            <title>A</title>
            <m:group m:kind="x" note="a &amp; &lt;b&gt; &quot;c&quot;"><m:thumbnail url="t.png"/>text &amp; <![CDATA[<raw>]]><m:credit role="q:author">Ann</m:credit></m:group>
          </entry>
          <entry><title>B</title><x:ext xmlns:x="urn:x" xmlns="urn:default">in <inner/> default</x:ext></entry>
        </feed>
        """

    /// An element's information: names with namespaces, attributes, non-whitespace text,
    /// children in order; prefixes, declarations and origins do not count.
    static func infoset(_ node: XMLElementNode) -> String {
        let attributes = node.attributes.map { "{\($0.namespace ?? "")}\($0.localName)=\($0.value)" }.sorted()
        let content = node.content.map { piece -> String in
            switch piece {
            case .text(let text): return text.allSatisfy(\.isWhitespace) ? "" : text.debugDescription
            case .element(let element): return infoset(element)
            }
        }
        return "<{\(node.namespace ?? "")}\(node.localName) \(attributes)>\(content.joined())</>"
    }

    @Test func elementsOfOtherVocabulariesAreKeptWithTheirContentAndOrigins() throws {
        let feed = try Self.binder().parse(Data(Self.document.utf8), as: Feed.self, file: "feed.xml")
        #expect(feed.entries.map(\.title) == ["A", "B"])
        let group = try #require(feed.entries.first?.extensions.first)
        #expect(feed.entries[0].extensions.count == 1)
        #expect(group.name == "m:group")
        #expect(group.namespace == Self.media)
        #expect(group.origin == Origin(file: "feed.xml", line: 5, column: 5))
        #expect(group.attributes.first == XMLAttribute(name: "m:kind", namespace: Self.media, value: "x"))
        #expect(group[attribute: "note"] == "a & <b> \"c\"")
        #expect(group.elements.map(\.localName) == ["thumbnail", "credit"])
        #expect(group.text == "text & <raw>")
        // The declarations in force, for QNames in values (`role="q:author"`).
        #expect(group.namespaceDeclarations["q"] == "urn:q")
        #expect(group.namespaceDeclarations[""] == Self.atom)
        // Inner elements carry only what they declare themselves.
        #expect(group.elements[1].namespaceDeclarations.isEmpty)
        #expect(group.elements[1].origin?.line == 5)
        let ext = try #require(feed.entries[1].extensions.first)
        #expect(ext.namespace == "urn:x")
        #expect(ext.elements.first?.namespace == "urn:default")
    }

    @Test func aWrittenDocumentReadsBackToTheSameInformation() throws {
        let binder = Self.binder()
        let feed = try binder.parse(Data(Self.document.utf8), as: Feed.self)
        for options in [WritingOptions(), WritingOptions(layout: .compact)] {
            let written = try binder.xml(from: feed, options: options)
            let again = try binder.parse(Data(written.utf8), as: Feed.self)
            #expect(again.entries.map(\.title) == ["A", "B"])
            #expect(
                again.entries.flatMap(\.extensions).map(Self.infoset)
                    == feed.entries.flatMap(\.extensions).map(Self.infoset))
            // The prefix of a QName value still resolves where it is written.
            let credit = try #require(again.entries[0].extensions.first?.elements.last)
            let scope = again.entries[0].extensions[0].namespaceDeclarations.merging(credit.namespaceDeclarations) {
                $1
            }
            #expect(scope["q"] == "urn:q")
        }
    }

    @Test func keptElementsAreWrittenWithTheNamespacesTheyNeed() throws {
        let entry = Entry()
        entry.title = "A"
        entry.extensions = [
            XMLElementNode(
                name: "m:thumbnail", namespace: Self.media, attributes: [XMLAttribute(name: "url", value: "a<b\"")]),
            XMLElementNode(
                name: "outer", namespace: "urn:o",
                content: [.element(XMLElementNode(name: "plain", content: [.text("1 < 2 & 3")]))]),
        ]
        let options = WritingOptions(layout: .compact, includesDeclaration: false)
        let written = try Self.binder().xml(from: entry, options: options)
        // The element in no namespace undeclares the default namespace its parent declared.
        #expect(
            written
                == #"<atom:entry xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>A</atom:title>"#
                + #"<m:thumbnail xmlns:m="http://search.yahoo.com/mrss/" url="a&lt;b&quot;"/>"#
                + #"<outer xmlns="urn:o"><plain xmlns="">1 &lt; 2 &amp; 3</plain></outer></atom:entry>"#)
    }

    @Test func elementsOutsideTheNamespacesStayUnknown() throws {
        let text = #"<entry xmlns="http://www.w3.org/2005/Atom"><title>A</title><other/></entry>"#
        let error = try #require(bindError { _ = try Self.binder().parse(Data(text.utf8), as: Entry.self) })
        #expect(error.diagnostics.map(\.code) == [.unknownElement])
        #expect(error.diagnostics.first?.message.contains("<other>") == true)
    }

    @Test func unwritableKeptElementsAreRefused() throws {
        let entry = Entry()
        entry.extensions = [XMLElementNode(name: "1bad")]
        let error = try #require(bindError { _ = try Self.binder().xml(from: entry) })
        #expect(error.code == .invalidAttribute)
        #expect(error.message.contains("not an XML name"))
        entry.extensions = [XMLElementNode(name: "p:x")]
        let unbound = try #require(bindError { _ = try Self.binder().xml(from: entry) })
        #expect(unbound.message.contains("needs a namespace"))
    }

    @Test func theLimitsHoldInsideKeptElements() throws {
        var options = ParseOptions()
        options.limits.maximumDepth = 3
        let text = #"<entry xmlns="http://www.w3.org/2005/Atom"><x:a xmlns:x="urn:x"><x:b><x:c/></x:b></x:a></entry>"#
        let error = try #require(bindError { _ = try Self.binder(options).parse(Data(text.utf8), as: Entry.self) })
        #expect(error.diagnostics.map(\.code).contains(.depthLimitExceeded))
        options.limits.maximumDepth = 8
        options.limits.maximumTextLength = 8
        let long = #"<entry xmlns="http://www.w3.org/2005/Atom"><x:a xmlns:x="urn:x">0123456789</x:a></entry>"#
        let tooLong = try #require(bindError { _ = try Self.binder(options).parse(Data(long.utf8), as: Entry.self) })
        #expect(tooLong.diagnostics.map(\.code).contains(.textLengthLimitExceeded))
    }

    @Test func streamedObjectsKeepTheirElements() throws {
        var seen: [Int] = []
        try Self.binder().stream(Data(Self.document.utf8), as: Entry.self) { entry in
            seen.append(entry.extensions.count)
            return .continue
        }
        #expect(seen == [1, 1])
    }

    @Test func parallelPiecesKeepTheSameElements() throws {
        let entries = (0..<60).map { index in
            "<entry><title>E\(index)</title><m:n v=\"\(index)\">t\(index)</m:n></entry>"
        }
        let text =
            #"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://search.yahoo.com/mrss/">"#
            + entries.joined(separator: "\n") + "<m:tail/></feed>"
        let sequential = try Self.binder().parse(Data(text.utf8), as: Feed.self)
        var options = ParseOptions()
        var parallelism = Parallelism.threads(2)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = 256
        options.parallelism = parallelism
        let parallel = try Self.binder(options).parse(Data(text.utf8), as: Feed.self)
        #expect(parallel.entries.count == 60)
        #expect(
            parallel.entries.map { $0.extensions.map(Self.infoset) }
                == sequential.entries.map { $0.extensions.map(Self.infoset) })
        #expect(
            parallel.entries.map { $0.extensions.first?.origin }
                == sequential.entries.map { $0.extensions.first?.origin })
        #expect(parallel.other.map(\.localName) == ["tail"])
    }

    @Test func editingInPlaceKeepsUnchangedElementsAndRewritesChangedOnes() throws {
        let original = Data(Self.document.utf8)
        let document = try Self.binder().parseForEditing(original, as: Feed.self)
        document.root.entries[1].title = "C"
        let log = WarningLog()
        let retitled = String(decoding: try document.updated(warnings: log), as: UTF8.self)
        // Only the title changed: the kept elements, CDATA and entities included, stay byte for byte.
        #expect(retitled == Self.document.replacingOccurrences(of: "<title>B</title>", with: "<title>C</title>"))
        #expect(log.warnings.isEmpty)
        document.root.entries[0].extensions[0].attributes[0].value = "y"
        let changed = String(decoding: try document.updated(warnings: log), as: UTF8.self)
        let warning = try #require(log.warnings.first)
        #expect(warning.code == .inexactEdit)
        #expect(warning.message.contains(".otherElements"))
        #expect(warning.origin?.line == 3)
        let again = try Self.binder().parse(Data(changed.utf8), as: Feed.self)
        #expect(again.entries[0].extensions.first?.attributes.first?.value == "y")
        #expect(again.entries.map(\.title) == ["A", "C"])
        #expect(
            again.entries.flatMap(\.extensions).map(Self.infoset)
                == document.root.entries.flatMap(\.extensions).map(Self.infoset))
    }

    final class Ordered: Bindable {
        var items: [Item] = []
        var other: [XMLElementNode] = []
        var order: [String] = []
        init() {}
    }

    final class Item: Bindable {
        var name: String?
        init() {}
    }

    @Test func childOrderPlacesKeptElementsAmongTheObjects() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Ordered.self, element: "list").children(\.items).otherElements(\.other).childOrder(\.order),
            mapping(Item.self, element: "item").attribute(\.name))
        let text = #"<list><item name="a"/><x:note xmlns:x="urn:x">n</x:note><item name="b"/><extra/></list>"#
        let list = try binder.parse(Data(text.utf8), as: Ordered.self)
        #expect(list.order == ["item", "{urn:x}note", "item", "{}extra"])
        let written = try binder.xml(from: list, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(written == #"<list><item name="a"/><x:note xmlns:x="urn:x">n</x:note><item name="b"/><extra/></list>"#)
    }

    @Test func registrationRefusesWhatItCannotKeep() {
        final class Text: Bindable {
            var value = ""
            var other: [XMLElementNode] = []
            var more: [XMLElementNode] = []
            var pieces: [String] = []
            var texts: [Item] = []
            init() {}
        }
        func problems(_ definition: ClassDefinition<Text>) -> [String] {
            registrationProblems { try XMLBinder().register(definition) }
        }
        let twice = problems(mapping(Text.self, element: "t").otherElements(\.other).otherElements(\.more))
        #expect(twice.contains { $0.contains("one property keeps a mapping's other elements") })
        let whole = problems(mapping(Text.self, element: "t").text(\.value).wholeText().otherElements(\.other))
        #expect(whole.contains { $0.contains(".wholeText()") })
        // Mixed text with kept elements alone is one order; beside a child slot it needs `.childOrder`.
        #expect(problems(mapping(Text.self, element: "t").mixedText(\.pieces).otherElements(\.other)).isEmpty)
        let mixed = problems(
            mapping(Text.self, element: "t").mixedText(\.pieces).otherElements(\.other).children(\.texts))
        #expect(mixed.contains { $0.contains(".mixedText") && $0.contains(".childOrder") })
        #expect(problems(mapping(Text.self, element: "t").text(\.value).otherElements(\.other)).isEmpty)
    }

    final class Documentation: Bindable {
        var elements: [XMLElementNode] = []
        var texts: [String] = []
        init() {}
    }

    final class Paragraph: Bindable {
        var emphasis: [Emphasis] = []
        var other: [XMLElementNode] = []
        var order: [String] = []
        var texts: [String] = []
        init() {}
    }

    final class Emphasis: Bindable {
        var value = ""
        init() {}
    }

    @Test func mixedTextKeepsItsPiecesAroundKeptElements() throws {
        let compact = WritingOptions(layout: .compact, includesDeclaration: false)
        // xs:documentation's shape: any elements among text.
        let documentation = XMLBinder().registeredAtSetup(
            mapping(Documentation.self, element: "doc").otherElements(\.elements).mixedText(\.texts))
        let text =
            #"<doc>See <h:a xmlns:h="urn:h" href="x">the <h:b>spec</h:b></h:a> for &lt;more&gt;.<br/>\#n  </doc>"#
        let doc = try documentation.parse(Data(text.utf8), as: Documentation.self)
        #expect(doc.texts == ["See ", " for <more>.", "\n  "])
        #expect(doc.elements.map(\.localName) == ["a", "br"])
        #expect(doc.elements.first?.text == "the ")
        #expect(try documentation.xml(from: doc, options: compact) == text)
        let empty = try documentation.parse(Data("<doc><x/></doc>".utf8), as: Documentation.self)
        #expect(empty.texts == ["", ""])

        // Beside a child slot, `.childOrder` places each kept element, and the text around it.
        let paragraph = XMLBinder().registeredAtSetup(
            mapping(Paragraph.self, element: "p").children(\.emphasis).otherElements(\.other)
                .childOrder(\.order).mixedText(\.texts),
            mapping(Emphasis.self, element: "em").text(\.value))
        let markup = #"<p>One <em>two</em> three <x:k xmlns:x="urn:x">four</x:k><em>five</em> six</p>"#
        let bound = try paragraph.parse(Data(markup.utf8), as: Paragraph.self)
        #expect(bound.texts == ["One ", " three ", "", " six"])
        #expect(bound.order == ["em", "{urn:x}k", "em"])
        #expect(bound.emphasis.map(\.value) == ["two", "five"])
        #expect(try paragraph.xml(from: bound, options: compact) == markup)
        // Pieces the program did not keep in step lose no element and no text.
        bound.texts.removeLast(2)
        #expect(
            try paragraph.xml(from: bound, options: compact)
                == #"<p>One <em>two</em> three <x:k xmlns:x="urn:x">four</x:k><em>five</em></p>"#)
    }

    final class Holder: Bindable, Ancestor {
        var objects: [Any] = []
        var other: [XMLElementNode] = []
        init() {}
        func addChild(_ child: Any) { objects.append(child) }
    }

    @Test func registeredElementsWithoutASlotAreKeptInTheirPlaces() throws {
        let compact = WritingOptions(layout: .compact, includesDeclaration: false)
        let item = mapping(Item.self, element: "item").attribute(\.name)
        let binder = XMLBinder().registeredAtSetup(
            mapping(Documentation.self, element: "doc").otherElements(\.elements).mixedText(\.texts), item)
        let text = #"<doc>An <item name="a"/> inside, <item name="b">twice</item>.</doc>"#
        let doc = try binder.parse(Data(text.utf8), as: Documentation.self)
        #expect(doc.texts == ["An ", " inside, ", "."])
        #expect(doc.elements.map { $0[attribute: "name"] } == ["a", "b"])
        #expect(try binder.xml(from: doc, options: compact) == text)
        // Its own mapping still binds it elsewhere.
        #expect(try binder.parse(Data(#"<item name="c"/>"#.utf8), as: Item.self).name == "c")
        // Outside the kept namespaces it is still a child without a place.
        let only = XMLBinder().registeredAtSetup(
            mapping(Documentation.self, element: "doc").otherElements(\.elements, namespaces: .only(["urn:x"]))
                .mixedText(\.texts), item)
        #expect(throws: XMLBindError.self) { try only.parse(Data(text.utf8), as: Documentation.self) }
        // An Ancestor takes it as an object, as before.
        let ancestor = XMLBinder().registeredAtSetup(
            mapping(Holder.self, element: "holder").otherElements(\.other), item)
        let holder = try ancestor.parse(
            Data(#"<holder><item name="d"/><x:y xmlns:x="urn:x"/></holder>"#.utf8), as: Holder.self)
        #expect(holder.objects.compactMap { ($0 as? Item)?.name } == ["d"])
        #expect(holder.other.map(\.localName) == ["y"])
    }
}
