import Foundation
import XMLBind
import XMLBindHTTP
import XMLBindSOAP

extension SOAPService {
    /// Routes that host the service on the package's `HTTPServer` (XMLBindHTTP): a SOAP 1.1
    /// and a SOAP 1.2 endpoint (`POST`), each also serving the WSDL at `GET <path>?wsdl`.
    ///
    /// ```swift
    /// let server = HTTPServer(routes: service.routes(soap11Path: "/calc/soap11", soap12Path: "/calc/soap12"))
    /// try server.start()
    /// ```
    ///
    /// The WSDL's addresses are made from the request's `Host` header.
    ///
    /// - Parameters:
    ///   - soap11Path: The path of the SOAP 1.1 endpoint.
    ///   - soap12Path: The path of the SOAP 1.2 endpoint.
    /// - Returns: The two routes.
    public func routes(soap11Path: String = "/soap11", soap12Path: String = "/soap12") -> [HTTPRoute] {
        [(soap11Path, SOAPVersion.version1point1), (soap12Path, .version1point2)].map { path, version in
            HTTPRoute(path: path, methods: ["GET", "POST"]) { request in
                await handle(request, version: version, soap11Path: soap11Path, soap12Path: soap12Path)
            }
        }
    }

    private func handle(_ request: HTTPRequest, version: SOAPVersion, soap11Path: String, soap12Path: String) async
        -> HTTPResponse
    {
        if request.method == "GET" {
            guard request.queryItems.contains(where: { $0.name.lowercased() == "wsdl" }) else {
                return .text("GET \(request.path)?wsdl serves the WSDL; SOAP requests are POSTed", status: 405)
            }
            let base = "http://\(request.header("Host") ?? "127.0.0.1")"
            do {
                let wsdl = try wsdl(soap11Endpoint: base + soap11Path, soap12Endpoint: base + soap12Path)
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/xml; charset=utf-8"], body: Data(wsdl.utf8))
            } catch {
                return .text("cannot describe the service: \(error.message)", status: 500)
            }
        }
        let contentType = request.header("Content-Type") ?? ""
        let media = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard ["text/xml", "application/soap+xml", "application/xml"].contains(media) else {
            return .text(
                "a SOAP \(version.rawValue) request is sent as \(version.mediaType), not '\(contentType)'", status: 415)
        }
        let action = Self.action(of: request, version: version)
        let answer = await respond(to: request.body, version: version, action: action)
        return HTTPResponse(status: answer.status, headers: ["Content-Type": answer.contentType], body: answer.body)
    }

    /// The SOAP action: the `SOAPAction` header (1.1) or the content type's `action` (1.2).
    private static func action(of request: HTTPRequest, version: SOAPVersion) -> String? {
        if let header = request.header("SOAPAction") {
            return header.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }
        let parameters = (request.header("Content-Type") ?? "").split(separator: ";").dropFirst()
        for parameter in parameters {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "action" {
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
