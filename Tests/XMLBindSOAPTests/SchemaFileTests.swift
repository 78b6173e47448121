import Foundation
import Testing
import XMLBind
import XMLBindSOAP
import XMLBindTestSupport

/// A model over several namespaces as a set of schema files linked by
/// `xs:import schemaLocation` (issue 28, item 3).
@Suite("XML Schema files")
struct SchemaFileTests {
    final class Order: Bindable {
        var id = ""
        var lines: [Line] = []
        var notes: [Note] = []
        init() {}
    }

    final class Line: Bindable {
        var sku = ""
        init() {}
    }

    final class Note: Bindable {
        var text = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Order.self, element: "order", namespace: "urn:shop:orders").attribute(\.id).children(\.lines)
            .children(\.notes),
        mapping(Line.self, element: "line", namespace: "http://example.com/shop/orders").attribute(\.sku),
        mapping(Note.self, element: "note", namespace: "").text(\.text))

    @Test func filesAreNamedAfterTheirNamespacesAndLinked() throws {
        let files = try XMLSchemaGenerator(binder: Self.binder).linkedSchemas()
        // Two namespaces end in `orders`: the second file gets a number.
        #expect(files.map(\.name) == ["orders.xsd", "orders-2.xsd", "schema.xsd"])
        #expect(files.map(\.schema.targetNamespace) == ["urn:shop:orders", "http://example.com/shop/orders", nil])
        let main = files[0].schema.element
        #expect(
            main.contains(
                #"<xs:import namespace="http://example.com/shop/orders" schemaLocation="orders-2.xsd"/>"#
                    + #"<xs:import schemaLocation="schema.xsd"/>"#), "\(main)")
        // The WSDL's schemas name no files.
        #expect(try XMLSchemaGenerator(binder: Self.binder).schemas()[0].element.contains(#"schemaLocation"#) == false)
    }

    @Test func writtenSetValidatesFromItsFirstFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let urls = try XMLSchemaGenerator(binder: Self.binder).writeSchemas(to: folder.appendingPathComponent("xsd"))
        #expect(urls.map(\.lastPathComponent) == ["orders.xsd", "orders-2.xsd", "schema.xsd"])
        let order = Order()
        order.id = "7"
        let line = Line()
        line.sku = "A-1"
        let note = Note()
        note.text = "fragile"
        order.lines = [line, line]
        order.notes = [note]
        let written = try Self.binder.xml(from: order)
        let document = folder.appendingPathComponent("order.xml")
        try Data(written.utf8).write(to: document)
        let peer = try await PeerProcess.start(script: "validate.py", arguments: [urls[0].path, "--", document.path])
        defer { peer.stop() }
        #expect(peer.firstLine == #"["valid"]"#, "\(written)")
    }
}
