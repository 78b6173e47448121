import Foundation
import Synchronization
import Testing

@testable import XMLBindHTTP

@Suite("HTTPServer")
struct HTTPServerTests {
    /// A server with an echo route, a slow route and a GET route with a query.
    static func makeServer(_ configuration: HTTPServer.Configuration = .init()) throws -> HTTPServer {
        let server = HTTPServer(
            configuration: configuration,
            routes: [
                HTTPRoute(path: "/echo") { request in
                    HTTPResponse(headers: ["Content-Type": "application/octet-stream"], body: request.body)
                },
                HTTPRoute(path: "/slow") { _ in
                    try? await Task.sleep(for: .milliseconds(600))
                    return .text("done", status: 200)
                },
                HTTPRoute(path: "/query", methods: ["GET"]) { request in
                    let items = request.queryItems.map { "\($0.name)=\($0.value ?? "(none)")" }
                    return .text(items.joined(separator: "&") + " " + (request.header("X-Test") ?? "-"), status: 200)
                },
            ])
        try server.start()
        return server
    }

    @Test func portZeroPicksAFreePortAndReportsIt() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        #expect(port != 0)
        #expect(server.url?.absoluteString == "http://127.0.0.1:\(port)/")
        let response = try await RawHTTPClient(port: port).send(path: "/echo", body: Data("hello".utf8))
        #expect(response.status == 200)
        #expect(response.body == Data("hello".utf8))
    }

    @Test func unknownPathIs404AndWrongMethodIs405() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: try #require(server.port))
        #expect(try await client.send(path: "/nothing", body: Data("x".utf8)).status == 404)
        let wrongMethod = try await client.send(method: "GET", path: "/echo")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "POST")
    }

    @Test func queryItemsAndHeadersReachTheHandler() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let response = try await RawHTTPClient(port: try #require(server.port))
            .send(method: "GET", path: "/query?wsdl&a=b", headers: ["X-Test": "yes"])
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "wsdl=(none)&a=b yes\n")
    }

    @Test func gzippedRequestBodiesAreDecompressed() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let text = Data(String(repeating: "gzip me ", count: 500).utf8)
        let response = try await RawHTTPClient(port: try #require(server.port))
            .send(path: "/echo", headers: ["Content-Encoding": "gzip"], body: try #require(Gzip.compress(text)))
        #expect(response.status == 200)
        #expect(response.headers["content-encoding"] == nil)
        #expect(response.body == text)
    }

    @Test func responsesAreGzippedOnlyWhenAcceptedAndLargeEnough() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: try #require(server.port))
        let large = Data(String(repeating: "0123456789", count: 1000).utf8)
        let zipped = try await client.send(path: "/echo", headers: ["Accept-Encoding": "gzip"], body: large)
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.body.count < large.count)
        #expect(try Gzip.decompress(zipped.body, limit: 1 << 20) == large)
        let plain = try await client.send(path: "/echo", body: large)
        #expect(plain.headers["content-encoding"] == nil)
        #expect(plain.body == large)
        let small = try await client.send(path: "/echo", headers: ["Accept-Encoding": "gzip"], body: Data("tiny".utf8))
        #expect(small.headers["content-encoding"] == nil)
        #expect(small.body == Data("tiny".utf8))
    }

    @Test func bodiesOverTheLimitAre413() async throws {
        let server = try Self.makeServer(.init(maximumBodySize: 1000))
        defer { server.stop() }
        let client = RawHTTPClient(port: try #require(server.port))
        let big = Data(repeating: 0x41, count: 5000)
        #expect(try await client.send(path: "/echo", body: big).status == 413)
        #expect(try await client.send(path: "/echo", body: big, chunked: true).status == 413)
        let bomb = try #require(Gzip.compress(Data(repeating: 0x41, count: 1_000_000)))
        #expect(try await client.send(path: "/echo", headers: ["Content-Encoding": "gzip"], body: bomb).status == 413)
        #expect(try await client.send(path: "/echo", body: Data(repeating: 0x41, count: 1000)).status == 200)
    }

    @Test func badEncodingsAreRefused() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let client = RawHTTPClient(port: try #require(server.port))
        let garbage = try await client.send(
            path: "/echo", headers: ["Content-Encoding": "gzip"], body: Data("plain".utf8))
        #expect(garbage.status == 400)
        #expect(
            try await client.send(path: "/echo", headers: ["Content-Encoding": "br"], body: Data("x".utf8)).status
                == 415)
    }

    /// Four requests that each wait until all four are in their handlers at once: a server
    /// that held one request up behind another could never answer them with 200.
    @Test func slowRequestsDoNotHoldUpEachOther() async throws {
        let arrived = Mutex(0)
        let server = HTTPServer(routes: [
            HTTPRoute(path: "/together") { _ in
                arrived.withLock { $0 += 1 }
                for _ in 0..<2000 where arrived.withLock({ $0 }) < 4 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                return arrived.withLock { $0 } >= 4 ? .text("together", status: 200) : .text("alone", status: 504)
            }
        ])
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { try await RawHTTPClient(port: port).send(path: "/together").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [200, 200, 200, 200])
    }

    @Test func stopClosesTheListenerAndStartingTwiceOnOnePortFails() async throws {
        let server = try Self.makeServer()
        let port = try #require(server.port)
        let rival = HTTPServer(configuration: .init(port: port), routes: [])
        #expect(throws: HTTPServerError.self) { try rival.start() }
        server.stop()
        #expect(server.port == nil)
        await #expect(throws: RawHTTPClient.Failure.self) { try await RawHTTPClient(port: port).send(path: "/echo") }
        server.stop()
    }

    @Test func aHostThatIsNotIPv4IsRefusedWithAMessage() {
        let server = HTTPServer(configuration: .init(host: "localhost"), routes: [])
        #expect(throws: HTTPServerError.self) { try server.start() }
        do {
            try server.start()
        } catch {
            #expect(error.message == "cannot listen on localhost:0: the host must be an IPv4 address such as 127.0.0.1")
        }
    }
}
