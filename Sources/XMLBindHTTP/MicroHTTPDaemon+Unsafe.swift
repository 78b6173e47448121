internal import CMicroHTTPD
import Foundation

// Invariants (the whole type is the boundary with libmicrohttpd):
// - `daemon` is written once, in `init`, and `stop()` is called once, by `HTTPServer`, under
//   its lock: the class is `@unchecked Sendable` because `OpaquePointer` cannot be `Sendable`,
//   not because any state changes.
// - The callbacks reach `DaemonContext` (itself `Sendable`, checked) through the unretained
//   context pointer, which `init` retains and `stop()` releases after the daemon stopped.
// - A request's `PendingRequest` is retained in its connection's `con_cls` from the first call
//   until `completedHandler` releases it.
// - A header collector is kept alive (`withExtendedLifetime`) while libmicrohttpd calls back
//   with its unretained pointer.

/// A running libmicrohttpd daemon: the only code that touches libmicrohttpd.
///
/// libmicrohttpd reads and writes every connection on its epoll event loop (a few threads,
/// ``HTTPServer/Configuration/eventThreads``) and calls ``accessHandler`` there, several
/// times per request: once when the headers are in, once per piece of body, and once more
/// when the body is complete. The request's state lives in the connection's context pointer
/// (`con_cls`) from the first call until ``completedHandler`` releases it. When the body is
/// complete the connection is suspended (`MHD_suspend_connection`) and the request goes to a
/// ``HandlerThreadPool`` thread, so a slow handler never stalls the event loop; the handler's
/// response is handed back through the ``RequestLedger`` and the connection resumed
/// (`MHD_resume_connection`), upon which libmicrohttpd calls ``accessHandler`` once more and
/// the response is queued. ``ConnectionDeadlines`` drops connections too slow to send a request.
///
/// The callbacks are plain C function pointers that capture nothing; they find the
/// ``DaemonContext`` through the daemon's context pointer, so they run on libmicrohttpd's
/// threads without any actor isolation.
final class MicroHTTPDaemon: @unchecked Sendable {
    private let daemon: OpaquePointer
    private let context: Unmanaged<DaemonContext>
    /// The bound port.
    let port: UInt16

    init(router: HTTPRouter, configuration: HTTPServer.Configuration) throws(HTTPServerError) {
        let state = DaemonContext(router: router, configuration: configuration)
        let context = Unmanaged.passRetained(state)
        let started = CMicroHTTPD_StartDaemon(
            configuration.host, configuration.port, UInt32(clamping: max(1, configuration.eventThreads)),
            UInt32(clamping: max(1, configuration.connectionLimit)),
            UInt32(clamping: max(0, configuration.perIPConnectionLimit)),
            UInt32(clamping: max(0, configuration.idleTimeout)),
            MicroHTTPDaemon.accessHandler, MicroHTTPDaemon.completedHandler, MicroHTTPDaemon.connectionHandler,
            context.toOpaque())
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
        state.deadlines.start()
    }

    /// Stops accepting (`MHD_quiesce_daemon`), lets the handlers in flight answer within the
    /// grace period and answers the rest 503, then `MHD_stop_daemon` closes every connection
    /// and joins the event loop's threads.
    func stop() {
        let state = context.takeUnretainedValue()
        let listener = MHD_quiesce_daemon(daemon)
        state.ledger.drain(
            gracePeriod: .seconds(max(0, state.router.configuration.shutdownGracePeriod)),
            response: .text("the server is shutting down", status: 503),
            resume: { MHD_resume_connection(OpaquePointer(bitPattern: $0)) })
        state.deadlines.stop()
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
        state.pool.shutDown()
        context.release()
    }

    /// What the callbacks reach through their context pointer.
    final class DaemonContext: Sendable {
        let router: HTTPRouter
        let pool: HandlerThreadPool
        let ledger = RequestLedger()
        let deadlines: ConnectionDeadlines
        /// Bytes of a refused body read and dropped before its connection is closed instead.
        let discardLimit: Int

        init(router: HTTPRouter, configuration: HTTPServer.Configuration) {
            self.router = router
            self.pool = HandlerThreadPool(limit: configuration.handlerThreadLimit)
            self.deadlines = ConnectionDeadlines(
                headerTimeout: configuration.headerTimeout, requestTimeout: configuration.requestTimeout)
            let limit = max(0, configuration.maximumBodySize)
            self.discardLimit = limit > Int.max / 8 ? Int.max / 2 : 4 * limit + (1 << 20)
        }
    }

    private static let accessHandler: MHD_AccessHandlerCallback = {
        contextPointer, connection, url, method, _, uploadData, uploadDataSize, requestPointer in
        guard let contextPointer, let connection, let uploadDataSize, let requestPointer else { return MHD_Result.NO }
        let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
        guard let state = requestPointer.pointee else {
            // First call: the headers are in, the body (if any) is not.
            let request = PendingRequest(
                method: method.map { String(cString: $0) }?.uppercased() ?? "GET",
                path: url.map { String(cString: $0) } ?? "/",
                queryItems: MicroHTTPDaemon.queryItems(of: connection), headers: MicroHTTPDaemon.headers(of: connection)
            )
            requestPointer.pointee = Unmanaged.passRetained(request).toOpaque()
            context.deadlines.headersReceived(UInt(bitPattern: connection))
            if let early = context.router.earlyResponse(
                method: request.method, path: request.path, headers: request.headers)
            {
                // A client waiting for 100 Continue gets the answer instead and sends no body.
                // Any other reads it only once it has sent its body: read and drop that first,
                // unless it is so long that closing the connection is the lesser evil.
                if request.expectsContinue || !request.hasBody || (request.declaredLength ?? 0) > context.discardLimit {
                    return MicroHTTPDaemon.queue(early, on: connection)
                }
                request.withProgress { $0.refusal = early }
            }
            return MHD_Result.YES
        }
        let request = Unmanaged<PendingRequest>.fromOpaque(state).takeUnretainedValue()
        let size = uploadDataSize.pointee
        if size > 0 {
            uploadDataSize.pointee = 0
            return request.withProgress { progress in
                if progress.refusal == nil && progress.body.count + size > context.router.configuration.maximumBodySize
                {
                    progress.refusal = context.router.tooLarge()
                    progress.body = Data()
                }
                if progress.refusal != nil {
                    progress.discardedBytes += size
                    return progress.discardedBytes > context.discardLimit ? MHD_Result.NO : MHD_Result.YES
                }
                if let uploadData {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                        progress.body.append($0, count: size)
                    }
                }
                return MHD_Result.YES
            }
        }
        if let refusal = request.refusal {
            return MicroHTTPDaemon.queue(refusal, on: connection)
        }
        if request.isDispatched {
            // Resumed: the handler has answered, or the server is stopping.
            let answer = context.ledger.takeAnswer(request) ?? .text("the request was not answered", status: 500)
            return MicroHTTPDaemon.queue(answer, on: connection)
        }
        return MicroHTTPDaemon.dispatch(request, on: connection, context: context)
    }

    /// Suspends the connection and hands the complete request to a handler thread, which
    /// resumes it with the response.
    private static func dispatch(
        _ request: PendingRequest, on connection: OpaquePointer, context: DaemonContext
    ) -> MHD_Result {
        let key = UInt(bitPattern: connection)
        let admitted = context.ledger.admit(request, connection: key) { MHD_suspend_connection(connection) }
        guard admitted else {
            return MicroHTTPDaemon.queue(.text("the server is shutting down", status: 503), on: connection)
        }
        request.withProgress { $0.isDispatched = true }
        context.deadlines.handlerStarted(key)
        let (router, ledger) = (context.router, context.ledger)
        context.pool.submit {
            guard ledger.isAwaited(request) else { return }
            let response = ConnectionExecutor.respond {
                await router.response(
                    method: request.method, path: request.path, queryItems: request.queryItems,
                    headers: request.headers, body: request.body)
            }
            ledger.answer(request, with: response) { MHD_resume_connection(OpaquePointer(bitPattern: $0)) }
        }
        return MHD_Result.YES
    }

    private static let completedHandler: MHD_RequestCompletedCallback = {
        contextPointer, connection, requestPointer, _ in
        guard let contextPointer else { return }
        let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
        if let connection { context.deadlines.requestEnded(UInt(bitPattern: connection)) }
        guard let requestPointer, let state = requestPointer.pointee else { return }
        let request = Unmanaged<PendingRequest>.fromOpaque(state).takeRetainedValue()
        requestPointer.pointee = nil
        if request.isDispatched { context.ledger.completed(request) }
    }

    private static let connectionHandler: MHD_NotifyConnectionCallback = { contextPointer, connection, _, event in
        guard let contextPointer, let connection else { return }
        let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
        let key = UInt(bitPattern: connection)
        if event == .CONNECTION_NOTIFY_STARTED {
            context.deadlines.opened(key, socket: CMicroHTTPD_ConnectionSocket(connection))
        } else if event == .CONNECTION_NOTIFY_CLOSED {
            context.deadlines.closed(key)
        }
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
