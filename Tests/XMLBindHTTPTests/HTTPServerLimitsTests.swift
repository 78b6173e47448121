import Foundation
import Synchronization
import Testing
import XMLBindTestSupport

@testable import XMLBindHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the server promises against slow, greedy or oversized clients, and on shutdown
/// (issue 33): each test fails against the thread-per-connection server it replaced.
@Suite("HTTPServer limits")
struct HTTPServerLimitsTests {
    static func echoServer(_ configuration: HTTPServer.Configuration) throws -> HTTPServer {
        let server = HTTPServer(
            configuration: configuration,
            routes: [HTTPRoute(path: "/echo") { request in HTTPResponse(body: request.body) }])
        try server.start()
        return server
    }

    @Test func aBodyDeclaredOverTheLimitIsReadAndAnswered413() async throws {
        let server = try Self.echoServer(.init(maximumBodySize: 1 << 20))
        defer { server.stop() }
        // 4 MB the server will not keep: it must read them so the client gets to read the 413.
        let response = try await RawHTTPClient(port: try #require(server.port))
            .send(path: "/echo", body: Data(repeating: 0x41, count: 4 << 20))
        #expect(response.status == 413)
        #expect(response.headers["connection"] == "close")
        #expect(String(decoding: response.body, as: UTF8.self) == "the request body is larger than 1048576 bytes\n")
    }

    @Test func expectContinueOverTheLimitGets413InsteadOf100() async throws {
        let server = try Self.echoServer(.init(maximumBodySize: 1000))
        defer { server.stop() }
        let port = try #require(server.port)
        let answer = try await onOwnThread {
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 20000000\r\nExpect: 100-continue\r\n\r\n")
            return connection.receiveAll()
        }
        #expect(answer.text.hasPrefix("HTTP/1.1 413 "))
        #expect(!answer.text.contains("100 Continue"))
        #expect(answer.closed)
    }

    @Test func urlSessionReads413ForALargeUpload() async throws {
        let server = try Self.echoServer(.init(maximumBodySize: 64 * 1024))
        defer { server.stop() }
        var request = URLRequest(url: try #require(server.url).appendingPathComponent("echo"))
        request.httpMethod = "POST"
        let (body, response) = try await URLSession.shared.upload(for: request, from: Data(count: 1 << 20))
        #expect((response as? HTTPURLResponse)?.statusCode == 413)
        #expect(String(decoding: body, as: UTF8.self) == "the request body is larger than 65536 bytes\n")
    }

    @Test func pythonHTTPClientReads413ForA20MBUpload() async throws {
        let server = try Self.echoServer(.init())
        defer { server.stop() }
        let port = try #require(server.port)
        let script = """
            import http.client
            connection = http.client.HTTPConnection("127.0.0.1", \(port), timeout=30)
            connection.request("POST", "/echo", b"A" * (20 * 1024 * 1024))
            response = connection.getresponse()
            print(response.status, response.read().decode().strip())
            """
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], errorsIntoOutput: true)
        #expect(output.stdout == "413 the request body is larger than 10485760 bytes\n")
    }

    @Test func oneAddressGetsNoMoreThanItsConnectionsAndOthersAreServed() async throws {
        let server = try Self.echoServer(.init(perIPConnectionLimit: 2))
        defer { server.stop() }
        let port = try #require(server.port)
        let (third, other) = try await onOwnThread {
            let idle = try (0..<2).map { _ in try RawConnection(port: port) }
            for connection in idle { connection.send("POST /echo HTTP/1.1\r\nHost: x\r\n") }
            Thread.sleep(forTimeInterval: 0.3)  // let the server accept them
            let third = try RawConnection(port: port, receiveTimeout: 10)
            third.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
            let thirdAnswer = third.receiveAll()
            let other = try RawConnection(port: port, from: "127.0.0.2")
            other.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
            return (thirdAnswer, other.receiveAll())
        }
        #expect(third.closed && third.text.isEmpty)
        #expect(other.text.hasPrefix("HTTP/1.1 200 "))
        #expect(other.text.hasSuffix("\r\n\r\nhi"))
    }

    @Test func aClientSendingItsHeaderByteByByteIsDropped() async throws {
        let server = try Self.echoServer(.init(idleTimeout: 60, headerTimeout: 1))
        defer { server.stop() }
        let port = try #require(server.port)
        let sentBytes = try await onOwnThread {
            let connection = try RawConnection(port: port)
            let header =
                "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-Padding: slow\r\n", count: 20)
            // One byte every 100 ms keeps the idle timeout from ever firing; the header
            // timeout must close the connection long before the header ends.
            for (index, byte) in header.enumerated() {
                guard connection.send(String(byte)) else { return index }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return header.count
        }
        #expect(sentBytes < 300)
    }

    @Test func aTrickledBodyIsDropped() async throws {
        let server = try Self.echoServer(.init(idleTimeout: 60, requestTimeout: 1))
        defer { server.stop() }
        let port = try #require(server.port)
        let sentBytes = try await onOwnThread {
            let connection = try RawConnection(port: port)
            connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n")
            for index in 0..<300 {
                guard connection.send("x") else { return index }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return 300
        }
        #expect(sentBytes < 300)
    }

    /// A call whose handler is running when `stop()` is called completes; one whose handler
    /// outlasts the grace period is answered 503; `stop()` returns either way.
    ///
    /// Nothing here hangs on a duration: the quick handler finishes only once `stop()` has
    /// begun (so it is in flight when the server stops), and the endless one only once `stop()`
    /// has returned (so it is past the grace period, however late the test's threads run).
    @Test func stopLetsACallInFlightFinishAndAnswersALateOne503() async throws {
        let entered = Mutex(0)
        let stopping = Mutex(false)
        let stopped = Mutex(false)
        defer { stopped.withLock { $0 = true } }
        let server = HTTPServer(
            configuration: .init(shutdownGracePeriod: 2),
            routes: [
                HTTPRoute(path: "/quick") { _ in
                    entered.withLock { $0 += 1 }
                    while !stopping.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
                    return .text("finished", status: 200)
                },
                HTTPRoute(path: "/endless") { _ in
                    entered.withLock { $0 += 1 }
                    while !stopped.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
                    return .text("too late", status: 200)
                },
            ])
        try server.start()
        let port = try #require(server.port)
        async let quick = RawHTTPClient(port: port).send(path: "/quick")
        async let endless = RawHTTPClient(port: port).send(path: "/endless")
        for _ in 0..<6000 where entered.withLock({ $0 }) < 2 {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(entered.withLock { $0 } == 2, "both handlers run before the server stops")
        stopping.withLock { $0 = true }
        try await onOwnThread { server.stop() }
        stopped.withLock { $0 = true }
        #expect(try await quick.status == 200)
        let late = try await endless
        #expect(late.status == 503)
        #expect(String(decoding: late.body, as: UTF8.self) == "the server is shutting down\n")
        #expect(server.port == nil)
    }
}
