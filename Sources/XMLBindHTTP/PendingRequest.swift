import Foundation
import Synchronization

/// One request's state between the calls libmicrohttpd makes for it, from its headers to
/// its completion.
///
/// What changes as the request is read sits behind a `Mutex`: only the event-loop thread
/// that owns the connection touches it (libmicrohttpd keeps a connection on one thread), so
/// the lock is never contended; it makes the class `Sendable` as the compiler checks it.
final class PendingRequest: Sendable {
    /// What the calls for a request learn as its body arrives.
    struct Progress {
        var body = Data()
        /// The answer decided before the body was read (404, 405, 413, 415): the body is read
        /// and dropped, then this is sent.
        var refusal: HTTPResponse?
        /// Bytes read and dropped because of `refusal`.
        var discardedBytes = 0
        /// Whether the request went to its handler (its connection was suspended).
        var isDispatched = false
    }

    let method: String
    let path: String
    let queryItems: [(name: String, value: String?)]
    let headers: [String: String]
    private let progress = Mutex(Progress())

    init(method: String, path: String, queryItems: [(name: String, value: String?)], headers: [String: String]) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
    }

    /// Reads or changes what is known of the request so far.
    func withProgress<R>(_ body: (inout Progress) throws -> R) rethrows -> R {
        try progress.withLock { try body(&$0) }
    }

    /// The body read so far.
    var body: Data { withProgress { $0.body } }

    /// The early answer, if one was decided.
    var refusal: HTTPResponse? { withProgress { $0.refusal } }

    /// Whether the request went to its handler.
    var isDispatched: Bool { withProgress { $0.isDispatched } }

    /// Whether the client waits for `100 Continue` before it sends the body.
    var expectsContinue: Bool {
        headers["expect"]?.lowercased() == "100-continue"
    }

    /// Whether a body follows the headers.
    var hasBody: Bool {
        headers["transfer-encoding"] != nil || (headers["content-length"].flatMap { Int($0) } ?? 0) > 0
    }

    /// The length the client declared, if it did.
    var declaredLength: Int? {
        headers["content-length"].flatMap { Int($0) }
    }
}
