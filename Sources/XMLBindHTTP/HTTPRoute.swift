/// A path and the methods a handler serves on it.
///
/// A request whose path matches no route gets 404; one whose path matches but whose method
/// does not gets 405 with an `Allow` header.
public struct HTTPRoute: Sendable {
    /// The handler's type. It runs on a thread of its own (that thread is the task's
    /// executor; see ``HTTPServer/Configuration/handlerThreadLimit``), never on the event
    /// loop that serves the connections, so a slow or blocking handler holds up only its own
    /// request, and a busy concurrency pool holds up none.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The exact path served (`/RPC2`); the query is not part of it.
    public var path: String
    /// The methods served, in upper case.
    public var methods: Set<String>
    /// The handler.
    public var handler: Handler

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - path: The exact path, starting with `/`.
    ///   - methods: The methods served (`["POST"]` by default); compared in upper case.
    ///   - handler: Makes the response for a request.
    public init(path: String, methods: Set<String> = ["POST"], handler: @escaping Handler) {
        self.path = path
        self.methods = Set(methods.map { $0.uppercased() })
        self.handler = handler
    }
}
