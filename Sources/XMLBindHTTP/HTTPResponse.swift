import Foundation

/// An HTTP response a route's handler returns.
///
/// The server adds `Content-Length`, and compresses the body with gzip when the client
/// accepts it and the body is large enough (see ``HTTPServer/Configuration``), unless the
/// handler has set `Content-Encoding` itself.
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Response headers by name, written as given.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Headers to send, such as `Content-Type`.
    ///   - body: The body.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text response (`text/plain; charset=utf-8`) with `message` and a line break.
    public static func text(_ message: String, status: Int) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data((message + "\n").utf8)
        )
    }
}
