internal import CMicroHTTPD
import Foundation

/// A running libmicrohttpd daemon: the only code that touches libmicrohttpd.
///
/// libmicrohttpd calls ``accessHandler`` on the connection's own thread (thread per
/// connection), several times per request: once when the headers are in, once per piece of
/// body, and once more when the body is complete. The request's state lives in the
/// connection's context pointer (`con_cls`) from the first call until ``completedHandler``
/// releases it. The callbacks are plain C function pointers that capture nothing; they find
/// the router through the daemon's context pointer, so they run on libmicrohttpd's threads
/// without any actor isolation.
///
/// `@unchecked Sendable`: the daemon pointer is written once, in `init`, and `stop()` is
/// called once, by ``HTTPServer``, under its lock.
final class MicroHTTPDaemon: @unchecked Sendable {
    private let daemon: OpaquePointer
    private let context: Unmanaged<DaemonContext>
    /// The bound port.
    let port: UInt16

    init(router: HTTPRouter, configuration: HTTPServer.Configuration) throws(HTTPServerError) {
        let context = Unmanaged.passRetained(DaemonContext(router: router))
        let started = CMicroHTTPD_StartDaemon(
            configuration.host, configuration.port, UInt32(clamping: max(1, configuration.connectionLimit)),
            UInt32(clamping: max(0, configuration.idleTimeout)),
            MicroHTTPDaemon.accessHandler, context.toOpaque(),
            MicroHTTPDaemon.completedHandler, context.toOpaque())
        guard let started else {
            context.release()
            let reason =
                configuration.host.split(separator: ".").count == 4
                ? "the port may be in use or not permitted" : "the host must be an IPv4 address such as 127.0.0.1"
            throw HTTPServerError(message: "cannot listen on \(configuration.host):\(configuration.port): \(reason)")
        }
        self.daemon = started
        self.context = context
        self.port = CMicroHTTPD_BoundPort(started)
    }

    /// `MHD_stop_daemon`: closes the listening socket and joins every connection's thread.
    func stop() {
        MHD_stop_daemon(daemon)
        context.release()
    }

    /// What the callbacks reach through their context pointer.
    final class DaemonContext {
        let router: HTTPRouter
        init(router: HTTPRouter) { self.router = router }
    }

    /// One request's state between the calls of ``accessHandler``; touched only from its
    /// connection's thread.
    final class PendingRequest {
        let method: String
        let path: String
        let queryItems: [(name: String, value: String?)]
        let headers: [String: String]
        var body = Data()
        /// Bytes dropped after the body went over the limit (a chunked body declares no length).
        var droppedBytes = 0
        var isTooLarge = false

        init(method: String, path: String, queryItems: [(name: String, value: String?)], headers: [String: String]) {
            self.method = method
            self.path = path
            self.queryItems = queryItems
            self.headers = headers
        }
    }

    /// Carries the handler's response out of its task. `@unchecked Sendable`: `response` is
    /// written by a job the connection's thread runs, and read by that thread after the
    /// executor's `run()` returns.
    private final class ResponseHandoff: @unchecked Sendable {
        var response = HTTPResponse(status: 500)
    }

    private static let accessHandler: MHD_AccessHandlerCallback = {
        contextPointer, connection, url, method, _, uploadData, uploadDataSize, requestPointer in
        guard let contextPointer, let connection, let uploadDataSize, let requestPointer else { return MHD_Result.NO }
        let router = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue().router
        guard let state = requestPointer.pointee else {
            // First call: the headers are in, the body (if any) is not.
            let method = method.map { String(cString: $0) }?.uppercased() ?? "GET"
            let path = url.map { String(cString: $0) } ?? "/"
            let headers = MicroHTTPDaemon.headers(of: connection)
            let pending = PendingRequest(
                method: method, path: path, queryItems: MicroHTTPDaemon.queryItems(of: connection), headers: headers)
            requestPointer.pointee = Unmanaged.passRetained(pending).toOpaque()
            if let early = router.earlyResponse(method: method, path: path, headers: headers) {
                return MicroHTTPDaemon.queue(early, on: connection)
            }
            return MHD_Result.YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(state).takeUnretainedValue()
        let size = uploadDataSize.pointee
        if size > 0 {
            if pending.isTooLarge || pending.body.count + size > router.configuration.maximumBodySize {
                // A response cannot be queued while the body is arriving: drop the rest and
                // answer 413 at its end, or close the connection if it goes on and on.
                pending.isTooLarge = true
                pending.body = Data()
                pending.droppedBytes += size
                if pending.droppedBytes > 4 * router.configuration.maximumBodySize + (1 << 20) { return MHD_Result.NO }
            } else if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                    pending.body.append($0, count: size)
                }
            }
            uploadDataSize.pointee = 0
            return MHD_Result.YES
        }
        if pending.isTooLarge {
            return MicroHTTPDaemon.queue(router.tooLarge(), on: connection)
        }
        // The body is complete: run the handler with this thread, which belongs to this
        // connection alone, as its executor (see ConnectionExecutor).
        let handoff = ResponseHandoff()
        let executor = ConnectionExecutor()
        let (method, path, queryItems, headers, body) = (
            pending.method, pending.path, pending.queryItems, pending.headers, pending.body
        )
        Task(executorPreference: executor) {
            handoff.response = await router.response(
                method: method, path: path, queryItems: queryItems, headers: headers, body: body)
            executor.finish()
        }
        executor.run()
        return MicroHTTPDaemon.queue(handoff.response, on: connection)
    }

    private static let completedHandler: MHD_RequestCompletedCallback = { _, _, requestPointer, _ in
        guard let requestPointer, let state = requestPointer.pointee else { return }
        Unmanaged<PendingRequest>.fromOpaque(state).release()
        requestPointer.pointee = nil
    }

    /// `MHD_get_connection_values` for the request headers, by lower-case name.
    private static func headers(of connection: OpaquePointer) -> [String: String] {
        final class Collector {
            var headers: [String: String] = [:]
        }
        let collector = Collector()
        let iterator: MHD_KeyValueIterator = { collectorPointer, _, key, value in
            guard let collectorPointer, let key else { return MHD_Result.YES }
            let collector = Unmanaged<Collector>.fromOpaque(collectorPointer).takeUnretainedValue()
            let name = String(cString: key).lowercased()
            let text = value.map { String(cString: $0) } ?? ""
            collector.headers[name] = collector.headers[name].map { $0 + ", " + text } ?? text
            return MHD_Result.YES
        }
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, MHD_ValueKind.HEADER_KIND, iterator, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.headers
    }

    /// `MHD_get_connection_values` for the query's items, in order.
    private static func queryItems(of connection: OpaquePointer) -> [(name: String, value: String?)] {
        final class Collector {
            var items: [(name: String, value: String?)] = []
        }
        let collector = Collector()
        let iterator: MHD_KeyValueIterator = { collectorPointer, _, key, value in
            guard let collectorPointer, let key else { return MHD_Result.YES }
            let collector = Unmanaged<Collector>.fromOpaque(collectorPointer).takeUnretainedValue()
            collector.items.append((String(cString: key), value.map { String(cString: $0) }))
            return MHD_Result.YES
        }
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, MHD_ValueKind.GET_ARGUMENT_KIND, iterator, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.items
    }

    /// `MHD_create_response_from_buffer` (copying the body), its headers, `MHD_queue_response`.
    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let created else { return MHD_Result.NO }
        defer { MHD_destroy_response(created) }
        // libmicrohttpd writes Content-Length itself; a second one would break the response.
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where name.lowercased() != "content-length" {
            _ = MHD_add_response_header(created, name, value)
        }
        return MHD_queue_response(connection, UInt32(clamping: max(100, min(599, response.status))), created)
    }
}
