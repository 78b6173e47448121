import Testing
import XMLBind
import XMLBindSchema

@Suite("Schema model")
struct SchemaModelTests {
    @Test("A model holds types, fields and root elements, found by name")
    func buildsAndFinds() {
        let name = QualifiedName(namespace: "urn:po", "PurchaseOrder")
        let order = ModelType(
            name: name,
            kind: .complex(
                ComplexType(fields: [
                    Field(name: "id", kind: .attribute, type: .builtin(.int), occurrence: .optional),
                    Field(name: "item", namespace: "urn:po", kind: .element, type: .builtin(.string), occurrence: .any),
                ])),
            origin: Origin(file: "po.xsd", line: 3, column: 5))
        let model = SchemaModel(
            types: [order],
            rootElements: [RootElement(name: QualifiedName(namespace: "urn:po", "order"), type: .named(name))])
        #expect(model.type(named: name)?.complexType?.fields.count == 2)
        #expect(model.type(named: name)?.complexType?.fields[1].occurrence.isRepeated == true)
        #expect(name.description == "{urn:po}PurchaseOrder")
        #expect(TypeReference.builtin(.nmTokens).description == "xs:NMTOKENS")
        #expect(QualifiedName(namespace: "", "a").namespace == nil)
    }

    @Test("A diagnostic prints like a compiler's")
    func diagnosticText() {
        let warning = GenerationDiagnostic(
            .warning, "xs:redefine is not supported; skipped", at: Origin(file: "a.xsd", line: 4, column: 3))
        #expect(warning.description == "a.xsd:4:3: warning: xs:redefine is not supported; skipped")
    }
}
