import Foundation
import Testing
import XMLBind
import XMLBindSOAP
import XMLBindTestSupport

@Suite("XML Schema generation")
struct SchemaGenerationTests {
    @Test func catalogSchema() throws {
        let schemas = try XMLSchemaGenerator(binder: catalogBinder).schemas()
        #expect(schemas.map(\.targetNamespace) == ["urn:catalog"])
        #expect(
            schemas[0].element == """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:catalog" targetNamespace="urn:catalog" \
                elementFormDefault="qualified">\
                <xs:element name="catalog" type="tns:Catalog"/>\
                <xs:element name="item" type="tns:CatalogItem"/>\
                <xs:element name="note" type="tns:CatalogNote"/>\
                <xs:complexType name="Catalog"><xs:sequence>\
                <xs:element ref="tns:item" minOccurs="0" maxOccurs="unbounded"/>\
                <xs:element ref="tns:note" minOccurs="0"/>\
                </xs:sequence><xs:attribute name="title" type="xs:string"/></xs:complexType>\
                <xs:complexType name="CatalogItem"><xs:sequence>\
                <xs:element name="name" type="xs:string" nillable="true" minOccurs="0"/>\
                <xs:element name="details" minOccurs="0"><xs:complexType><xs:sequence>\
                <xs:element name="price" minOccurs="0"><xs:complexType><xs:simpleContent>\
                <xs:extension base="tns:decimalOrEmpty"><xs:attribute name="currency" type="xs:string"/></xs:extension>\
                </xs:simpleContent></xs:complexType></xs:element>\
                </xs:sequence></xs:complexType></xs:element>\
                <xs:element name="color" type="tns:Color" nillable="true" minOccurs="0"/>\
                <xs:element name="sizes" type="tns:IntList"/>\
                <xs:element name="added" type="xs:dateTime" nillable="true" minOccurs="0"/>\
                <xs:element name="picture" type="xs:base64Binary" nillable="true" minOccurs="0"/>\
                <xs:element name="link" type="xs:anyURI" nillable="true" minOccurs="0"/>\
                <xs:element name="small" type="xs:short"/>\
                <xs:element name="ratio" type="xs:double"/>\
                <xs:element name="inStock" type="xs:boolean"/>\
                </xs:sequence><xs:attribute name="id" type="xs:long" use="required"/></xs:complexType>\
                <xs:complexType name="CatalogNote"><xs:simpleContent><xs:extension base="xs:string">\
                <xs:attribute name="language" type="xs:string"/></xs:extension></xs:simpleContent></xs:complexType>\
                <xs:simpleType name="Color"><xs:restriction base="xs:string">\
                <xs:enumeration value="red"/><xs:enumeration value="green"/></xs:restriction></xs:simpleType>\
                <xs:simpleType name="IntList"><xs:list itemType="xs:long"/></xs:simpleType>\
                <xs:simpleType name="decimalOrEmpty"><xs:union memberTypes="xs:decimal"><xs:simpleType>\
                <xs:restriction base="xs:string"><xs:length value="0"/></xs:restriction></xs:simpleType></xs:union>\
                </xs:simpleType>\
                </xs:schema>
                """)
    }
}

/// Documents the binder writes validate against the schemas made from the same mappings,
/// by libxml2's validator (lxml in the peers' virtual environment).
@Suite("Generated schemas validate written documents")
struct SchemaValidationTests {
    func validate(_ schemas: [XMLSchemaDocument], _ documents: [String]) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-xsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments: [String] = []
        for (index, schema) in schemas.enumerated() {
            let url = folder.appendingPathComponent("schema\(index).xsd")
            try Data(schema.document.utf8).write(to: url)
            arguments.append(url.path)
        }
        arguments.append("--")
        for (index, document) in documents.enumerated() {
            let url = folder.appendingPathComponent("document\(index).xml")
            try Data(document.utf8).write(to: url)
            arguments.append(url.path)
        }
        let peer = try await PeerProcess.start(script: "validate.py", arguments: arguments)
        defer { peer.stop() }
        return peer.firstLine
    }

    @Test func catalogDocumentsValidate() async throws {
        let item = CatalogItem()
        item.id = 7
        item.name = "Lamp & shade"
        item.price = Decimal(string: "12.50")
        item.currency = "CHF"
        item.color = .green
        item.sizes = [1, 2, 3]
        item.added = Date(timeIntervalSince1970: 1_000_000_000)
        item.picture = Data([1, 2, 3])
        item.link = URL(string: "https://example.com/lamp")
        item.small = -3
        item.ratio = 0.25
        item.inStock = true
        let bare = CatalogItem()
        bare.id = 8
        let catalog = Catalog()
        catalog.title = "Spring"
        catalog.items = [item, bare]
        let note = CatalogNote()
        note.language = "en"
        note.text = "All prices include VAT."
        catalog.note = note
        let options = WritingOptions(propertyForm: .element)
        let written = try catalogBinder.xml(from: catalog, options: options)
        var wrong = written.replacingOccurrences(of: "<color>green</color>", with: "<color>blue</color>")
        wrong = wrong.replacingOccurrences(of: "<small>-3</small>", with: "<small>70000</small>")
        let results = try await validate(try XMLSchemaGenerator(binder: catalogBinder).schemas(), [written, wrong])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(results.utf8)) as? [Any])
        #expect(parsed.first as? String == "valid", "\(written) \(results)")
        let errors = try #require(parsed.last as? [String])
        #expect(errors.count == 2)
        #expect(errors.first?.contains("'blue' is not an element of the set {'red', 'green'}") == true, "\(errors)")
    }

    @Test func serviceMessagesValidate() async throws {
        let person = SvcPerson()
        person.name = "Zoë"
        person.tags = [SvcTag("a"), SvcTag("b")]
        let older = SvcOlder()
        older.person = person
        let divide = SvcDivideError()
        divide.note = "x"
        // Unprefixed property names are in their element's namespace when it is the default one.
        let options = WritingOptions(preferredPrefixes: [serviceNamespace: ""], propertyForm: .element)
        // Lists of values and strings with spaces, one element each; a nil as xsi:nil.
        let sums = SvcSumList()
        sums.values = [1, 2, 3, -10]
        let ada = SvcGetPersonResponse()
        ada.name = "Ada"
        ada.nickname = nil
        ada.emails = ["ada@example.com"]
        ada.interests = ["poetry & science", "analytical engines"]
        let documents = [
            try serviceBinder.xml(from: older, options: options), try serviceBinder.xml(from: divide, options: options),
            try serviceBinder.xml(from: sums, options: options), try serviceBinder.xml(from: ada, options: options),
        ]
        #expect(documents[3].contains(#"<nickname xsi:nil="true"/>"#), "\(documents[3])")
        let results = try await validate(try testService.schemas(), documents)
        #expect(results == #"["valid", "valid", "valid", "valid"]"#)
    }
}

@Suite("XML Schema of named child slots")
struct NamedSlotSchemaTests {
    final class Shelf: Bindable {
        var books: [Book] = []
        var featured: Book?
        init() {}
    }

    final class Book: Bindable {
        var title = ""
        init() {}
    }

    @Test func namedSlotsAreLocalElementsOfTheChildsType() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Shelf.self, element: "shelf", namespace: "urn:shelf").children(\.books, xml: "book")
                .child(\.featured, xml: "featured"),
            mapping(Book.self, element: "volume", namespace: "urn:shelf").element(\.title))
        let schema = try #require(try XMLSchemaGenerator(binder: binder).schemas().first).element
        #expect(
            schema.contains(
                #"<xs:complexType name="Shelf"><xs:sequence><xs:element name="book" type="tns:Book" minOccurs="0" maxOccurs="unbounded"/><xs:element name="featured" type="tns:Book" minOccurs="0"/></xs:sequence></xs:complexType>"#
            ), "\(schema)")
    }
}
