import Foundation

/// The requests that went to a handler and are not answered yet, so that ``HTTPServer/stop()``
/// can wait for them, answer the slow ones 503, and only then stop libmicrohttpd (which
/// refuses to stop with a connection still suspended).
///
/// Suspending and resuming a connection both happen under this ledger's lock, through the
/// closures the callers pass: a connection is never resumed before it was suspended, twice,
/// or after the daemon stopped.
///
/// `@unchecked Sendable`: every stored property, and each request's `answer`, is touched
/// only under `condition`.
final class RequestLedger: @unchecked Sendable {
    private let condition = NSCondition()
    private var isStopping = false
    private var suspended: [ObjectIdentifier: (request: PendingRequest, connection: UInt)] = [:]
    /// Requests suspended whose completion libmicrohttpd has not reported yet.
    private var unanswered = 0

    /// Registers a request going to its handler and suspends its connection with `suspend`;
    /// false (and nothing done) when the server is stopping.
    func admit(_ request: PendingRequest, connection: UInt, suspend: () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopping else { return false }
        suspended[ObjectIdentifier(request)] = (request, connection)
        unanswered += 1
        suspend()
        return true
    }

    /// Whether the request still waits for its handler (``drain(gracePeriod:resume:)`` has not
    /// answered it).
    func isAwaited(_ request: PendingRequest) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return suspended[ObjectIdentifier(request)] != nil
    }

    /// Hands a handler's response over and resumes the connection with `resume`, unless the
    /// request was answered already.
    func answer(_ request: PendingRequest, with response: HTTPResponse, resume: (UInt) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard let entry = suspended.removeValue(forKey: ObjectIdentifier(request)) else { return }
        request.answer = response
        resume(entry.connection)
    }

    /// The answer of a resumed request.
    func takeAnswer(_ request: PendingRequest) -> HTTPResponse? {
        condition.lock()
        defer { condition.unlock() }
        defer { request.answer = nil }
        return request.answer
    }

    /// libmicrohttpd reported a suspended request complete (answered, or its client gone).
    func completed() {
        condition.lock()
        unanswered -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Refuses new requests, waits up to `gracePeriod` for the requests in flight to be
    /// answered, answers the rest `response` (resuming them with `resume`), and waits up to a
    /// second more for those answers to be written.
    func drain(gracePeriod: Duration, response: HTTPResponse, resume: (UInt) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        isStopping = true
        wait(until: .now + gracePeriod)
        for (request, connection) in suspended.values {
            request.answer = response
            resume(connection)
        }
        suspended = [:]
        wait(until: .now + .seconds(1))
    }

    private func wait(until deadline: ContinuousClock.Instant) {
        while unanswered > 0 {
            let left = deadline - .now
            guard left > .zero else { return }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
    }
}
