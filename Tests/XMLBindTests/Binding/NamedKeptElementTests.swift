import Foundation
import Testing

@testable import XMLBind

/// `.element` of an `XMLElementNode?` and `.elements` of an `[XMLElementNode]`: a named child
/// element kept whole, as a tree, and written back in its place (issue 31: an element of
/// type `xs:anyType` keeps its markup on write).
@Suite("Named elements kept whole")
struct NamedKeptElementTests {
    final class Setting: Bindable {
        var name: String?
        var value: XMLElementNode?
        var notes: [XMLElementNode] = []
        var after: String?
        init() {}
    }

    struct Pair: Bindable {
        var key = ""
        var value: XMLElementNode?
        init() {}
    }

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    static func binder(_ options: ParseOptions = ParseOptions()) -> XMLBinder {
        XMLBinder(options: options).registeredAtSetup(
            mapping(Setting.self, element: "setting")
                .element(\.name)
                .element(\.value)
                .elements(\.notes, xml: "note")
                .element(\.after))
    }

    static let document = """
        <setting xmlns:q="urn:q">
          <name>a</name>
          <value kind="q:mixed" q:flag="1">one <b>&amp; <i>two</i></b><![CDATA[<three>]]><q:x xmlns:r="urn:r" r:y="z"/></value>
          <note>first</note>
          <note><p>second</p></note>
          <after>z</after>
        </setting>
        """

    @Test func theNamedElementIsKeptWithEverythingInside() throws {
        let setting = try Self.binder().parse(Data(Self.document.utf8), as: Setting.self, file: "s.xml")
        #expect(setting.name == "a")
        #expect(setting.after == "z")
        let value = try #require(setting.value)
        #expect(value.name == "value")
        #expect(value.namespace == nil)
        #expect(value.origin == Origin(file: "s.xml", line: 3, column: 3))
        #expect(value[attribute: "kind"] == "q:mixed")
        #expect(value.attributes.last == XMLAttribute(name: "q:flag", namespace: "urn:q", value: "1"))
        #expect(value.elements.map(\.localName) == ["b", "x"])
        #expect(value.elements[0].text == "& ")
        #expect(value.elements[0].elements.first?.text == "two")
        #expect(value.text == "one <three>")
        // The declarations in force, so that `q:mixed` still resolves once written elsewhere.
        #expect(value.namespaceDeclarations["q"] == "urn:q")
        #expect(value.elements[1].namespace == "urn:q")
        #expect(value.elements[1].namespaceDeclarations == ["r": "urn:r"])
        #expect(setting.notes.map(\.text) == ["first", ""])
        #expect(setting.notes[1].elements.first?.text == "second")
        #expect(setting.notes.map { $0.origin?.line } == [4, 5])
    }

    @Test func itIsWrittenBackInItsDeclaredPlace() throws {
        let binder = Self.binder()
        let setting = try binder.parse(Data(Self.document.utf8), as: Setting.self)
        let written = try binder.xml(from: setting, options: Self.compact)
        #expect(
            written
                == #"<setting><name>a</name><value xmlns:q="urn:q" kind="q:mixed" q:flag="1">one "#
                + #"<b>&amp; <i>two</i></b>&lt;three&gt;<q:x xmlns:r="urn:r" r:y="z"/></value>"#
                + #"<note xmlns:q="urn:q">first</note><note xmlns:q="urn:q"><p>second</p></note><after>z</after></setting>"#
        )
        for options in [WritingOptions(), Self.compact] {
            let again = try binder.parse(Data(try binder.xml(from: setting, options: options).utf8), as: Setting.self)
            #expect(again.value == setting.value)
            #expect(again.notes == setting.notes)
            #expect(again.name == "a")
            #expect(again.after == "z")
        }
        // Nothing kept, nothing written.
        let empty = Setting()
        empty.name = "n"
        #expect(try binder.xml(from: empty, options: Self.compact) == "<setting><name>n</name></setting>")
    }

    @Test func valueTypesKeepTheirElementToo() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Pair.self, element: "pair").attribute(\.key).element(\.value, xml: "v"))
        let text = #"<pair key="k"><v><a/>b</v></pair>"#
        let pair = try binder.parse(Data(text.utf8), as: Pair.self)
        #expect(pair.key == "k")
        #expect(pair.value?.content == [.element(XMLElementNode(name: "a")), .text("b")])
        #expect(try binder.xml(from: pair, options: Self.compact) == text)
    }

    @Test func aSecondElementForOneIsGivenTwice() throws {
        let text = "<setting><value>1</value><value>2</value></setting>"
        let error = try #require(bindError { _ = try Self.binder().parse(Data(text.utf8), as: Setting.self) })
        #expect(error.diagnostics.map(\.code) == [.duplicateValue])
        #expect(error.diagnostics.first?.message.contains("'value'") == true)
        let lenient = try Self.binder(ParseOptions(mode: .lenient)).parse(Data(text.utf8), as: Setting.self)
        #expect(lenient.value?.text == "1")
    }

    @Test func namesMatchAsPropertyElementsDo() throws {
        let binder = XMLBinder(prefixes: ["a": "urn:a"]).registeredAtSetup(
            mapping(Pair.self, element: "a:pair").element(\.value, xml: "a:v"))
        let pair = try binder.parse(Data(#"<p:pair xmlns:p="urn:a"><p:v>x</p:v></p:pair>"#.utf8), as: Pair.self)
        #expect(pair.value?.namespace == "urn:a")
        #expect(pair.value?.name == "p:v")
        // The same local name in another namespace is not it.
        let other = #"<p:pair xmlns:p="urn:a"><v xmlns="urn:other">x</v></p:pair>"#
        #expect(throws: XMLBindError.self) { try binder.parse(Data(other.utf8), as: Pair.self) }
    }

    final class Ordered: Bindable {
        var items: [Item] = []
        var notes: [XMLElementNode] = []
        var other: [XMLElementNode] = []
        var order: [String] = []
        var texts: [String] = []
        init() {}
    }

    final class Item: Bindable {
        var name: String?
        init() {}
    }

    @Test func childOrderPlacesThemAmongTheObjectsAndOtherKeptElements() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Ordered.self, element: "list").children(\.items).elements(\.notes, xml: "note")
                .otherElements(\.other).childOrder(\.order),
            mapping(Item.self, element: "item").attribute(\.name))
        let text =
            #"<list><note>0</note><item name="a"/><x:k xmlns:x="urn:x"/><note><b>1</b></note><item name="b"/>"#
            + "<note/></list>"
        let list = try binder.parse(Data(text.utf8), as: Ordered.self)
        #expect(list.order == ["{}note", "item", "{urn:x}k", "{}note", "item", "{}note"])
        #expect(list.notes.count == 3)
        #expect(list.other.map(\.localName) == ["k"])
        #expect(try binder.xml(from: list, options: Self.compact) == text)
    }

    @Test func mixedTextKeepsItsPiecesAroundThem() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Ordered.self, element: "p").elements(\.notes, xml: "note").mixedText(\.texts))
        let text = "<p>One <note>two <b>2</b></note> three<note/></p>"
        let bound = try binder.parse(Data(text.utf8), as: Ordered.self)
        #expect(bound.texts == ["One ", " three", ""])
        #expect(bound.notes.count == 2)
        #expect(try binder.xml(from: bound, options: Self.compact) == text)
    }

    @Test func editingInPlaceRewritesAChangedElementAndKeepsTheRest() throws {
        let binder = Self.binder()
        let document = try binder.parseForEditing(Data(Self.document.utf8), as: Setting.self)
        document.root.after = "y"
        let log = WarningLog()
        let retitled = String(decoding: try document.updated(warnings: log), as: UTF8.self)
        // Only the value changed: the kept elements, CDATA and entities included, stay byte for byte.
        #expect(retitled == Self.document.replacingOccurrences(of: "<after>z</after>", with: "<after>y</after>"))
        #expect(log.warnings.isEmpty)
        for change in [
            { (setting: Setting) in setting.value?.attributes[0].value = "changed" },
            { (setting: Setting) in setting.notes.removeLast() },
            { (setting: Setting) in setting.value = nil },
            { (setting: Setting) in setting.value = XMLElementNode(name: "value", content: [.text("new")]) },
        ] {
            let document = try binder.parseForEditing(Data(Self.document.utf8), as: Setting.self)
            change(document.root)
            let log = WarningLog()
            let updated = String(decoding: try document.updated(warnings: log), as: UTF8.self)
            let warning = try #require(log.warnings.first)
            #expect(warning.code == .inexactEdit)
            #expect(warning.message.contains("XMLElementNode"))
            let again = try binder.parse(Data(updated.utf8), as: Setting.self)
            #expect(again.value == document.root.value)
            #expect(again.notes == document.root.notes)
            #expect(again.after == "z")
        }
    }

    final class Feed: Bindable {
        var entries: [Entry] = []
        var head: XMLElementNode?
        init() {}
    }

    final class Entry: Bindable {
        var title: String?
        var body: XMLElementNode?
        init() {}
    }

    @Test func parallelPiecesKeepTheSameElements() throws {
        func binder(_ options: ParseOptions = ParseOptions()) -> XMLBinder {
            XMLBinder(options: options).registeredAtSetup(
                mapping(Feed.self, element: "feed").children(\.entries).element(\.head),
                mapping(Entry.self, element: "entry").element(\.title).element(\.body))
        }
        let entries = (0..<60).map { "<entry><title>E\($0)</title><body n=\"\($0)\">t<b>\($0)</b></body></entry>" }
        let text = "<feed>" + entries.joined(separator: "\n") + "<head><x/></head></feed>"
        let sequential = try binder().parse(Data(text.utf8), as: Feed.self)
        var options = ParseOptions()
        var parallelism = Parallelism.threads(2)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = 256
        options.parallelism = parallelism
        let parallel = try binder(options).parse(Data(text.utf8), as: Feed.self)
        #expect(parallel.entries.count == 60)
        #expect(parallel.entries.map(\.body) == sequential.entries.map(\.body))
        #expect(parallel.entries.map { $0.body?.origin } == sequential.entries.map { $0.body?.origin })
        #expect(parallel.entries.last?.body?[attribute: "n"] == "59")
        #expect(parallel.head?.elements.map(\.localName) == ["x"])
    }

    @Test func theLimitsHoldInsideAHostileDeepTree() throws {
        var options = ParseOptions()
        options.limits.maximumDepth = 64
        let deep = String(repeating: "<d>", count: 100_000) + String(repeating: "</d>", count: 100_000)
        let text = "<setting><value>" + deep + "</value></setting>"
        let error = try #require(bindError { _ = try Self.binder(options).parse(Data(text.utf8), as: Setting.self) })
        #expect(error.diagnostics.map(\.code).contains(.depthLimitExceeded))
        options.limits.maximumTextLength = 8
        let long = "<setting><value><a>0123456789</a></value></setting>"
        let tooLong = try #require(bindError { _ = try Self.binder(options).parse(Data(long.utf8), as: Setting.self) })
        #expect(tooLong.diagnostics.map(\.code).contains(.textLengthLimitExceeded))
        // Under the limit, the tree is kept as deep as it is, and written back on a small stack.
        options = ParseOptions()
        options.limits.maximumDepth = 2_000
        let nested = String(repeating: "<d>", count: 1_500) + String(repeating: "</d>", count: 1_500)
        let setting = try Self.binder(options).parse(
            Data(("<setting><value>" + nested + "</value></setting>").utf8), as: Setting.self)
        var depth = 0
        var node = setting.value
        while let current = node {
            depth += 1
            node = current.elements.first
        }
        #expect(depth == 1_501)
        let written = try Self.binder(options).xml(from: setting, options: Self.compact)
        #expect(
            written == "<setting><value>" + nested.replacingOccurrences(of: "<d></d>", with: "<d/>")
                + "</value></setting>")
    }

    @Test func registrationRefusesWhatItCannotKeep() {
        final class Text: Bindable {
            var value = ""
            var node: XMLElementNode?
            var nodes: [XMLElementNode] = []
            var items: [Item] = []
            init() {}
        }
        func problems(_ definition: ClassDefinition<Text>) -> [String] {
            registrationProblems { try XMLBinder().register(definition) }
        }
        let sameName = problems(mapping(Text.self, element: "t").element(\.value, xml: "x").element(\.node, xml: "x"))
        #expect(sameName.contains { $0.contains("<x>") && $0.contains("ambiguous") })
        let twice = problems(mapping(Text.self, element: "t").element(\.node, xml: "x").elements(\.nodes, xml: "x"))
        #expect(twice.contains { $0.contains("ambiguous") })
        let slot = problems(mapping(Text.self, element: "t").children(\.items, xml: "x").element(\.node, xml: "x"))
        #expect(slot.contains { $0.contains("ambiguous") })
        let whole = problems(mapping(Text.self, element: "t").text(\.value).wholeText().element(\.node))
        #expect(whole.contains { $0.contains(".wholeText()") })
        let path = problems(mapping(Text.self, element: "t").element(\.node, xml: "a/b"))
        #expect(path.contains { $0.contains("one child element") })
        let attribute = problems(mapping(Text.self, element: "t").element(\.node, xml: "@a"))
        #expect(attribute.contains { $0.contains("one child element") })
        let modifier = problems(mapping(Text.self, element: "t").element(\.node).required())
        #expect(modifier.contains { $0.contains(".required()") && $0.contains("node") })
        // A slot that takes <item> objects by type beside an element of that name kept whole.
        let byType = registrationProblems {
            try XMLBinder().register(
                mapping(Text.self, element: "t").children(\.items).element(\.node, xml: "item"),
                mapping(Item.self, element: "item").attribute(\.name))
        }
        #expect(byType.contains { $0.contains("keeps whole by name") }, "\(byType)")
        // Beside a text property and other kept elements, it is fine.
        #expect(
            problems(mapping(Text.self, element: "t").text(\.value).element(\.node, xml: "x").otherElements(\.nodes))
                .isEmpty)
    }
}
