import Foundation
import XMLBindHTTP
import XMLBindRPC

/// An `XMLRPCDispatcher` (XMLBindRPC) served over HTTP by the package's own server (`HTTPServer` of XMLBindHTTP,
/// on GNU libmicrohttpd).
///
/// POST on the configured paths (`/RPC2` and `/` by default) is answered with
/// `Content-Type: text/xml`; other paths get 404, other methods 405, bodies over the
/// configured size 413. Gzipped request bodies are read, and responses gzipped for clients
/// that accept it. Each call runs on a thread of its own, off the event loop that serves
/// the connections, so a slow method holds up no other call; the limits against slow and
/// greedy clients are those of `HTTPServer.Configuration`.
///
/// ```swift
/// let server = XMLRPCServer(dispatcher: dispatcher)       // port 0: any free port
/// try server.start()
/// print(server.url!)                                      // http://127.0.0.1:40123/RPC2
/// ```
public final class XMLRPCServer: Sendable {
    /// The dispatcher that answers the calls.
    public let dispatcher: XMLRPCDispatcher
    /// The paths served.
    public let paths: [String]
    private let http: HTTPServer

    /// Creates a server; it listens once ``start()`` is called.
    ///
    /// - Parameters:
    ///   - dispatcher: The methods.
    ///   - configuration: Address, port (0 by default: any free one) and limits.
    ///   - paths: The paths that take calls.
    public init(
        dispatcher: XMLRPCDispatcher, configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
        paths: [String] = ["/RPC2", "/"]
    ) {
        self.dispatcher = dispatcher
        self.paths = paths
        self.http = HTTPServer(
            configuration: configuration,
            routes: paths.map { path in
                HTTPRoute(path: path, methods: ["POST"]) { request in
                    let body = await dispatcher.respond(to: request.body)
                    return HTTPResponse(headers: ["Content-Type": "text/xml; charset=utf-8"], body: body)
                }
            })
    }

    /// Starts listening.
    ///
    /// - Throws: `HTTPServerError` (XMLBindHTTP) when the address cannot be bound.
    public func start() throws(HTTPServerError) {
        try http.start()
    }

    /// The port listened on, or nil when not running.
    public var port: UInt16? { http.port }

    /// The URL of the first path (`http://127.0.0.1:PORT/RPC2`), or nil when not running.
    public var url: URL? {
        guard let base = http.url else { return nil }
        return URL(string: String(paths.first?.dropFirst() ?? ""), relativeTo: base)?.absoluteURL
    }

    /// Stops listening after the calls in flight are answered.
    public func stop() {
        http.stop()
    }
}
