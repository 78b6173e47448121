import XMLBind

/// Why a SOAP exchange failed, other than by a fault: the answer was not a SOAP envelope,
/// not in the expected version, or its body did not bind.
///
/// Shaped like `XMLBindError` and `XMLRPCError`: a ``code`` to tell the cases
/// apart, a ``message``, an ``origin``, the binder's located ``diagnostics`` and, where
/// HTTP is involved, the ``httpStatus``. A fault the peer sent is not a `SOAPError` but a
/// ``SOAPFault``, an error type of its own.
///
/// ```swift
/// do { _ = try reader.read(data, file: "reply.xml") } catch let error as SOAPError {
///     if error.code == .malformedEnvelope { print(error) }   // reply.xml:4:30: error: …
/// }
/// ```
public struct SOAPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; new kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case transport, notSOAP, versionMismatch, malformedEnvelope, unexpectedBody, encoding, registration
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The request could not be sent, or no answer came (includes timeouts).
        public static let transport = Code(.transport)
        /// The answer was not a SOAP message: another content type, an empty body, an HTML
        /// error page.
        public static let notSOAP = Code(.notSOAP)
        /// The envelope was in the other SOAP version.
        public static let versionMismatch = Code(.versionMismatch)
        /// The envelope or its body did not bind; ``SOAPError/diagnostics`` has the binder's
        /// diagnostics.
        public static let malformedEnvelope = Code(.malformedEnvelope)
        /// The body held another element than the one asked for, or none.
        public static let unexpectedBody = Code(.unexpectedBody)
        /// The message could not be written (an object of an unregistered type, or text XML
        /// cannot hold).
        public static let encoding = Code(.encoding)
        /// The binder given to the reader, client or service cannot also hold the envelope's
        /// own mappings (a mapping of its own would take an envelope or fault element two
        /// ways); the message has the registration's problems. Every message read with it
        /// fails so, before any byte is read.
        public static let registration = Code(.registration)

        /// The code's name (`transport`, `notSOAP`, …).
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence saying what went wrong, with the HTTP status and the start of the body
    /// where they help; without location.
    public var message: String
    /// Where in the message the problem is, when known.
    public var origin: Origin?
    /// The binder's located diagnostics, for ``Code/malformedEnvelope`` and
    /// ``Code/encoding``; empty when there are none.
    public var diagnostics: [Diagnostic]
    /// The HTTP status of the answer, when there was one.
    public var httpStatus: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure.
    ///   - message: A sentence saying what went wrong.
    ///   - origin: Where in the message, if known.
    ///   - diagnostics: The binder's diagnostics, if any.
    ///   - httpStatus: The HTTP status of the answer, if any.
    public init(
        code: Code, message: String, origin: Origin? = nil, diagnostics: [Diagnostic] = [], httpStatus: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.origin = origin
        self.diagnostics = diagnostics
        self.httpStatus = httpStatus
    }

    /// `file:line:column: error: message` (or `error: message` when not located), then the
    /// binder's diagnostics as a compiler prints them, each with its source line.
    public var description: String {
        var text = origin.map { "\($0): error: \(message)" } ?? "error: \(message)"
        if !diagnostics.isEmpty { text += "\n" + XMLBindError(diagnostics: diagnostics).description }
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
