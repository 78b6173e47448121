import Foundation
import Synchronization

/// A small HTTP/1.1 server on GNU libmicrohttpd that serves ``HTTPRoute``s.
///
/// Connections are served by an epoll event loop, so idle or slow clients cost no threads,
/// and each is held to the limits of ``Configuration`` (connections per address, header and
/// request deadlines); each handler runs on a thread of its own, so a slow handler holds up
/// only its own request. Request bodies may be gzipped (`Content-Encoding: gzip`); responses
/// are gzipped when the client accepts it. A body over the configured limit gets 413, a path
/// no route serves 404, and a method its route does not serve 405.
///
/// ```swift
/// let server = HTTPServer(routes: [
///     HTTPRoute(path: "/echo") { request in HTTPResponse(body: request.body) }
/// ])
/// try server.start()
/// print(server.url!)          // http://127.0.0.1:40123/
/// server.stop()
/// ```
///
/// Handlers must not call ``stop()``: stopping waits for the requests in flight (at most
/// ``Configuration/shutdownGracePeriod``).
public final class HTTPServer: Sendable {
    /// Where the server listens and what it accepts.
    public let configuration: Configuration
    private let router: HTTPRouter
    private let daemon = Mutex<MicroHTTPDaemon?>(nil)

    /// Creates a server; it listens once ``start()`` is called.
    ///
    /// - Parameters:
    ///   - configuration: Address, port and limits.
    ///   - routes: What to serve; the first route for a path and method wins.
    public init(configuration: Configuration = Configuration(), routes: [HTTPRoute]) {
        self.configuration = configuration
        self.router = HTTPRouter(routes: routes, configuration: configuration)
    }

    deinit {
        stop()
    }

    /// Starts listening. Calling it on a running server does nothing.
    ///
    /// - Throws: ``HTTPServerError`` when the address is not an IPv4 address or the port
    ///   cannot be bound (in use, or not permitted).
    public func start() throws(HTTPServerError) {
        try daemon.withLock { (daemon: inout MicroHTTPDaemon?) throws(HTTPServerError) in
            guard daemon == nil else { return }
            daemon = try MicroHTTPDaemon(router: router, configuration: configuration)
        }
    }

    /// The port the server listens on (the chosen one when configured with port 0), or nil
    /// when it is not running.
    public var port: UInt16? {
        daemon.withLock { $0?.port }
    }

    /// `http://host:port/` of the running server, or nil when it is not running.
    public var url: URL? {
        guard let port else { return nil }
        return URL(string: "http://\(configuration.host):\(port)/")
    }

    /// Stops listening, waits for the requests in flight to be answered, and closes every
    /// connection. Calling it again does nothing.
    ///
    /// A request whose handler has not answered within ``Configuration/shutdownGracePeriod``
    /// is answered `503 Service Unavailable` (its handler runs on, unheard); connections
    /// still sending a request, or idle, are closed. It returns within the grace period and
    /// about a second.
    public func stop() {
        let running = daemon.withLock { daemon -> MicroHTTPDaemon? in
            defer { daemon = nil }
            return daemon
        }
        running?.stop()
    }
}
