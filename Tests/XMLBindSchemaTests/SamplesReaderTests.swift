import Foundation
import Testing
import XMLBind
import XMLBindSchema

@Suite("Samples: inferring a model")
struct SamplesReaderTests {
    static let first = """
        <orders xmlns="urn:shop" xmlns:x="urn:extra">
          <order id="1" placed="2024-05-01T10:00:00Z" paid="true" x:channel="web">
            <customer>Ann</customer>
            <total>12.5</total>
            <code>007</code>
            <item sku="A" qty="2"/>
            <item sku="B" qty="1"/>
            <site>https://example.com/a</site>
          </order>
        </orders>
        """
    static let second = """
        <orders xmlns="urn:shop">
          <order id="2" placed="2024-05-02T11:30:00+02:00">
            <customer>Bob</customer>
            <total>3</total>
            <code>12</code>
            <item sku="C" qty="many"/>
            <note>Leave at the door</note>
          </order>
          <order id="3" placed="2024-05-03T09:00:00Z" paid="false">
            <customer>Cy</customer>
            <total>4.25</total>
            <code>8</code>
            <item sku="D" qty="1"/>
          </order>
        </orders>
        """

    static func model() -> SchemaModel {
        SampleReader().model(of: [("first.xml", Data(first.utf8)), ("second.xml", Data(second.utf8))])
    }

    @Test("Types, optionality, lists and nesting across samples")
    func inference() throws {
        let model = Self.model()
        #expect(model.diagnostics.isEmpty)
        #expect(model.rootElements.map(\.name) == [QualifiedName(namespace: "urn:shop", "orders")])
        #expect(model.types.map(\.name.localName) == ["orders", "order", "item"])
        #expect(model.prefixes == ["x": "urn:extra"])
        let order = try #require(model.type(named: QualifiedName(namespace: "urn:shop", "order"))?.complexType)
        let summary = order.fields.map { "\($0.kind) \($0.name) \($0.type) \($0.occurrence)" }
        #expect(
            summary == [
                "attribute id xs:integer 1..1",
                "attribute placed xs:dateTime 1..1",
                "attribute paid xs:boolean 0..1",
                "attribute channel xs:string 0..1",
                "element customer xs:string 1..1",
                "element total xs:decimal 1..1",
                "element code xs:string 1..1",
                "element item {urn:shop}item 1..*",
                "element note xs:string 0..1",
                "element site xs:anyURI 0..1",
            ])
        #expect(order.fields[3].namespace == "urn:extra")
        let item = try #require(model.type(named: QualifiedName(namespace: "urn:shop", "item"))?.complexType)
        #expect(item.fields.map(\.type) == [.builtin(.string), .builtin(.string)])
        let orders = try #require(model.type(named: QualifiedName(namespace: "urn:shop", "orders"))?.complexType)
        #expect(orders.fields.map(\.occurrence) == [.oneOrMore])
    }

    @Test("A sample that is not well-formed is a located error, and reading is held to the binder's limits")
    func badSamples() throws {
        let broken = SampleReader().model(of: [("broken.xml", Data("<a>\n  <b></a>".utf8))])
        #expect(broken.types.isEmpty)
        let error = try #require(broken.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.origin?.file == "broken.xml")
        #expect(error.origin?.line == 2)

        var options = ParseOptions()
        options.limits.maximumDepth = 3
        let deep = SampleReader(options: options).model(of: [("deep.xml", Data("<a><b><c><d/></c></b></a>".utf8))])
        #expect(deep.diagnostics.contains { $0.severity == .error && $0.message.contains("deep") })
    }

    @Test("Values: only what writes back unchanged is a number or a boolean")
    func valueTypes() throws {
        let model = SampleReader().model(of: [
            (
                "values.xml",
                Data(#"<v a="1" b="1.50" c="yes" d="-3" e="1e3" f="2024-01-01" g="file:///tmp/x" h=" 4"/>"#.utf8)
            )
        ])
        let fields = try #require(model.types.first?.complexType?.fields)
        #expect(
            fields.map(\.type) == [
                .builtin(.integer), .builtin(.string), .builtin(.string), .builtin(.integer), .builtin(.string),
                .builtin(.string), .builtin(.anyURI), .builtin(.string),
            ])
    }
}
