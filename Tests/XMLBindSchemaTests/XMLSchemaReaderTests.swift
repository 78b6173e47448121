import Foundation
import Testing
import XMLBind
import XMLBindSchema
import XMLBindTestSupport

@Suite("XML Schema reader")
struct XMLSchemaReaderTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/XSD")

    /// A fixture's URL relative to the fixtures folder, so origins print short.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: name, relativeTo: fixtures)
    }

    @Test("The purchase order schema reads into types, fields and roots")
    func purchaseOrder() throws {
        let model = XMLSchemaReader().read([Self.fixture("po.xsd")])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
        let po = "urn:example:po"
        #expect(model.rootElements.map(\.name.localName) == ["purchaseOrder", "comment"])
        let order = try #require(model.type(named: QualifiedName(namespace: po, "PurchaseOrderType"))?.complexType)
        #expect(order.fields.map(\.name) == ["shipTo", "billTo", "comment", "items", "orderDate", "priority"])
        #expect(order.fields[0].namespace == po)
        #expect(order.fields[2].occurrence == .optional)
        #expect(order.fields[4].type == .builtin(.date))
        #expect(order.fields[5].defaultValue == "normal")
        let item = try #require(model.type(named: QualifiedName(namespace: po, "item"))?.complexType)
        #expect(item.fields.first { $0.name == "partNum" }?.occurrence == .required)
        let quantity = try #require(model.type(named: QualifiedName(namespace: po, "quantity")))
        #expect(
            quantity.kind
                == .restriction(
                    SimpleRestriction(base: .builtin(.positiveInteger), facets: Facets(maxExclusive: "100"))))
        let priority = try #require(model.type(named: QualifiedName(namespace: po, "Priority")))
        guard case .enumeration(let values) = priority.kind else {
            Issue.record("Priority is not an enumeration")
            return
        }
        #expect(values.values.map(\.value) == ["low", "normal", "high"])
        #expect(values.values[1].documentation == "The usual.")
        #expect(priority.origin?.line == 64)
        // The schema's own prefix for its namespace, found in its qualified names.
        #expect(model.prefixes == ["po": po])
    }

    @Test("Includes that include each other are read once each; groups, derivation and unions resolve")
    func includeCycle() throws {
        let model = XMLSchemaReader().read([Self.fixture("library.xsd")])
        // Mixed content (Note) is the emitter's to place (`.mixedText`), not a warning of the reader.
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
        let lib = "urn:example:library"
        let book = try #require(model.type(named: QualifiedName(namespace: lib, "Book"))?.complexType)
        #expect(
            book.fields.map(\.name) == [
                "title", "author", "year", "note", "id", "added", "available", "isbn", "catalogNumber", "price",
                "keywords", "pages", "edition", "cover",
            ])
        #expect(book.base == .named(QualifiedName(namespace: lib, "Publication")))
        #expect(book.choices == [[7, 8]])
        let edition = try #require(model.type(named: QualifiedName(namespace: lib, "Edition")))
        #expect(
            edition.kind
                == .union(members: [.builtin(.positiveInteger), .named(QualifiedName(namespace: lib, "EditionName"))]))
        #expect(model.types.filter { $0.name.localName == "ISBN" }.count == 1)
    }

    @Test("A remote schemaLocation is a located error and a construct not read is a located warning")
    func remoteAndSkipped() {
        let model = XMLSchemaReader().read([Self.fixture("remote.xsd")])
        #expect(
            model.diagnostics.map(\.description) == [
                "remote.xsd:4:3: warning: <xs:notation> in <schema> is not read by the generator yet; it is skipped",
                "remote.xsd:3:3: error: schemaLocation 'https://example.com/other.xsd' is not a local file; nothing is "
                    + "fetched from the network (map it to a file with a catalog entry, --catalog LOCATION=FILE)",
            ])
    }

    @Test("xs:redefine replaces types and groups; a redefinition's reference to itself is the original")
    func redefine() throws {
        let model = XMLSchemaReader().read([Self.fixture("redefine.xsd")])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
        let namespace = "urn:example:redefine"
        let person = try #require(model.type(named: QualifiedName(namespace: namespace, "Person"))?.complexType)
        #expect(person.fields.map(\.name) == ["name", "age"])
        // The original is folded into its redefinition, not kept as a base no document names.
        #expect(person.base == nil)
        #expect(!model.types.contains { $0.name.localName.hasPrefix("Person-") })
        let box = try #require(model.type(named: QualifiedName(namespace: namespace, "Box"))?.complexType)
        #expect(box.fields.map(\.name) == ["size", "note", "tag"])
        // The redefined simple type narrows the original, which stays its base.
        let size = try #require(model.type(named: QualifiedName(namespace: namespace, "Size")))
        let original = QualifiedName(namespace: namespace, "Size-redefined")
        #expect(
            size.kind == .restriction(SimpleRestriction(base: .named(original), facets: Facets(maxInclusive: "10"))))
        #expect(
            model.type(named: original)?.kind
                == .restriction(SimpleRestriction(base: .builtin(.int), facets: Facets(minInclusive: "0"))))
    }

    @Test("A catalog maps a remote location to a local file")
    func catalog() {
        let reader = XMLSchemaReader(catalog: [
            "https://example.com/other.xsd": Self.fixtures.appendingPathComponent("po.xsd").path
        ])
        let model = reader.read([Self.fixture("remote.xsd")])
        #expect(!model.diagnostics.contains { $0.severity == .error })
        #expect(model.rootElements.contains { $0.name.localName == "purchaseOrder" })
    }

    @Test("A schema that is not well-formed gives the binder's located errors")
    func malformed() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("broken.xsd")
        try Data(#"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="a" type="xs:string">"#.utf8)
            .write(to: file)
        let model = XMLSchemaReader().read([file])
        #expect(model.diagnostics.count == 1)
        #expect(model.diagnostics.first?.severity == .error)
        #expect(model.diagnostics.first?.origin?.line == 1)
    }

    @Test("A group that contains itself through an anonymous type ends, with one type for it")
    func recursiveGroup() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("tree.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:group name="nodes">
                <xs:sequence>
                  <xs:element name="node" minOccurs="0" maxOccurs="unbounded">
                    <xs:complexType><xs:group ref="nodes"/><xs:attribute name="id" type="xs:int"/></xs:complexType>
                  </xs:element>
                </xs:sequence>
              </xs:group>
              <xs:element name="tree"><xs:complexType><xs:group ref="nodes"/></xs:complexType></xs:element>
            </xs:schema>
            """.utf8
        ).write(to: file)
        let model = XMLSchemaReader().read([file])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
        let node = try #require(model.type(named: QualifiedName("node"))?.complexType)
        #expect(node.fields.map(\.name) == ["node", "id"])
        #expect(node.fields[0].type == .named(QualifiedName("node")))
        #expect(model.types.count == 2)
    }

    @Test("An undeclared type and an undeclared prefix are located errors")
    func undeclared() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("undeclared.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="a" type="Missing"/>
              <xs:element name="b" type="nope:Thing"/>
            </xs:schema>
            """.utf8
        ).write(to: file)
        let base = URL(fileURLWithPath: folder.path, isDirectory: true)
        let model = XMLSchemaReader().read([URL(fileURLWithPath: "undeclared.xsd", relativeTo: base)])
        #expect(
            model.diagnostics.map(\.description) == [
                "undeclared.xsd:2:3: error: the type Missing is not declared in the schemas read",
                "undeclared.xsd:3:3: error: the prefix 'nope' of the type 'nope:Thing' is not declared",
            ])
    }

    @Test("Content whose children of different names may interleave keeps their order; other content does not")
    func interleavingContent() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("order.xsd")
        let cases: [(content: String, interleaves: Bool)] = [
            ("<xs:all><xs:element name='a'/><xs:element name='b'/></xs:all>", true),
            ("<xs:choice maxOccurs='unbounded'><xs:element name='a'/><xs:element name='b'/></xs:choice>", true),
            ("<xs:sequence maxOccurs='3'><xs:element name='a'/><xs:element name='b'/></xs:sequence>", true),
            ("<xs:sequence><xs:element name='a'/><xs:element name='b'/><xs:element name='a'/></xs:sequence>", true),
            (
                "<xs:sequence maxOccurs='unbounded'><xs:choice><xs:element name='a'/><xs:element name='b'/>"
                    + "</xs:choice></xs:sequence>", true
            ),
            (
                "<xs:sequence><xs:element name='a' maxOccurs='9'/><xs:element name='b' maxOccurs='9'/></xs:sequence>",
                false
            ),
            ("<xs:choice><xs:element name='a'/><xs:element name='b'/></xs:choice>", false),
            ("<xs:sequence maxOccurs='unbounded'><xs:element name='a'/></xs:sequence>", false),
            ("<xs:all><xs:element name='a'/></xs:all>", false),
        ]
        let types = cases.enumerated().map { index, item in
            "<xs:complexType name=\"T\(index)\">\(item.content)</xs:complexType>"
        }
        try Data(
            ("<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">" + types.joined() + "</xs:schema>").utf8
        ).write(to: schema)
        let model = XMLSchemaReader().read([schema])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
        for (index, item) in cases.enumerated() {
            let complex = try #require(model.type(named: QualifiedName("T\(index)"))?.complexType)
            #expect(complex.keepsChildOrder == item.interleaves, "\(item.content)")
        }
    }
}
