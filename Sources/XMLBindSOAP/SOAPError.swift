import XMLBind

/// Why a SOAP exchange failed, other than by a fault: the answer was not a SOAP envelope,
/// not in the expected version, or its body did not bind.
public struct SOAPError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The request could not be sent, or no answer came (includes timeouts).
        case transport
        /// The answer was not a SOAP message: another content type, an empty body, an
        /// HTML error page.
        case notSOAP
        /// The envelope was in the other SOAP version.
        case versionMismatch
        /// The envelope or its body did not bind; ``SOAPError/bindError`` has the
        /// diagnostics.
        case malformedEnvelope
        /// The body held another element than the one asked for, or none.
        case unexpectedBody
        /// The message could not be written (an object of an unregistered type, or text
        /// XML cannot hold).
        case encoding
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence saying what went wrong, with the HTTP status and the start of the body
    /// where they help.
    public var message: String
    /// The HTTP status of the answer, when there was one.
    public var statusCode: Int?
    /// The binder's diagnostics, for ``Kind/malformedEnvelope`` and ``Kind/encoding``.
    public var bindError: XMLBindError?
    /// Where in the message the problem is, when known.
    public var origin: Origin?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: A sentence saying so.
    ///   - statusCode: The HTTP status, if any.
    ///   - bindError: The binder's diagnostics, if any.
    ///   - origin: Where in the message, if known.
    public init(
        _ kind: Kind, _ message: String, statusCode: Int? = nil, bindError: XMLBindError? = nil, origin: Origin? = nil
    ) {
        self.kind = kind
        self.message = message
        self.statusCode = statusCode
        self.bindError = bindError
        self.origin = origin
    }

    /// The message, then the binder's diagnostics (each with its source line) if any.
    public var description: String {
        var text = origin.map { "\($0): error: \(message)" } ?? "error: \(message)"
        if let bindError { text += "\n" + bindError.description }
        return text
    }

    /// The start of a body, for messages: at most `limit` characters, on one line.
    static func excerpt(of data: [UInt8], limit: Int = 200) -> String {
        if data.isEmpty { return "(empty body)" }
        let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
        let flat = text.prefix(limit).map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : String($0) }.joined()
        return "\"" + flat + (text.count > limit ? "…" : "") + "\""
    }
}
