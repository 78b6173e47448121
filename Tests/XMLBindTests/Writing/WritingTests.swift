import Foundation
import Testing

@testable import XMLBind

@Suite("Writing: layout, order, forms, omitted values")
struct WritingTests {
    struct Shelf: Bindable {
        var label: String?
        var books: [Book] = []
        init() {}
    }
    struct Book: Bindable {
        var isbn: String?
        var title: String?
        var year = 0
        init() {}
    }

    static func shelf() -> Shelf {
        var shelf = Shelf()
        shelf.label = "SF"
        var dune = Book()
        dune.isbn = "1"
        dune.title = "Dune"
        dune.year = 1965
        var blank = Book()
        blank.isbn = "2"
        shelf.books = [dune, blank]
        return shelf
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Shelf.self, element: "shelf").attribute(\.label).children(\.books),
        mapping(Book.self, element: "book").attribute(\.isbn).element(\.title).property(\.year))

    struct LayoutCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let options: WritingOptions
        let expected: String
    }

    static let layoutCases: [LayoutCase] = [
        LayoutCase(
            testDescription: "pretty, four spaces (the default)", options: WritingOptions(),
            expected: """
                <?xml version="1.0" encoding="UTF-8"?>
                <shelf label="SF">
                    <book isbn="1" year="1965">
                        <title>Dune</title>
                    </book>
                    <book isbn="2" year="0"/>
                </shelf>

                """),
        LayoutCase(
            testDescription: "pretty with a tab, no declaration",
            options: WritingOptions(layout: .pretty(indent: "\t"), includesDeclaration: false),
            expected: "<shelf label=\"SF\">\n\t<book isbn=\"1\" year=\"1965\">\n\t\t<title>Dune</title>\n\t</book>\n"
                + "\t<book isbn=\"2\" year=\"0\"/>\n</shelf>\n"),
        LayoutCase(
            testDescription: "compact", options: WritingOptions(layout: .compact),
            expected: #"<?xml version="1.0" encoding="UTF-8"?><shelf label="SF"><book isbn="1" year="1965">"#
                + #"<title>Dune</title></book><book isbn="2" year="0"/></shelf>"#),
        LayoutCase(
            testDescription: "an indent of other characters keeps only its spaces and tabs",
            options: WritingOptions(layout: .pretty(indent: "-> "), includesDeclaration: false),
            expected: """
                <shelf label="SF">
                 <book isbn="1" year="1965">
                  <title>Dune</title>
                 </book>
                 <book isbn="2" year="0"/>
                </shelf>

                """),
    ]

    @Test(arguments: layoutCases)
    func layouts(_ test: LayoutCase) throws {
        #expect(try Self.binder.xml(from: Self.shelf(), options: test.options) == test.expected)
    }

    @Test func writingTwiceGivesTheSameBytes() throws {
        let first = try Self.binder.xmlData(from: Self.shelf())
        let second = try Self.binder.xmlData(from: Self.shelf())
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self) == (try Self.binder.xml(from: Self.shelf())))
    }

    struct Mixed: Bindable {
        var a: String? = "a"
        var b: String? = "b"
        var c: String? = "c"
        var first: [Book] = [Book()]
        var second: [Shelf] = [Shelf()]
        init() {}
    }

    @Test func attributesAndElementsFollowDeclarationOrder() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Mixed.self, element: "m")
                .element(\.c).attribute(\.b).children(\.second).element(\.a).children(\.first).attribute(\.a, xml: "z"),
            mapping(Book.self, element: "book").attribute(\.isbn),
            mapping(Shelf.self, element: "shelf"))
        let text = try binder.xml(from: Mixed(), options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(text == #"<m b="b" z="a"><c>c</c><shelf/><a>a</a><book/></m>"#)
    }

    struct FormCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let definition: ClassDefinition<Book>
        let form: WritingOptions.PropertyForm
        let expected: String
    }

    static let formCases: [FormCase] = [
        FormCase(
            testDescription: ".property is an attribute by default",
            definition: mapping(Book.self, element: "book").property(\.isbn).property(\.year), form: .attribute,
            expected: #"<book isbn="1" year="1965"/>"#),
        FormCase(
            testDescription: "the options make it an element",
            definition: mapping(Book.self, element: "book").property(\.isbn).property(\.year), form: .element,
            expected: "<book><isbn>1</isbn><year>1965</year></book>"),
        FormCase(
            testDescription: "the definition overrides the options",
            definition: mapping(Book.self, element: "book").property(\.isbn).property(\.year)
                .propertiesWritten(as: .element),
            form: .attribute, expected: "<book><isbn>1</isbn><year>1965</year></book>"),
        FormCase(
            testDescription: "a declaration overrides its definition",
            definition: mapping(Book.self, element: "book").property(\.isbn).written(as: .attribute).property(\.year)
                .propertiesWritten(as: .element),
            form: .attribute, expected: #"<book isbn="1"><year>1965</year></book>"#),
        FormCase(
            testDescription: ".attribute and .element are never moved",
            definition: mapping(Book.self, element: "book").attribute(\.isbn).element(\.year)
                .propertiesWritten(as: .attribute),
            form: .element, expected: #"<book isbn="1"><year>1965</year></book>"#),
        FormCase(
            testDescription: "CDATA makes a .property an element",
            definition: mapping(Book.self, element: "book").property(\.isbn).property(\.title).writtenAsCDATA(),
            form: .attribute, expected: #"<book isbn="1"><title><![CDATA[Dune]]></title></book>"#),
    ]

    @Test(arguments: formCases)
    func propertyForms(_ test: FormCase) throws {
        let binder = XMLBinder().registeredAtSetup(test.definition)
        let options = WritingOptions(layout: .compact, includesDeclaration: false, propertyForm: test.form)
        let text = try binder.xml(from: Self.shelf().books[0], options: options)
        #expect(text == test.expected)
        // Whatever the form, it reads back.
        let book = try binder.parse(text, as: Book.self)
        #expect(book.isbn == "1")
    }

    struct Settings: Bindable {
        var name: String?
        var retries = 3
        var mode = "fast"
        var verbose = false
        var port = 80
        var host: String?
        init() {}
    }

    @Test func nilOptionalsAreOmittedAndDefaultsOnRequest() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Settings.self, element: "settings")
                .attribute(\.name).attribute(\.retries).attribute(\.mode, default: "slow").attribute(\.verbose)
                .attribute(\.port).required().element(\.host))
        var settings = Settings()
        settings.mode = "slow"
        let compact = WritingOptions(layout: .compact, includesDeclaration: false)
        #expect(
            try binder.xml(from: settings, options: compact)
                == #"<settings retries="3" mode="slow" verbose="false" port="80"/>"#)
        var omitting = compact
        omitting.omitsDefaultValues = true
        // `mode` equals its declared default, `retries` and `verbose` their initial values;
        // `port` is required without a default, so it is always written.
        #expect(try binder.xml(from: settings, options: omitting) == #"<settings port="80"/>"#)
        settings.mode = "fast"
        settings.retries = 4
        settings.host = "example.com"
        #expect(
            try binder.xml(from: settings, options: omitting)
                == #"<settings retries="4" mode="fast" port="80"><host>example.com</host></settings>"#)
        // What was left out reads back as it was.
        settings.mode = "slow"
        settings.retries = 3
        let back = try binder.parse(try binder.xml(from: settings, options: omitting), as: Settings.self)
        #expect(back.retries == 3 && back.mode == "slow" && back.port == 80 && back.host == "example.com")
    }

    final class Listener: Bindable {
        var port: Int?
        var mode: String?
        var host: String?
        init() {}
    }

    @Test func aSchemaDefaultIsAppliedWhenBindingAndNotAddedWhenWriting() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Listener.self, element: "listener")
                .attribute(\.port, default: 8080).omittedWhenDefault()
                .attribute(\.mode, default: "active").omittedWhenDefault()
                .attribute(\.host))
        let compact = WritingOptions(layout: .compact, includesDeclaration: false)
        // Absent: the default is bound, and writing does not add it.
        let silent = try binder.parse(#"<listener host="a"/>"#, as: Listener.self)
        #expect(silent.port == 8080 && silent.mode == "active")
        #expect(try binder.xml(from: silent, options: compact) == #"<listener host="a"/>"#)
        // Another value is written; the default given explicitly reads the same without it.
        let given = try binder.parse(#"<listener port="9090" mode="active"/>"#, as: Listener.self)
        #expect(try binder.xml(from: given, options: compact) == #"<listener port="9090"/>"#)
        // A program's nil is written as nothing, as for any optional.
        given.port = nil
        #expect(try binder.xml(from: given, options: compact) == "<listener/>")
    }

    @Test func omittedWhenDefaultWithoutADefaultIsARegistrationError() {
        #expect {
            _ = try XMLBinder().register(
                mapping(Listener.self, element: "listener").attribute(\.port).omittedWhenDefault())
        } throws: { error in
            (error as? RegistrationError)?.problems.map(\.description) == [
                #"Listener <listener>, declaration 1 .attribute(\.port): .omittedWhenDefault() needs a declaration "#
                    + "with a default: value to compare with"
            ]
        }
    }

    @Test func anObjectOfAnUnregisteredTypeIsAnError() {
        let error = bindError { _ = try Self.binder.xml(from: Settings()) }
        #expect(error?.code == .unmappedType)
        #expect(
            error?.message
                == "cannot write a value of type Settings: no mapping is registered for it; register one with the binder "
                + "that writes, such as mapping(Settings.self, element: \"settings\")")
        var shelf = Shelf()
        shelf.label = "x"
        let noBooks = XMLBinder().registeredAtSetup(mapping(Shelf.self, element: "shelf").children(\.books))
        shelf.books = [Book()]
        let child = bindError { _ = try noBooks.xml(from: shelf) }
        #expect(
            child?.message
                == "cannot write a value of type Book (a child of <shelf>): no mapping is registered for it; register one "
                + "with the binder that writes, such as mapping(Book.self, element: \"book\")")
        let nothing = bindError { _ = try Self.binder.xml(from: Optional<Shelf>.none as Any) }
        #expect(nothing?.message == "cannot write nil as a document")
    }

    class Animal: Bindable {
        var name: String?
        required init() {}
    }
    final class Dog: Animal {}

    @Test func aSubclassIsWrittenAsItsMappedSuperclass() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Animal.self, element: "animal").attribute(\.name, xml: "name"))
        let dog = Dog()
        dog.name = "Rex"
        let text = try binder.xml(from: dog, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(text == #"<animal name="Rex"/>"#)
    }
}
