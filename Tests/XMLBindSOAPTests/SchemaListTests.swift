import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// Lists, maps, nil and kept attributes as the generated schema describes them (issue 28,
/// items 3 and 4): what the binder reads and writes, so that peers send what it takes.
@Suite("XML Schema of lists, maps and nil")
struct SchemaListTests {
    final class Shelf: Bindable, XMLAttributeContainer {
        var tags: [String] = []
        var values: [Int] = []
        var sizes: [Int] = []
        var links: [String?] = []
        var titles: [String: String] = [:]
        var labels: [String: String] = [:]
        var note: String? = "none"
        var books: [Book] = []
        var maps: [Map] = []
        var kept: [(name: String, value: String)] = []
        init() {}
        func addAttribute(_ name: String, value: String) { kept.append((name, value)) }
        var attributesToWrite: [(name: String, value: String)] { kept }
    }

    final class Book: Bindable {
        var title = ""
        init() {}
    }

    final class Map: Bindable {
        var scale = 0
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Shelf.self, element: "shelf", namespace: "urn:shelf")
            .elements(\.tags, xml: "tags/string")
            .elements(\.values, xml: "value")
            .element(\.sizes)
            .elements(\.links, xml: "link/@type")
            .elements(\.titles, xml: "title", key: "xml:lang")
            .elements(\.labels, xml: "label", key: "id")
            .children(\.books)
            .children(\.maps)
            .element(\.note),
        mapping(Book.self, element: "book", namespace: "urn:shelf").attribute(\.title),
        mapping(Map.self, element: "map", namespace: "urn:shelf").attribute(\.scale))

    static let shelfType =
        #"<xs:complexType name="Shelf"><xs:sequence>"#
        // One element per value, inside the wrapper.
        + #"<xs:element name="tags" minOccurs="0"><xs:complexType><xs:sequence>"#
        + #"<xs:element name="string" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>"#
        + #"</xs:sequence></xs:complexType></xs:element>"#
        // Lists whose elements may mix: one repeated choice, from the first to the last.
        + #"<xs:choice minOccurs="0" maxOccurs="unbounded">"#
        + #"<xs:element name="value" type="xs:long"/>"#
        // A whitespace list in one element stays an xs:list.
        + #"<xs:element name="sizes" type="tns:IntList"/>"#
        + #"<xs:element name="link"><xs:complexType><xs:attribute name="type" type="xs:string"/></xs:complexType>"#
        + #"</xs:element>"#
        + #"<xs:element name="title"><xs:complexType><xs:simpleContent><xs:extension base="xs:string">"#
        + #"<xs:anyAttribute namespace="http://www.w3.org/XML/1998/namespace" processContents="lax"/>"#
        + #"</xs:extension></xs:simpleContent></xs:complexType></xs:element>"#
        + #"<xs:element name="label"><xs:complexType><xs:simpleContent><xs:extension base="xs:string">"#
        + #"<xs:attribute name="id" type="xs:string" use="required"/>"#
        + #"</xs:extension></xs:simpleContent></xs:complexType></xs:element>"#
        + #"<xs:element ref="tns:book"/><xs:element ref="tns:map"/>"#
        + #"</xs:choice>"#
        + #"<xs:element name="note" type="xs:string" nillable="true" minOccurs="0"/>"#
        + #"</xs:sequence><xs:anyAttribute processContents="lax"/></xs:complexType>"#

    @Test func listsAreRepeatedElements() throws {
        let schema = try #require(try XMLSchemaGenerator(binder: Self.binder).schemas().first).element
        #expect(schema.contains(Self.shelfType), "\(schema)")
    }

    @Test func writtenDocumentsValidate() async throws {
        let shelf = Shelf()
        shelf.tags = ["poetry & science", "a b"]
        shelf.values = [1, 2, 3, -10]
        shelf.sizes = [4, 5]
        shelf.links = ["a", nil, "b"]
        shelf.titles = ["de": "Regal", "en": "Shelf"]
        shelf.labels = ["x": "X"]
        shelf.note = nil
        shelf.books = [Book(), Book()]
        shelf.maps = [Map()]
        shelf.kept = [("init-method", "start")]
        let written = try Self.binder.xml(from: shelf)
        // Mixed in document order, as the binder reads them.
        let mixed =
            #"<shelf xmlns="urn:shelf" other="1"><map scale="1"/><book title="t"/><value>1</value><map scale="2"/>"#
            + #"<sizes>1 2</sizes><note xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/></shelf>"#
        let results = try await SchemaValidationTests().validate(
            try XMLSchemaGenerator(binder: Self.binder).schemas(), [written, mixed])
        #expect(results == #"["valid", "valid"]"#, "\(written)")
    }
}

/// `.wholeText()`: the value is the element's whole text, so any elements may be inside it.
@Suite("XML Schema of whole text")
struct WholeTextSchemaTests {
    final class Entry: Bindable {
        var summary: String?
        var body: Body?
        init() {}
    }

    final class Body: Bindable {
        var language = ""
        var text = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Entry.self, element: "entry", namespace: "urn:e").element(\.summary).wholeText().child(\.body),
        mapping(Body.self, element: "body", namespace: "urn:e").attribute(\.language).text(\.text).wholeText())

    @Test func wholeTextIsMixedContentOfAnyElements() async throws {
        let schema = try #require(try XMLSchemaGenerator(binder: Self.binder).schemas().first).element
        let any =
            #"<xs:complexType mixed="true"><xs:sequence><xs:any processContents="skip" minOccurs="0" "#
            + #"maxOccurs="unbounded"/></xs:sequence>"#
        #expect(schema.contains(#"<xs:element name="summary" nillable="true" minOccurs="0">\#(any)</xs:complexType>"#))
        #expect(
            schema.contains(
                any.replacingOccurrences(of: "<xs:complexType ", with: #"<xs:complexType name="Body" "#)
                    + #"<xs:attribute name="language" type="xs:string"/></xs:complexType>"#), "\(schema)")
        let document = #"""
            <entry xmlns="urn:e"><summary>Moved <a href="x">here</a>.</summary>\#
            <body language="en"><p>One</p><p>Two <b>bold</b></p></body></entry>
            """#
        let results = try await SchemaValidationTests().validate(
            try XMLSchemaGenerator(binder: Self.binder).schemas(), [document])
        #expect(results == #"["valid"]"#)
    }
}
