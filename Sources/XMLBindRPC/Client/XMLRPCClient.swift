import Foundation
import XMLBind

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls methods of an XML-RPC server over HTTP (URLSession underneath).
///
/// ```swift
/// let client = XMLRPCClient(url: URL(string: "https://example.com/RPC2")!)
/// let response = try await client.call("people.get", [42, "text", 3.44, Date(), data])
/// print(response[0]["age"].int32 ?? 0)
/// let person = try await client.call("people.get", [42], returning: Person.self)
/// ```
///
/// Parameters are turned into XML-RPC values by ``XMLRPCEncoder`` (see its table); a value
/// it cannot send is an ``XMLRPCError/Code/encoding`` error before anything is sent. A
/// fault is thrown as an ``XMLRPCError`` of code ``XMLRPCError/Code/fault``, never
/// returned. The request is a `POST` with `Content-Type: text/xml` and a `User-Agent`
/// naming XMLBindRPC; gzipped responses are accepted.
public struct XMLRPCClient: Sendable {
    /// The server's URL.
    public var url: URL
    /// Extra headers sent with every call.
    public var headers: [String: String]
    /// Seconds to wait for an answer (Linux's URLSession counts whole seconds).
    public var timeout: TimeInterval
    /// How values are encoded (`allowsI8`).
    public var encoder: XMLRPCEncoder
    private let session: URLSession

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - url: The server's URL.
    ///   - headers: Extra headers sent with every call.
    ///   - timeout: Seconds to wait for an answer.
    ///   - configuration: The URLSession configuration (proxies, cookies, TLS).
    ///   - username: With `password`, sent as HTTP basic authentication.
    ///   - password: The password for `username`.
    ///   - encoder: How parameters are encoded.
    public init(
        url: URL, headers: [String: String] = [:], timeout: TimeInterval = 60,
        configuration: URLSessionConfiguration = .default, username: String? = nil, password: String? = nil,
        encoder: XMLRPCEncoder = XMLRPCEncoder()
    ) {
        self.url = url
        var headers = headers
        if let username, let password {
            headers["Authorization"] = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        }
        self.headers = headers
        self.timeout = timeout
        self.encoder = encoder
        self.session = URLSession(configuration: configuration)
    }

    /// The `User-Agent` every call sends.
    public static let userAgent = "XMLBindRPC/1.0 (XMLBind; Swift)"

    /// Calls a method; the response's parameters come back as a node (`node[0]` is the result).
    ///
    /// - Parameters:
    ///   - methodName: The method's name.
    ///   - parameters: The parameters, of the types ``XMLRPCEncoder`` takes.
    /// - Throws: ``XMLRPCError`` for a fault, an HTTP status other than 200, a transport
    ///   failure, a malformed response, or a parameter that cannot be sent.
    public func call(_ methodName: String, _ parameters: [Any] = []) async throws(XMLRPCError) -> XMLRPCNode {
        try await call(methodName, values: encoder.parameters(parameters))
    }

    /// Calls a method and reads its result (`node[0]`) as `type`.
    ///
    /// - Throws: ``XMLRPCError``, as ``call(_:_:)`` does, and
    ///   ``XMLRPCError/Code/unexpectedResponse`` (located) when the result does not fit `type`.
    public func call<T: XMLRPCDecodable>(
        _ methodName: String, _ parameters: [Any] = [], returning type: T.Type
    ) async throws(XMLRPCError) -> T {
        let values = try encoder.parameters(parameters)
        let data = try await exchange(methodName, values, to: url, extraHeaders: [:])
        // Straight into `type`, with the errors of `decodeResponse(data)[0].decode(as: type)`.
        return try XMLRPCCodec.decodeResponse(data, as: type, file: url.absoluteString)
    }

    /// Makes the call a ``XMLRPCRequestConvertible`` describes, with its URL and headers.
    public func call(_ request: XMLRPCRequestConvertible) async throws(XMLRPCError) -> XMLRPCNode {
        let values = try encoder.parameters(request.parameters)
        return try await send(request.methodName, values, to: request.url, extraHeaders: request.headers)
    }

    /// Calls a method and hands the outcome to `completion`, for callers without `async`.
    ///
    /// - Parameters:
    ///   - methodName: The method's name.
    ///   - parameters: The parameters.
    ///   - completion: Gets the response's node or the error, on an arbitrary thread.
    public func call(
        _ methodName: String, _ parameters: [Any],
        completion: @escaping @Sendable (Result<XMLRPCNode, XMLRPCError>) -> Void
    ) {
        let values: [XMLRPCValue]
        do {
            values = try encoder.parameters(parameters)
        } catch {
            completion(.failure(error))
            return
        }
        Task {
            do throws(XMLRPCError) {
                completion(.success(try await send(methodName, values, to: url, extraHeaders: [:])))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Sends a call with values already encoded.
    public func call(_ methodName: String, values: [XMLRPCValue]) async throws(XMLRPCError) -> XMLRPCNode {
        try await send(methodName, values, to: url, extraHeaders: [:])
    }

    private func send(
        _ methodName: String, _ values: [XMLRPCValue], to url: URL, extraHeaders: [String: String]
    ) async throws(XMLRPCError) -> XMLRPCNode {
        let data = try await exchange(methodName, values, to: url, extraHeaders: extraHeaders)
        return try XMLRPCCodec.decodeResponse(data, file: url.absoluteString)
    }

    /// Posts a call and returns the response's body (a status other than 200 is an error).
    private func exchange(
        _ methodName: String, _ values: [XMLRPCValue], to url: URL, extraHeaders: [String: String]
    ) async throws(XMLRPCError) -> Data {
        let body = try XMLRPCCodec.methodCall(methodName, parameters: values)
        var request = URLRequest(url: url)
        // URLRequest(url:cachePolicy:timeoutInterval:) ignores its timeout on Linux.
        request.timeoutInterval = timeout
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("text/xml", forHTTPHeaderField: "Content-Type")
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in headers.merging(extraHeaders, uniquingKeysWith: { $1 }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw XMLRPCError(
                code: .transport, message: "cannot reach \(url.absoluteString): \(error.localizedDescription)")
        }
        if let http = response as? HTTPURLResponse, http.statusCode != 200 {
            let excerpt = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw XMLRPCError(
                code: .httpStatus,
                message: "\(url.absoluteString) answered HTTP \(http.statusCode) "
                    + "(\(HTTPURLResponse.localizedString(forStatusCode: http.statusCode)))"
                    + (excerpt.isEmpty ? "" : ": \(excerpt)"),
                httpStatus: http.statusCode)
        }
        return data
    }
}
