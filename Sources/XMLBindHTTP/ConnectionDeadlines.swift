import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Drops connections that take too long to send a request: ``HTTPServer/Configuration/headerTimeout``
/// and ``HTTPServer/Configuration/requestTimeout``.
///
/// libmicrohttpd 0.9.75 has only an idle timeout, which a client sending a byte every few
/// seconds never trips, and offers no call that closes a connection from outside its
/// callbacks. So a thread of our own looks at every connection's clock a few times a second
/// and shuts down the socket of one past its deadline (`shutdown(2)`, not `close(2)`): the
/// event loop then sees the connection end and closes it the ordinary way, releasing its
/// slot. The socket is shut down under the same lock that ``closed(_:)`` takes, and
/// libmicrohttpd reports a connection closed before it closes the socket, so a socket
/// number is never shut down after it was reused.
final class ConnectionDeadlines: Sendable {
    /// Where a connection is in its current request.
    enum Phase {
        /// Waiting for the request's headers.
        case headers
        /// Headers in, reading the body.
        case body
        /// The request is with its handler: no deadline.
        case handler
        /// Past its deadline and shut down; waiting for the event loop to close it.
        case dropped
    }

    private struct Entry {
        var socket: Int32
        var phase: Phase
        var since: ContinuousClock.Instant
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        var isStopped = false
        var isRunning = false
    }

    private let state = ConditionLock(State())
    private let headerTimeout: Duration?
    private let requestTimeout: Duration?

    init(headerTimeout: Int, requestTimeout: Int) {
        self.headerTimeout = headerTimeout > 0 ? .seconds(headerTimeout) : nil
        self.requestTimeout = requestTimeout > 0 ? .seconds(requestTimeout) : nil
    }

    /// Starts the watching thread (none when neither timeout is set).
    func start() {
        guard headerTimeout != nil || requestTimeout != nil else { return }
        state.withLock { $0.isRunning = true }
        let thread = Thread { [self] in watch() }
        thread.name = "XMLBindHTTP deadlines"
        thread.start()
    }

    /// Ends the watching thread and waits for it.
    func stop() {
        state.withLock(waking: .all) { $0.isStopped = true }
        state.withLock(waitingWhile: { $0.isRunning }) { _ in }
    }

    /// A connection was accepted: its clock for the first request's headers starts.
    func opened(_ connection: UInt, socket: Int32) {
        update { $0[connection] = Entry(socket: socket, phase: .headers, since: .now) }
    }

    /// A connection is about to be closed.
    func closed(_ connection: UInt) {
        update { $0[connection] = nil }
    }

    /// The headers are in; the request's clock goes on for the body.
    func headersReceived(_ connection: UInt) {
        update { $0[connection]?.phase = .body }
    }

    /// The request went to its handler: no deadline while it is there.
    func handlerStarted(_ connection: UInt) {
        update { $0[connection]?.phase = .handler }
    }

    /// A response was sent (or the request given up): the next request's clock starts.
    func requestEnded(_ connection: UInt) {
        update { entries in
            guard entries[connection]?.phase != .dropped else { return }
            entries[connection]?.phase = .headers
            entries[connection]?.since = .now
        }
    }

    private func update(_ change: (inout [UInt: Entry]) -> Void) {
        state.withLock { change(&$0.entries) }
    }

    /// Looks at every clock five times a second until ``stop()``. A socket is shut down under
    /// the lock ``closed(_:)`` takes (see above).
    private func watch() {
        var isStopped = false
        while !isStopped {
            isStopped = state.withLock(waitingWhile: { !$0.isStopped }, until: .now + .milliseconds(200)) { state in
                guard !state.isStopped else {
                    state.isRunning = false
                    return true
                }
                let now = ContinuousClock.now
                for (connection, entry) in state.entries {
                    let limit: Duration?
                    switch entry.phase {
                    case .headers: limit = [headerTimeout, requestTimeout].compactMap { $0 }.min()
                    case .body: limit = requestTimeout
                    case .handler, .dropped: limit = nil
                    }
                    guard let limit, now - entry.since > limit else { continue }
                    state.entries[connection]?.phase = .dropped
                    _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                }
                return false
            }
        }
        // `stop()` waits for `isRunning` to turn false.
        state.withLock(waking: .all) { _ in }
    }
}
