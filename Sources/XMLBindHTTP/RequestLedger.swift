import Foundation

/// The requests that went to a handler and are not answered yet, so that ``HTTPServer/stop()``
/// can wait for them, answer the slow ones 503, and only then stop libmicrohttpd (which
/// refuses to stop with a connection still suspended).
///
/// Suspending and resuming a connection both happen under this ledger's lock, through the
/// closures the callers pass: a connection is never resumed before it was suspended, twice,
/// or after the daemon stopped.
final class RequestLedger: Sendable {
    private struct State {
        var isStopping = false
        var suspended: [ObjectIdentifier: (request: PendingRequest, connection: UInt)] = [:]
        /// Answers handed over, kept until the resumed connection takes them.
        var answers: [ObjectIdentifier: HTTPResponse] = [:]
        /// Requests suspended whose completion libmicrohttpd has not reported yet.
        var unanswered = 0
    }

    private let state = ConditionLock(State())

    /// Registers a request going to its handler and suspends its connection with `suspend`;
    /// false (and nothing done) when the server is stopping.
    func admit(_ request: PendingRequest, connection: UInt, suspend: () -> Void) -> Bool {
        state.withLock { state in
            guard !state.isStopping else { return false }
            state.suspended[ObjectIdentifier(request)] = (request, connection)
            state.unanswered += 1
            suspend()
            return true
        }
    }

    /// Whether the request still waits for its handler (``drain(gracePeriod:response:resume:)``
    /// has not answered it).
    func isAwaited(_ request: PendingRequest) -> Bool {
        state.withLock { $0.suspended[ObjectIdentifier(request)] != nil }
    }

    /// Hands a handler's response over and resumes the connection with `resume`, unless the
    /// request was answered already.
    func answer(_ request: PendingRequest, with response: HTTPResponse, resume: (UInt) -> Void) {
        state.withLock { state in
            guard let entry = state.suspended.removeValue(forKey: ObjectIdentifier(request)) else { return }
            state.answers[ObjectIdentifier(request)] = response
            resume(entry.connection)
        }
    }

    /// The answer of a resumed request.
    func takeAnswer(_ request: PendingRequest) -> HTTPResponse? {
        state.withLock { $0.answers.removeValue(forKey: ObjectIdentifier(request)) }
    }

    /// libmicrohttpd reported a suspended request complete (answered, or its client gone).
    func completed(_ request: PendingRequest) {
        state.withLock(waking: .all) { state in
            state.unanswered -= 1
            // A client gone before its answer was taken leaves it behind.
            state.answers[ObjectIdentifier(request)] = nil
        }
    }

    /// Refuses new requests, waits up to `gracePeriod` for the requests in flight to be
    /// answered, answers the rest `response` (resuming them with `resume`), and waits up to a
    /// second more for those answers to be written.
    func drain(gracePeriod: Duration, response: HTTPResponse, resume: (UInt) -> Void) {
        state.withLock { $0.isStopping = true }
        state.withLock(waitingWhile: { $0.unanswered > 0 }, until: .now + gracePeriod) { state in
            for (key, entry) in state.suspended {
                state.answers[key] = response
                resume(entry.connection)
            }
            state.suspended = [:]
        }
        state.withLock(waitingWhile: { $0.unanswered > 0 }, until: .now + .seconds(1)) { _ in }
    }
}
