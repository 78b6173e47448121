import Foundation
import Testing
import XMLBind
import XMLBindHTTP
import XMLBindSOAP
import XMLBindSOAPServer

/// Faults that carry header blocks (SOAP 1.1 §4.4: the details of a fault about a
/// request's header block travel in the fault envelope's `Header`; WSDL's
/// `soap:headerfault`), written by the service and read by the reader and the client.
@Suite("Faults with header blocks")
struct HeaderFaultTests {
    /// A service whose `add` refuses a request without a trace header, answering with a
    /// fault whose header block names what was missing.
    static let service = SOAPService(name: "HeaderFaults", namespace: serviceNamespace, binder: serviceBinder)
        .operation("add", request: Add.self, response: AddResponse.self) { add, context in
            guard let trace = context.headers(of: SvcTrace.self).first, !trace.id.isEmpty else {
                let missing = SvcTrace()
                missing.id = "a trace is required"
                throw SOAPFault(
                    code: .sender, reason: "no trace", headers: [SOAPHeaderBlock(missing, mustUnderstand: true)])
            }
            let response = AddResponse()
            response.result = add.a + add.b
            return response
        }

    func request(version: SOAPVersion) -> Data {
        Data(
            """
            <e:Envelope xmlns:e="\(version.envelopeNamespace)" xmlns:c="\(calcNamespace)"><e:Body>\
            <c:add><c:a>1</c:a><c:b>2</c:b></c:add></e:Body></e:Envelope>
            """.utf8)
    }

    @Test("A thrown fault's header blocks are written in the answer's Header", arguments: SOAPVersion.allCases)
    func written(version: SOAPVersion) async throws {
        let answer = await Self.service.respond(to: request(version: version), version: version)
        #expect(answer.status == 500)
        let text = String(decoding: answer.body, as: UTF8.self)
        let header = try #require(text.range(of: "<soapenv:Header>"))
        let block = try #require(text.range(of: "a trace is required"))
        let body = try #require(text.range(of: "<soapenv:Body>"))
        #expect(header.upperBound <= block.lowerBound && block.upperBound <= body.lowerBound)
        let mustUnderstand =
            version == .version1point1 ? "soapenv:mustUnderstand=\"1\"" : "soapenv:mustUnderstand=\"true\""
        #expect(text.contains(mustUnderstand))

        let envelope = try SOAPEnvelopeReader(binder: serviceBinder).read(answer.body)
        guard case .fault(let fault) = envelope.body else {
            Issue.record("the answer is not a fault: \(text)")
            return
        }
        #expect(fault.code == .sender)
        #expect(fault.reason == "no trace")
        #expect(fault.header(as: SvcTrace.self)?.id == "a trace is required")
        #expect(envelope.headers.count == 1)
        #expect(fault.header(as: Add.self) == nil)
    }

    @Test("The client's thrown fault carries the header blocks", arguments: SOAPVersion.allCases)
    func client(version: SOAPVersion) async throws {
        let server = HTTPServer(routes: Self.service.routes())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let path = version == .version1point1 ? "soap11" : "soap12"
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/\(path)"))
        let client = SOAPClient(endpoint: endpoint, version: version, binder: serviceBinder, timeout: 20)
        let fault = try await #require(throws: SOAPFault.self) {
            _ = try await client.call(action: "add", body: Add(a: 1, b: 2), as: AddResponse.self)
        }
        #expect(fault.header(as: SvcTrace.self)?.id == "a trace is required")
        #expect(fault.headers.count == 1)

        let trace = SvcTrace()
        trace.id = "t"
        let sum = try await client.call(
            action: "add", body: Add(a: 1, b: 2), headers: [SOAPHeaderBlock(trace)], as: AddResponse.self)
        #expect(sum.result == 3)
    }

    @Test("A SOAP 1.1 fault about a header, as the specification shows it, is read with its header block")
    func readFromSpecificationShape() throws {
        // SOAP 1.1 §4.4: the fault has no detail; what went wrong with the header is in the Header.
        let data = Data(
            """
            <SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/">
              <SOAP-ENV:Header>
                <s:trace xmlns:s="\(serviceNamespace)"><s:id>expired</s:id></s:trace>
              </SOAP-ENV:Header>
              <SOAP-ENV:Body>
                <SOAP-ENV:Fault>
                  <faultcode>SOAP-ENV:Client</faultcode>
                  <faultstring>Header processing failed</faultstring>
                </SOAP-ENV:Fault>
              </SOAP-ENV:Body>
            </SOAP-ENV:Envelope>
            """.utf8)
        let fault = try #require(throws: SOAPFault.self) {
            try SOAPEnvelopeReader(binder: serviceBinder).readBody(data, as: AddResponse.self)
        }
        #expect(fault.reason == "Header processing failed")
        #expect(fault.detail == nil)
        #expect(fault.header(as: SvcTrace.self)?.id == "expired")
    }

    @Test("A fault whose header block cannot be written is answered without it, saying why")
    func unwritableHeaderBlock() async throws {
        struct Unregistered {}
        let service = SOAPService(name: "Broken", namespace: serviceNamespace, binder: serviceBinder)
            .operation("add", request: Add.self, response: AddResponse.self) { _ in
                throw SOAPFault(code: .receiver, reason: "failed", headers: [SOAPHeaderBlock(Unregistered())])
            }
        let answer = await service.respond(to: request(version: .version1point1), version: .version1point1)
        #expect(answer.status == 500)
        let fault = try #require(throws: SOAPFault.self) {
            try SOAPEnvelopeReader(binder: serviceBinder).readBody(answer.body, as: AddResponse.self)
        }
        #expect(fault.reason.hasPrefix("failed (the fault could not be written as given"))
        #expect(fault.headers.isEmpty)
        #expect(!String(decoding: answer.body, as: UTF8.self).contains("Header"))
    }
}
