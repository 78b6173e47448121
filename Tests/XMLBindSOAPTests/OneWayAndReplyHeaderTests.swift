import Foundation
import Synchronization
import Testing
import XMLBind
import XMLBindHTTP
import XMLBindSOAP
import XMLBindSOAPServer

/// One-way operations (a request, no answer message) and header blocks in answers, on the
/// service and the client, over the package's HTTP server.
@Suite("One-way operations and answer headers")
struct OneWayAndReplyHeaderTests {
    /// What the one-way operation was given, for the test to see.
    final class Received: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func service(_ received: Received) -> SOAPService {
        SOAPService(name: "OneWay", namespace: serviceNamespace, binder: serviceBinder)
            .oneWayOperation("log", request: SvcEcho.self) { echo, context in
                guard echo.text != "refuse" else { throw SOAPFault.sender("the line is refused") }
                let traces = context.headers(of: SvcTrace.self).map(\.id)
                received.add((echo.text ?? "nil") + " " + traces.joined(separator: ","))
            }
            .operationWithReplyHeaders("add", request: Add.self, response: AddResponse.self) { add, context in
                let response = AddResponse()
                response.result = add.a + add.b
                let trace = SvcTrace()
                trace.id = "answered " + context.headers(of: SvcTrace.self).map(\.id).joined(separator: ",")
                return SOAPReply(response, headers: [SOAPHeaderBlock(trace)])
            }
    }

    func envelope(_ body: String, version: SOAPVersion) -> Data {
        Data(
            """
            <e:Envelope xmlns:e="\(version.envelopeNamespace)" xmlns:s="\(serviceNamespace)" \
            xmlns:c="\(calcNamespace)"><e:Body>\(body)</e:Body></e:Envelope>
            """.utf8)
    }

    @Test(
        "A one-way request is answered 202 with an empty body, once the handler has taken it",
        arguments: SOAPVersion.allCases)
    func oneWayIsAccepted(version: SOAPVersion) async throws {
        let received = Received()
        let answer = await Self.service(received).respond(
            to: envelope("<s:echo><s:text>hello</s:text></s:echo>", version: version), version: version)
        #expect(answer.status == 202)
        #expect(answer.body.isEmpty)
        #expect(received.all == ["hello "])
    }

    @Test("A one-way handler's fault is answered as a fault", arguments: SOAPVersion.allCases)
    func oneWayFault(version: SOAPVersion) async throws {
        let answer = await Self.service(Received()).respond(
            to: envelope("<s:echo><s:text>refuse</s:text></s:echo>", version: version), version: version)
        #expect(answer.status == 500)
        let fault = try #require(throws: SOAPFault.self) {
            try SOAPEnvelopeReader(binder: serviceBinder).readBody(answer.body, as: AddResponse.self)
        }
        #expect(fault.code == .sender)
        #expect(fault.reason == "the line is refused")
    }

    @Test("The WSDL declares a one-way operation with an input and no output")
    func oneWayInWSDL() throws {
        let wsdl = try Self.service(Received()).wsdl(soap11Endpoint: "http://h/11", soap12Endpoint: nil)
        #expect(wsdl.contains("<wsdl:message name=\"logRequest\">"))
        #expect(!wsdl.contains("<wsdl:message name=\"logResponse\">"))
        #expect(
            wsdl.contains(
                "<wsdl:operation name=\"log\"><wsdl:input message=\"tns:logRequest\"/></wsdl:operation>"))
        #expect(
            wsdl.contains(
                "<wsdl:operation name=\"log\"><soap:operation soapAction=\"log\" style=\"document\"/>"
                    + "<wsdl:input><soap:body use=\"literal\"/></wsdl:input></wsdl:operation>"))
    }

    @Test("The client calls one-way operations and reads the answer's header blocks", arguments: SOAPVersion.allCases)
    func client(version: SOAPVersion) async throws {
        let received = Received()
        let server = HTTPServer(routes: Self.service(received).routes())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let path = version == .version1point1 ? "soap11" : "soap12"
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/\(path)"))
        let client = SOAPClient(endpoint: endpoint, version: version, binder: serviceBinder, timeout: 20)
        let trace = SvcTrace()
        trace.id = "t1"

        let echo = SvcEcho()
        echo.text = "first"
        try await client.callOneWay(action: "log", body: echo, headers: [SOAPHeaderBlock(trace)])
        #expect(received.all == ["first t1"])

        let refused = SvcEcho()
        refused.text = "refuse"
        let fault = try await #require(throws: SOAPFault.self) {
            try await client.callOneWay(action: "log", body: refused)
        }
        #expect(fault.reason == "the line is refused")

        let reply = try await client.reply(
            action: "add", body: Add(a: 2, b: 3), headers: [SOAPHeaderBlock(trace)], as: AddResponse.self)
        #expect(reply.body.result == 5)
        #expect(reply.headers(of: SvcTrace.self).map(\.id) == ["answered t1"])
    }

    @Test("A one-way call answered with an error status and no body is an error, not success")
    func oneWayErrorStatus() async throws {
        let server = HTTPServer(routes: [HTTPRoute(path: "/endpoint") { _ in HTTPResponse(status: 503) }])
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/endpoint"))
        let client = SOAPClient(endpoint: endpoint, binder: serviceBinder, timeout: 20)
        let error = try await #require(throws: SOAPError.self) {
            try await client.callOneWay(action: "log", body: SvcEcho())
        }
        #expect(error.code == .notSOAP)
        #expect(error.httpStatus == 503)
    }
}
