import Foundation
import Synchronization
import Testing
import XMLBind
import XMLBindHTTP
import XMLBindSOAP

/// What the client makes of answers that are not SOAP, and of no answer at all.
@Suite("Client errors")
struct ClientErrorTests {
    /// A server with one route at /endpoint answering as given.
    func withServer(
        _ respond: @escaping @Sendable (HTTPRequest) async -> HTTPResponse,
        _ body: (URL) async throws -> Void
    ) async throws {
        let server = HTTPServer(routes: [HTTPRoute(path: "/endpoint", handler: respond)])
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        try await body(try #require(URL(string: "http://127.0.0.1:\(port)/endpoint")))
    }

    func call(_ url: URL, timeout: TimeInterval = 20) async throws -> SOAPError {
        let client = SOAPClient(endpoint: url, version: .version1point1, binder: calcBinder, timeout: timeout)
        return try await #require(throws: SOAPError.self) {
            _ = try await client.call(action: "add", body: Add(a: 1, b: 2), as: AddResponse.self)
        }
    }

    @Test func htmlErrorPage() async throws {
        try await withServer({ _ in
            HTTPResponse(
                status: 502, headers: ["Content-Type": "text/html"],
                body: Data("<html><body>Bad gateway\nupstream down</body></html>".utf8))
        }) { url in
            let error = try await call(url)
            #expect(error.code == .notSOAP)
            #expect(error.httpStatus == 502)
            #expect(
                error.message
                    == "\(url.absoluteString) answered HTTP 502 with text/html, not a SOAP message: \"<html><body>Bad gateway upstream down</body></html>\""
            )
        }
    }

    @Test func emptyBody() async throws {
        try await withServer({ _ in HTTPResponse(status: 200, headers: ["Content-Type": "text/xml"]) }) { url in
            let error = try await call(url)
            #expect(error.code == .notSOAP)
            #expect(
                error.message
                    == "\(url.absoluteString) answered HTTP 200 with an empty body, not a SOAP message: (empty body)")
        }
    }

    @Test func xmlThatIsNotAnEnvelopeWithAnErrorStatus() async throws {
        try await withServer({ _ in
            HTTPResponse(
                status: 404, headers: ["Content-Type": "application/xml"], body: Data("<error>no such</error>".utf8))
        }) { url in
            let error = try await call(url)
            #expect(error.code == .notSOAP)
            #expect(
                error.message
                    == "\(url.absoluteString) answered HTTP 404, not a SOAP message: \"<error>no such</error>\"")
        }
    }

    @Test func faultWithStatus500IsAFaultNotATransportError() async throws {
        let fault = try SOAPEnvelope(fault: .receiver("down for maintenance"), version: .version1point1).data()
        try await withServer({ _ in
            HTTPResponse(status: 500, headers: ["Content-Type": "text/xml; charset=utf-8"], body: fault)
        }) { url in
            let client = SOAPClient(endpoint: url, binder: calcBinder)
            let thrown = try await #require(throws: SOAPFault.self) {
                _ = try await client.call(action: "add", body: Add(a: 1, b: 2), as: AddResponse.self)
            }
            #expect(thrown.code == .receiver && thrown.reason == "down for maintenance")
        }
    }

    @Test func requestCarriesActionHeadersAndHeaderBlocks() async throws {
        let seen = SeenRequests()
        try await withServer({ request in
            seen.add(request)
            let answer = AddResponse()
            answer.result = 3
            let body = (try? SOAPEnvelope(body: answer, version: .version1point2).data(using: calcBinder)) ?? Data()
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/soap+xml"], body: body)
        }) { url in
            var client = SOAPClient(
                endpoint: url, version: .version1point2, binder: calcBinder, httpHeaders: ["X-Trace": "42"])
            client.headers = [SOAPHeaderBlock(Session(token: "t"), mustUnderstand: true)]
            let sum = try await client.call(action: "urn:add", body: Add(a: 1, b: 2), as: AddResponse.self)
            #expect(sum.result == 3)
            let request = try #require(seen.first)
            #expect(request.header("Content-Type") == #"application/soap+xml; charset=utf-8; action="urn:add""#)
            #expect(request.header("X-Trace") == "42")
            #expect(request.header("SOAPAction") == nil)
            let envelope = try SOAPEnvelopeReader(binder: calcBinder).read(request.body, version: .version1point2)
            #expect(envelope.headers(of: Session.self).map(\.token) == ["t"])
        }
    }

    @Test func timeoutIsATransportError() async throws {
        // The handler answers only once the client has given up (or after 20 s).
        let released = Released()
        try await withServer({ _ in
            for _ in 0..<400 where !released.value { try? await Task.sleep(for: .milliseconds(50)) }
            return HTTPResponse(status: 200)
        }) { url in
            let error = try await call(url, timeout: 0.5)
            released.set()
            #expect(error.code == .transport)
            #expect(error.message == "cannot call \(url.absoluteString): no answer within 0.5 seconds")
        }
    }

    @Test func nothingListening() async throws {
        let error = try await call(try #require(URL(string: "http://127.0.0.1:9/endpoint")))
        #expect(error.code == .transport)
    }
}

/// A flag a test sets for a server's handler.
final class Released: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var value: Bool { flag.withLock { $0 } }
}

/// Requests a test server saw, from its connection threads.
final class SeenRequests: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])
    func add(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }
    var first: HTTPRequest? { requests.withLock { $0.first } }
}
