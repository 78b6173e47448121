import Foundation
import XMLBind

/// Why an XML-RPC call, response or request failed.
///
/// ``code`` tells the cases apart: a ``Code/fault`` the server sent (``faultCode`` and
/// ``faultString``), an ``Code/httpStatus`` other than 200, a ``Code/transport`` failure
/// (no connection, timeout), a ``Code/malformedResponse`` (not XML-RPC, with the located
/// ``diagnostics`` of the binder), an ``Code/unexpectedResponse`` (well-formed, but not what
/// the caller asked for: a missing member, another type), and an ``Code/encoding`` error (a
/// parameter XML-RPC cannot carry). ``description`` is a message a person can act on; for
/// located errors it prints like a compiler, with the source line.
///
/// A handler of an ``XMLRPCDispatcher`` throws ``fault(code:_:)`` to send a fault.
public struct XMLRPCError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; new kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case fault, httpStatus, transport, malformedResponse, unexpectedResponse, encoding
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The server answered with a `<fault>`.
        public static let fault = Code(.fault)
        /// The server answered with an HTTP status other than 200.
        public static let httpStatus = Code(.httpStatus)
        /// The request did not reach the server or the answer did not come back.
        public static let transport = Code(.transport)
        /// The answer is not a well-formed XML-RPC document.
        public static let malformedResponse = Code(.malformedResponse)
        /// The answer is XML-RPC, but not of the shape the caller asked for.
        public static let unexpectedResponse = Code(.unexpectedResponse)
        /// A value cannot be written as XML-RPC.
        public static let encoding = Code(.encoding)

        /// The code's name (`fault`, `httpStatus`, …).
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The message, without location.
    public var message: String
    /// Where in the document the problem is, when known.
    public var origin: Origin?
    /// The binder's located diagnostics (for ``Code/malformedResponse`` and, when the
    /// value's place is known, ``Code/unexpectedResponse``); empty when there are none.
    public var diagnostics: [Diagnostic]
    /// The HTTP status, for ``Code/httpStatus``.
    public var httpStatus: Int?
    /// The fault's code, for ``Code/fault``.
    public var faultCode: Int?
    /// The fault's string, for ``Code/fault``.
    public var faultString: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure.
    ///   - message: The message, without location.
    ///   - origin: Where in the document, if known.
    ///   - diagnostics: The binder's diagnostics, if any.
    ///   - httpStatus: The HTTP status, if any.
    ///   - faultCode: A fault's code.
    ///   - faultString: A fault's string.
    public init(
        code: Code, message: String, origin: Origin? = nil, diagnostics: [Diagnostic] = [], httpStatus: Int? = nil,
        faultCode: Int? = nil, faultString: String? = nil
    ) {
        self.code = code
        self.message = message
        self.origin = origin
        self.diagnostics = diagnostics
        self.httpStatus = httpStatus
        self.faultCode = faultCode
        self.faultString = faultString
    }

    /// A fault, as a dispatcher's handler throws it and a client receives it.
    ///
    /// - Parameters:
    ///   - code: The fault code.
    ///   - string: The fault string.
    public static func fault(code: Int, _ string: String) -> XMLRPCError {
        XMLRPCError(code: .fault, message: "fault \(code): \(string)", faultCode: code, faultString: string)
    }

    /// A value that cannot be written as XML-RPC.
    static func encoding(_ message: String) -> XMLRPCError {
        XMLRPCError(code: .encoding, message: message)
    }

    /// A document the binder refused: its diagnostics give the place.
    static func malformed(_ error: XMLBindError, what: String) -> XMLRPCError {
        XMLRPCError(
            code: .malformedResponse, message: "malformed \(what): \(error.message)", origin: error.origin,
            diagnostics: error.diagnostics)
    }

    /// The message; for located errors, the diagnostics as a compiler prints them
    /// (`file:line:column: error: message` and the source line), or the origin before the
    /// message.
    public var description: String {
        guard !diagnostics.isEmpty else { return origin.map { "\($0): error: \(message)" } ?? message }
        let rendered = XMLBindError(diagnostics: diagnostics).description
        return code == .malformedResponse ? "malformed XML-RPC document:\n" + rendered : rendered
    }
}
