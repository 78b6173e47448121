import Foundation
import Testing
import XMLBind
import XMLBindHTTP
import XMLBindSOAP
import XMLBindSOAPServer

/// The README's SOAP example and the SOAP article's list of items, run as written.
@Suite("README and article examples")
struct SOAPReadmeExampleTests {
    final class AddResponse: Bindable {
        var result = 0
        init() {}
    }

    final class AddRequest: Bindable {
        var a = 0
        var b = 0
        init() {}
    }

    @Test func readmeExample() async throws {
        // The service the example calls: ours, on the package's HTTP server.
        let serverBinder = XMLBinder().registeredAtSetup(
            mapping(AddRequest.self, element: "add", namespace: "urn:calc").element(\.a).element(\.b),
            mapping(AddResponse.self, element: "addResponse", namespace: "urn:calc").element(\.result))
        let service = SOAPService(name: "Calculator", namespace: "urn:calc", binder: serverBinder)
            .operation("add", request: AddRequest.self, response: AddResponse.self) { add in
                let response = AddResponse()
                response.result = add.a + add.b
                return response
            }
        let server = HTTPServer(routes: service.routes(soap11Path: "/soap11", soap12Path: "/soap12"))
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/soap12"))

        // The README's lines.
        let binder = XMLBinder().registeredAtSetup(
            mapping(AddResponse.self, element: "addResponse", namespace: "urn:calc").element(\.result))
        let message = SOAPMessage(soapAction: "add", nameSpace: "urn:calc").adding("a", 2).adding("b", 3)
        let request = SOAPEnvelope(soapMessage: message, soapVersion: .version1point2)
        let client = SOAPClient(endpoint: endpoint, version: .version1point2, binder: binder)
        let sum = try await client.call(request, as: AddResponse.self)
        #expect("\(sum.result)" == "5")
    }

    final class Item: Bindable, OriginAware {
        var title = ""
        var link: URL?
        var origin: Origin?
        init() {}
    }

    final class ItemsResponse: Bindable {
        var items: [Item] = []
        init() {}
    }

    @Test func articleReadsAServicesAnswerIntoAList() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(ItemsResponse.self, element: "getItemsResponse", namespace: "urn:news").children(\.items),
            mapping(Item.self, element: "item", namespace: "urn:news").element(\.title).element(\.link))
        let data = Data(
            """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>
            <getItemsResponse xmlns="urn:news">
              <item><title>First</title><link>https://example.com/1</link></item>
              <item><title>Second</title><link>https://example.com/2</link></item>
            </getItemsResponse></soap:Body></soap:Envelope>
            """.utf8)
        let answer = try SOAPEnvelopeReader(binder: binder).readBody(data, as: ItemsResponse.self)
        #expect(answer.items.map(\.title) == ["First", "Second"])
        #expect(answer.items.map { $0.link?.absoluteString } == ["https://example.com/1", "https://example.com/2"])
        #expect(answer.items.map { $0.origin.map { [$0.line, $0.column] } } == [[3, 3], [4, 3]])
        // A link that is not a URL names its place instead of an item going missing.
        let broken = Data(
            String(decoding: data, as: UTF8.self).replacingOccurrences(of: "https://example.com/2", with: "").utf8)
        let error = try #require(throws: SOAPError.self) {
            try SOAPEnvelopeReader(binder: binder).readBody(broken, as: ItemsResponse.self)
        }
        #expect(error.diagnostics.first?.origin.map { [$0.line, $0.column] } == [4, 30])
    }
}
