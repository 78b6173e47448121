import Foundation

/// Finds the route for a request and applies the server's rules around it (status codes,
/// gzip), free of libmicrohttpd so that it reads and tests as plain Swift.
///
/// `package`: the HTTP fuzz target (`XMLBindFuzz`) drives it directly, without sockets.
package struct HTTPRouter: Sendable {
    private let routesByPath: [String: [HTTPRoute]]
    package let configuration: HTTPServer.Configuration

    package init(routes: [HTTPRoute], configuration: HTTPServer.Configuration) {
        self.routesByPath = Dictionary(grouping: routes, by: \.path)
        self.configuration = configuration
    }

    /// The response a request gets before its body is read, if its headers already decide
    /// it: 404, 405, 413 for a declared length over the limit, 415 for an unknown encoding.
    package func earlyResponse(method: String, path: String, headers: [String: String]) -> HTTPResponse? {
        guard let routes = routesByPath[path] else {
            return .text("no service at \(path)", status: 404)
        }
        guard routes.contains(where: { $0.methods.contains(method) }) else {
            let allowed = Set(routes.flatMap(\.methods)).sorted().joined(separator: ", ")
            var response = HTTPResponse.text("\(method) is not served at \(path); use \(allowed)", status: 405)
            response.headers["Allow"] = allowed
            return response
        }
        if let length = headers["content-length"].flatMap({ Int($0) }), length > configuration.maximumBodySize {
            return tooLarge()
        }
        if let encoding = headers["content-encoding"]?.lowercased(),
            !["gzip", "x-gzip", "identity"].contains(encoding)
        {
            return .text("Content-Encoding \(encoding) is not supported; send gzip or identity", status: 415)
        }
        return nil
    }

    /// The 413 response. It closes the connection: a client that sent too much once is not
    /// kept for another request.
    package func tooLarge() -> HTTPResponse {
        var response = HTTPResponse.text(
            "the request body is larger than \(configuration.maximumBodySize) bytes", status: 413)
        response.headers["Connection"] = "close"
        return response
    }

    /// The response for a whole request whose headers passed ``earlyResponse(method:path:headers:)``:
    /// decompresses the body, runs the handler, compresses its response when the client accepts gzip.
    package func response(
        method: String, path: String, queryItems: [(name: String, value: String?)],
        headers: [String: String], body: Data
    ) async -> HTTPResponse {
        var body = body
        if let encoding = headers["content-encoding"]?.lowercased(), encoding == "gzip" || encoding == "x-gzip" {
            do {
                body = try Gzip.decompress(body, limit: configuration.maximumBodySize)
            } catch .tooLarge {
                return tooLarge()
            } catch {
                return .text("the request body is not valid gzip", status: 400)
            }
        }
        guard let route = routesByPath[path]?.first(where: { $0.methods.contains(method) }) else {
            return earlyResponse(method: method, path: path, headers: [:]) ?? .text("no service", status: 404)
        }
        let request = HTTPRequest(method: method, path: path, queryItems: queryItems, headers: headers, body: body)
        var response = await route.handler(request)
        compressIfAccepted(&response, acceptEncoding: headers["accept-encoding"])
        return response
    }

    private func compressIfAccepted(_ response: inout HTTPResponse, acceptEncoding: String?) {
        guard configuration.compressesResponses, response.body.count >= configuration.minimumCompressedSize,
            !response.headers.keys.contains(where: { $0.lowercased() == "content-encoding" })
        else { return }
        response.headers["Vary"] = "Accept-Encoding"
        guard Gzip.isAccepted(by: acceptEncoding), let compressed = Gzip.compress(response.body) else { return }
        response.body = compressed
        response.headers["Content-Encoding"] = "gzip"
    }
}
