import Foundation
import Testing
import XMLBind
import XMLBindSchema
import XMLBindTestSupport

/// Shapes met in real schemas (XHTML 1.0, App Engine's `appengine-web.xsd`, SOAP 1.1's
/// envelope, the schema for schemas), trimmed into fixtures of our own under `Fixtures/XSD/Real`.
@Suite("Shapes of real schemas")
struct RealSchemaShapeTests {
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: "Real/" + name, relativeTo: GeneratedCodeTests.fixtures)
    }

    @Test("A type holding elements whose types extend it is recursion, not a derivation cycle")
    func elementTypesExtendingTheirHolder() throws {
        let model = XMLSchemaReader().read([Self.fixture("inline.xsd")])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
        let namespace = "urn:example:inline"
        // Each derived type holds its base's elements first, then what it adds.
        for (type, added) in [("em", "class"), ("Span", "title"), ("p", "class")] {
            let complex = try #require(model.type(named: QualifiedName(namespace: namespace, type))?.complexType)
            #expect(complex.fields.map(\.name) == ["em", "span", "", added], "\(type)")
            #expect(complex.base == .named(QualifiedName(namespace: namespace, "Inline")), "\(type)")
            #expect(complex.isMixed)
        }
    }

    @Test("A prefix the document declares elsewhere is read as it stands there, with a located warning")
    func prefixDeclaredElsewhere() throws {
        let model = XMLSchemaReader().read([Self.fixture("undeclared-prefix.xsd")])
        let file = Self.fixture("undeclared-prefix.xsd").relativePath
        #expect(
            model.diagnostics.map(\.description) == [
                "\(file):11:7: warning: the prefix 'ns' of the type 'ns:metricType' is not declared here; it is read "
                    + "as urn:example:app, which it stands for elsewhere in this schema document",
                "\(file):20:7: warning: the prefix 'ns' of the type 'ns:limitType' is not declared here; it is read "
                    + "as urn:example:app, which it stands for elsewhere in this schema document",
            ])
        let app = try #require(model.type(named: QualifiedName(namespace: "urn:example:app", "appType"))?.complexType)
        #expect(app.fields.map(\.name) == ["scaling", "metric", "id"])
        #expect(app.fields[1].type == .named(QualifiedName(namespace: "urn:example:app", "metricType")))
        // `use="required "`: XML Schema collapses the whitespace of the attribute's value.
        #expect(app.fields[2].occurrence == .required)
    }

    @Test("A prefix declared nowhere, or for two namespaces in the document, stays an error")
    func prefixNotDeclared() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("two.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:a">
              <xs:element name="a" type="p:T" xmlns:p="urn:a"/>
              <xs:element name="b" type="p:T" xmlns:p="urn:b"/>
              <xs:element name="c" type="p:T"/>
              <xs:element name="d" type="q:T"/>
              <xs:complexType name="T"/>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let model = XMLSchemaReader().read([schema])
        #expect(
            model.diagnostics.map(\.description).filter { $0.contains("prefix") } == [
                "\(schema.path):4:3: error: the prefix 'p' of the type 'p:T' is not declared",
                "\(schema.path):5:3: error: the prefix 'q' of the type 'q:T' is not declared",
            ])
    }

    @Test("A warning about a declaration reached along many paths is given once")
    func warningsOnce() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("many.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="root">
                <xs:complexType><xs:sequence>
                  <xs:element name="a"><xs:complexType><xs:attributeGroup ref="named"/></xs:complexType></xs:element>
                  <xs:element name="b"><xs:complexType><xs:attributeGroup ref="named"/></xs:complexType></xs:element>
                </xs:sequence></xs:complexType>
              </xs:element>
              <xs:attributeGroup name="named">
                <xs:attribute name="name">
                  <xs:simpleType><xs:restriction base="xs:string"><xs:pattern value="\\p{IsNoSuchBlock}*"/></xs:restriction></xs:simpleType>
                </xs:attribute>
              </xs:attributeGroup>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let result = ModelGenerator(name: "Many", inputs: [schema]).generate()
        #expect(
            result.diagnostics.map(\.description) == [
                "\(schema.path):9:5: warning: the pattern \\p{IsNoSuchBlock}* has no ICU form (a feature not "
                    + "translated yet, or a Unicode block ICU does not know); it is not checked"
            ])
    }

    @Test("An unqualified local element of a type in a namespace is declared in no namespace")
    func unqualifiedLocalElements() throws {
        let result = ModelGenerator(name: "Faults", inputs: [Self.fixture("unqualified.xsd")]).generate()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let binder = try #require(result.files.first { $0.name == "Faults.swift" }).contents
        for expected in [
            #"definition.element(\.faultcode, xml: "{}faultcode").required()"#,
            #"definition.child(\.detail, xml: "{}detail")"#,
        ] {
            #expect(binder.contains(expected), "\(expected)")
        }
        // From a WSDL, an rpc/literal part and an unqualified element of the types are taken in
        // no namespace or their owner's, as SOAP stacks write them both ways.
        let wsdl = GeneratedCodeTests.fixtures.deletingLastPathComponent().appendingPathComponent("WSDL/rpc.wsdl")
        let rpc = ModelGenerator(name: "Geometry", inputs: [wsdl]).generate()
        let rpcBinder = try #require(rpc.files.first { $0.name == "Geometry.swift" }).contents
        #expect(rpcBinder.contains(#"definition.element(\.distance, xml: "distance", "#))
        #expect(rpcBinder.contains(#"definition.element(\.x, xml: "x", "#))
    }
}
