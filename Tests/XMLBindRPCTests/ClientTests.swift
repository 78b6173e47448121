import Foundation
import Synchronization
import Testing
import XMLBindHTTP
import XMLBindRPC

/// XMLRPCClient against our own servers: what it sends, and each kind of failure.
@Suite("XMLRPCClient")
struct ClientTests {
    /// The headers of the last request a route saw.
    final class Recorder: Sendable {
        let headers = Mutex<[String: String]>([:])
    }

    static func withServer(
        _ routes: (Recorder) -> [HTTPRoute], _ body: (URL, Recorder) async throws -> Void
    ) async throws {
        let recorder = Recorder()
        let server = HTTPServer(routes: routes(recorder))
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/RPC2"))
        try await body(url, recorder)
    }

    static func rpcRoute(_ recorder: Recorder) -> [HTTPRoute] {
        let dispatcher = TestServices.dispatcher()
        return [
            HTTPRoute(path: "/RPC2") { request in
                recorder.headers.withLock { $0 = request.headers }
                return HTTPResponse(
                    headers: ["Content-Type": "text/xml"], body: await dispatcher.respond(to: request.body))
            }
        ]
    }

    @Test func sendsTheSeedsHeadersAndBasicAuth() async throws {
        try await Self.withServer(Self.rpcRoute) { url, recorder in
            let client = XMLRPCClient(url: url, headers: ["X-Site": "blog"], username: "ann", password: "secret")
            let sum = try await client.call("add", [2, 3], returning: Int32.self)
            #expect(sum == 5)
            let headers = recorder.headers.withLock { $0 }
            #expect(headers["content-type"] == "text/xml")
            #expect(headers["user-agent"] == XMLRPCClient.userAgent)
            #expect(headers["x-site"] == "blog")
            #expect(headers["authorization"] == "Basic " + Data("ann:secret".utf8).base64EncodedString())
        }
    }

    struct Convertible: XMLRPCRequestConvertible {
        var url: URL
        var methodName: String { "add" }
        var parameters: [Any] { [40, 2] }
        var headers: [String: String] { ["X-Request": "convertible"] }
    }

    @Test func requestConvertibleAndCompletionHandler() async throws {
        try await Self.withServer(Self.rpcRoute) { url, recorder in
            let client = XMLRPCClient(url: URL(string: "http://127.0.0.1:9/unused")!)
            let answer = try await client.call(Convertible(url: url))
            #expect(answer[0].int32 == 42)
            #expect(recorder.headers.withLock { $0["x-request"] } == "convertible")
            let result: Result<XMLRPCNode, XMLRPCError> = await withCheckedContinuation { continuation in
                XMLRPCClient(url: url).call("fail", [3, "three"]) { continuation.resume(returning: $0) }
            }
            #expect(throws: XMLRPCError.fault(code: 3, "three")) { try result.get() }
        }
    }

    @Test func anHTTPStatusOtherThan200IsItsOwnError() async throws {
        let routes: (Recorder) -> [HTTPRoute] = { _ in
            [HTTPRoute(path: "/RPC2") { _ in .text("the service is down for maintenance", status: 503) }]
        }
        try await Self.withServer(routes) { url, _ in
            let error = await #expect(throws: XMLRPCError.self) { _ = try await XMLRPCClient(url: url).call("x") }
            #expect(error?.code == .httpStatus)
            #expect(error?.httpStatus == 503)
            #expect(
                error?.description
                    == "\(url.absoluteString) answered HTTP 503 (Service Unavailable): the service is down for maintenance"
            )
        }
    }

    @Test func aResponseThatIsNotXMLRPCIsMalformed() async throws {
        let routes: (Recorder) -> [HTTPRoute] = { _ in
            [HTTPRoute(path: "/RPC2") { _ in HTTPResponse(body: Data("<html><body>oops</body></html>".utf8)) }]
        }
        try await Self.withServer(routes) { url, _ in
            let error = await #expect(throws: XMLRPCError.self) { _ = try await XMLRPCClient(url: url).call("x") }
            #expect(error?.code == .malformedResponse)
            #expect(error?.origin?.file == url.absoluteString)
        }
    }

    @Test func anUnreachableServerIsATransportError() async throws {
        let server = HTTPServer(routes: [])
        try server.start()
        let port = try #require(server.port)
        server.stop()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/RPC2"))
        let error = await #expect(throws: XMLRPCError.self) {
            _ = try await XMLRPCClient(url: url, timeout: 5).call("x")
        }
        #expect(error?.code == .transport)
        #expect(error?.message.hasPrefix("cannot reach \(url.absoluteString): ") == true)
    }

    @Test func aValueThatCannotBeSentFailsBeforeSending() async throws {
        try await Self.withServer(Self.rpcRoute) { url, recorder in
            let error = await #expect(throws: XMLRPCError.self) {
                _ = try await XMLRPCClient(url: url).call("echo", [NSObject()])
            }
            #expect(error?.code == .encoding)
            #expect(recorder.headers.withLock { $0.isEmpty })
        }
    }
}
