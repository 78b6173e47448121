import Foundation

/// One request's state between the calls libmicrohttpd makes for it, from its headers to
/// its completion.
///
/// `@unchecked Sendable`: every property but `answer` is touched only by the event-loop
/// thread that owns the connection (libmicrohttpd keeps a connection on one thread);
/// `answer` is touched only under the ``RequestLedger``'s lock.
final class PendingRequest: @unchecked Sendable {
    let method: String
    let path: String
    let queryItems: [(name: String, value: String?)]
    let headers: [String: String]
    var body = Data()
    /// The answer decided before the body was read (404, 405, 413, 415): the body is read
    /// and dropped, then this is sent.
    var refusal: HTTPResponse?
    /// Bytes read and dropped because of `refusal`.
    var discardedBytes = 0
    /// Whether the request went to its handler (its connection was suspended).
    var isDispatched = false
    /// The handler's response, or the 503 of a server stopping; see ``RequestLedger``.
    var answer: HTTPResponse?

    init(method: String, path: String, queryItems: [(name: String, value: String?)], headers: [String: String]) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
    }

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
