import Foundation

/// An HTTP request as a route's handler receives it: the whole body, already decompressed.
///
/// Header names are stored in lower case; ``header(_:)`` looks one up in any case. A header
/// sent more than once holds its values joined by `", "`, as HTTP allows.
public struct HTTPRequest: Sendable {
    /// The request method in upper case (`POST`, `GET`, …).
    public var method: String
    /// The path of the request target, without its query (`/RPC2`).
    public var path: String
    /// The query's items in the order sent; `?wsdl` gives `("wsdl", nil)`.
    public var queryItems: [(name: String, value: String?)]
    /// The request's headers, by lower-case name.
    public var headers: [String: String]
    /// The body, after `Content-Encoding: gzip` was undone.
    public var body: Data

    /// Creates a request; the server makes these, tests and other hosts may too.
    public init(
        method: String,
        path: String,
        queryItems: [(name: String, value: String?)] = [],
        headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method.uppercased()
        self.path = path
        self.queryItems = queryItems
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
        self.body = body
    }

    /// The value of the header `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
