import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBindSchema

/// What the generator makes of `xs:key`, `xs:unique` and `xs:keyref`: checks for the XPath
/// forms it follows, located warnings for the others. (The checks run in `GeneratedCodeTests`.)
@Suite("Identity constraints")
struct IdentityConstraintTests {
    @Test("A key, a unique and a keyref of a global element become its registration's check")
    func generated() throws {
        let result = GeneratedCodeTests.generate("Keys", "keys.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let model = XMLSchemaReader().read([GeneratedCodeTests.fixtures.appendingPathComponent("keys.xsd")])
        let catalog = try #require(model.rootElements.first { $0.name.localName == "catalog" })
        #expect(catalog.identityConstraints.map(\.kind) == [.key, .unique, .keyref, .unique])
        let keyref = catalog.identityConstraints[2]
        #expect(keyref.refer == QualifiedName(namespace: "urn:example:keys", "productId"))
        let order = QualifiedName(namespace: "urn:example:keys", "order")
        let orders = QualifiedName(namespace: "urn:example:keys", "orders")
        #expect(keyref.selector.first == IdentityConstraint.Path(steps: [orders, order]))
        #expect(keyref.fields == [[IdentityConstraint.Path(steps: [], attribute: QualifiedName("product"))]])
        let binder = try #require(result.files.first { $0.name == "Keys.swift" }).contents
        for expected in [
            "definition = definition.validate { value, context in",
            "var problems: [IdentityConstraints.Problem] = []",
            "for node in [value].compactMap({ $0.products }).flatMap({ $0.product }) {",
            #"rows0.append(IdentityConstraints.Row(origin: node.origin, element: "<product>", fields: "#
                + "[IdentityConstraints.field(IdentityConstraints.values([node].compactMap({ $0.id })))]))",
            #"let table0 = IdentityConstraints.unique(rows0, "xs:key 'productId'", fields: ["@id"], isKey: true, "#
                + "problems: &problems)",
            "for node in [value].compactMap({ $0.orders }).flatMap({ $0.`return` }) {",
            #"IdentityConstraints.references(rows3, "xs:keyref 'orderedProduct'", fields: ["@product"], "#
                + #"to: table0, "xs:key 'productId'", problems: &problems)"#,
            "IdentityConstraints.report(problems, to: context)",
        ] {
            #expect(binder.contains(expected), "\(expected)\n\(binder)")
        }
        #expect(result.files.contains { $0.name == "Keys+IdentityConstraints.swift" })
        // A model without constraints has no such file.
        let plain = GeneratedCodeTests.generate("Settings", "settings.xsd")
        #expect(!plain.files.contains { $0.name.hasSuffix("+IdentityConstraints.swift") })
    }

    @Test("XPaths the generated code does not follow are located warnings, and those constraints unchecked")
    func unsupported() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("k.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:t" targetNamespace="urn:t">
              <xs:element name="r">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="i" maxOccurs="unbounded">
                      <xs:complexType>
                        <xs:attribute name="id" type="xs:int"/>
                      </xs:complexType>
                      <xs:key name="local"><xs:selector xpath="."/><xs:field xpath="@id"/></xs:key>
                    </xs:element>
                  </xs:sequence>
                </xs:complexType>
                <xs:key name="deep"><xs:selector xpath=".//i"/><xs:field xpath="@id"/></xs:key>
                <xs:unique name="any"><xs:selector xpath="*"/><xs:field xpath="@id"/></xs:unique>
                <xs:unique name="missing"><xs:selector xpath="j"/><xs:field xpath="@id"/></xs:unique>
                <xs:unique name="badField"><xs:selector xpath="i"/><xs:field xpath="@nope"/></xs:unique>
                <xs:unique name="undeclared"><xs:selector xpath="u:i"/><xs:field xpath="@id"/></xs:unique>
                <xs:keyref name="elsewhere" refer="t:local"><xs:selector xpath="i"/><xs:field xpath="@id"/></xs:keyref>
                <xs:key name="ok"><xs:selector xpath="i"/><xs:field xpath="@id"/></xs:key>
              </xs:element>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let result = ModelGenerator(name: "K", inputs: [schema]).generate()
        #expect(
            result.diagnostics.map(\.description) == [
                "\(schema.path):9:11: warning: xs:key 'local' of a local element is not checked by the generated code "
                    + "(those of global elements are)",
                "\(schema.path):13:25: warning: xs:key 'deep' is not checked by the generated code: its selector "
                    + "'.//i' is not made of child steps ('a/b', './p:a', '.') and unions ('|')",
                "\(schema.path):14:27: warning: xs:unique 'any' is not checked by the generated code: its selector "
                    + "'*' is not made of child steps ('a/b', './p:a', '.') and unions ('|')",
                "\(schema.path):17:34: warning: xs:unique 'undeclared' is not checked by the generated code: its "
                    + "selector 'u:i' is not made of child steps ('a/b', './p:a', '.') and unions ('|')",
                "\(schema.path):15:5: warning: xs:unique 'missing' is not checked: its selector 'j' names <j>, which "
                    + "is not an element of a generated class there",
                "\(schema.path):16:5: warning: xs:unique 'badField' is not checked: its field '@nope' does not lead "
                    + "to an attribute or a simple value of a generated class",
                "\(schema.path):18:5: warning: xs:keyref 'elsewhere' is not checked: it refers to {urn:t}local, which "
                    + "is not a key or uniqueness constraint of the same element",
            ])
        let binder = try #require(result.files.first { $0.name == "K.swift" }).contents
        #expect(binder.contains(#"IdentityConstraints.unique(rows2, "xs:key 'ok'""#), "\(binder)")
    }
}
