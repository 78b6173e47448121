/// Why an ``HTTPServer`` could not start.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    /// A sentence saying what failed and what to check.
    public var message: String

    /// Creates an error with a message.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
