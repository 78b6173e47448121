import Foundation
import Synchronization
import XMLBind
import XMLBindHTTP
import XMLBindRPC
import XMLBindSOAP
import XMLBindSOAPServer

/// The `http` fuzz target: the request path of the HTTP layer after libmicrohttpd has read a
/// request, through the router's rules (404, 405, 413, 415, gzip both ways) into the
/// XML-RPC dispatcher and a SOAP service, without sockets.
///
/// Its input is one control byte, then a request as it would arrive: a request line
/// (`POST /RPC2?x=1 HTTP/1.1`), header lines, an empty line, the body. The control byte:
/// bit 0 gzips the body before it is routed (with `Content-Encoding: gzip`), bit 1 then
/// cuts the compressed body short, bit 2 routes through a server whose body limit is 256
/// bytes (so 413 is reached both by the declared length and by decompression), bit 3 asks
/// for a gzipped answer. A request libmicrohttpd would refuse itself (no request line) is
/// skipped.
///
/// Checked per input: the early answer (before the body) is 404, 405, 413 or 415; the whole
/// answer has a status the layer promises, a body, and, when gzipped, a body that inflates;
/// a body over the limit never reaches a handler; an XML-RPC answer of 200 is a whole
/// `methodResponse` that XMLBind reads.
enum HTTPTarget {
    static let limitedBodySize = 256

    /// One echo and one adder for XML-RPC, one echo for SOAP 1.1 and 1.2.
    static let routes: [HTTPRoute] = {
        var dispatcher = XMLRPCDispatcher()
        dispatcher.register("echo") { (text: String) in text }
        dispatcher.register("math.add") { (a: Int32, b: Int32) in a &+ b }
        let methods = dispatcher
        let rpc = HTTPRoute(path: "/RPC2", methods: ["POST"]) { request in
            await HTTPResponse(
                headers: ["Content-Type": "text/xml; charset=utf-8"], body: methods.respond(to: request.body))
        }
        let service = SOAPService(name: "FuzzService", namespace: "urn:fuzz", binder: soapBinder)
            .operation("echo", request: FuzzSOAPEcho.self, response: FuzzSOAPEcho.self) { $0 }
        return [rpc] + service.routes()
    }()

    static let soapBinder = XMLBinder(prefixes: ["f": "urn:fuzz"]).registeredAtSetup(
        mapping(FuzzSOAPEcho.self, element: "f:echo").element(\.text))

    /// Routers built once: the default limits, and a 256-byte body limit.
    static let routers = [
        HTTPRouter(routes: routes, configuration: HTTPServer.Configuration()),
        HTTPRouter(routes: routes, configuration: limitedConfiguration),
    ]

    private static var limitedConfiguration: HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.maximumBodySize = limitedBodySize
        configuration.minimumCompressedSize = 0
        return configuration
    }

    static let promisedStatuses: Set<Int> = [200, 400, 404, 405, 413, 415, 500]

    static func run(_ input: Data) -> [String] {
        let (controls, text) = FocusedTargets.split(input, controls: 1)
        guard var request = RawRequest(text) else { return [] }
        let control = controls[0]
        if control & 1 != 0, var compressed = Gzip.compress(request.body, level: 1) {
            if control & 2 != 0 { compressed = compressed.prefix(compressed.count / 2) }
            request.body = compressed
            request.headers["content-encoding"] = "gzip"
        }
        if control & 8 != 0 { request.headers["accept-encoding"] = "gzip" }
        let router = routers[Int(control >> 2 & 1)]
        if let early = router.earlyResponse(method: request.method, path: request.path, headers: request.headers) {
            return [404, 405, 413, 415].contains(early.status) && !early.body.isEmpty
                ? [] : ["early answer \(early.status) with \(early.body.count) bytes"]
        }
        // The daemon counts the body's bytes as they arrive and answers 413 once they pass
        // the limit, whatever the headers declared; the router sees only bodies within it.
        if request.body.count > router.configuration.maximumBodySize {
            let refusal = router.tooLarge()
            return refusal.status == 413 ? [] : ["a body over the limit answered \(refusal.status)"]
        }
        let response = answer(router, request)
        return check(response, to: request, limit: router.configuration.maximumBodySize)
    }

    /// Runs the async router to its end on this thread's behalf.
    private static func answer(_ router: HTTPRouter, _ request: RawRequest) -> HTTPResponse {
        let result = Mutex<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let response = await router.response(
                method: request.method, path: request.path, queryItems: request.queryItems,
                headers: request.headers, body: request.body)
            result.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 } ?? HTTPResponse(status: 0)
    }

    private static func check(_ response: HTTPResponse, to request: RawRequest, limit: Int) -> [String] {
        var problems: [String] = []
        if !promisedStatuses.contains(response.status) { problems.append("status \(response.status)") }
        var body = response.body
        if response.headers["Content-Encoding"] == "gzip" {
            guard let inflated = try? Gzip.decompress(body, limit: 64 << 20) else {
                return problems + ["a gzipped answer that does not inflate"]
            }
            body = inflated
        }
        if body.isEmpty, response.status != 200 { problems.append("an empty \(response.status) answer") }
        if request.headers["content-encoding"] != nil, response.status == 200,
            (try? Gzip.decompress(request.body, limit: limit)) == nil
        {
            problems.append("a compressed body over the limit or broken reached a handler")
        }
        if request.path == "/RPC2", response.status == 200 {
            do {
                _ = try XMLRPCCodec.decodeResponse(body)
            } catch  where error.code == .fault {
                // A fault is an answer.
            } catch {
                problems.append("an XML-RPC answer that does not read: \(error)")
            }
        }
        return problems
    }
}

/// The SOAP service's one message.
final class FuzzSOAPEcho: Bindable {
    var text: String?
    init() {}
}
