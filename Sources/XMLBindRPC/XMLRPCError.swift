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
    /// The fault's code, for ``Code/fault``.
    public var faultCode: Int?
    /// The fault's string, for ``Code/fault``.
    public var faultString: String?
    /// The HTTP status, for ``Code/httpStatus``.
    public var httpStatus: Int?
    /// Where in the document the problem is, with the binder's diagnostics (for
    /// ``Code/malformedResponse`` and, when the value's place is known, ``Code/unexpectedResponse``).
    public var diagnostics: XMLBindError?

    /// Creates an error.
    public init(
        code: Code, message: String, faultCode: Int? = nil, faultString: String? = nil, httpStatus: Int? = nil,
        diagnostics: XMLBindError? = nil
    ) {
        self.code = code
        self.message = message
        self.faultCode = faultCode
        self.faultString = faultString
        self.httpStatus = httpStatus
        self.diagnostics = diagnostics
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
        XMLRPCError(code: .malformedResponse, message: "malformed \(what): \(error.message)", diagnostics: error)
    }

    /// The message; for located errors, the diagnostics as a compiler prints them.
    public var description: String {
        guard let diagnostics else { return message }
        let rendered = diagnostics.description
        return code == .malformedResponse ? "malformed XML-RPC document:\n" + rendered : rendered
    }
}
