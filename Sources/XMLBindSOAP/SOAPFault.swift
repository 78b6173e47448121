import XMLBind

/// A SOAP fault, as an error: what a service answered instead of a result, or what a
/// service operation throws to answer with a fault.
///
/// One type stands for both versions. A SOAP 1.1 `faultcode` of `Client` or `Server` and
/// a SOAP 1.2 `Code/Value` of `Sender` or `Receiver` are the same ``code``; the name as
/// sent is ``codeName``. The detail's first registered object is ``detail``; read it
/// with ``detail(as:)``. A fault about a header block of the request carries its details
/// in header blocks of the fault's envelope instead (SOAP 1.1 §4.4, WSDL's
/// `soap:headerfault`): they are ``headers``; read one with ``header(as:)``.
///
/// ```swift
/// do {
///     _ = try await client.call(action: "divide", body: Divide(a: 1, b: 0), as: DivideResponse.self)
/// } catch let fault as SOAPFault {
///     print(fault.code, fault.reason, fault.detail(as: MathError.self)?.message ?? "")
/// }
/// ```
///
/// `@unchecked Sendable`: the detail object is made by the parse that reads the fault (or
/// by the operation that throws it) and only handed on, never changed by the library.
public struct SOAPFault: Error, @unchecked Sendable, CustomStringConvertible {
    /// The kind of fault, the same in both versions.
    public enum Code: Sendable, Hashable, CustomStringConvertible {
        /// The envelope was in another SOAP version's namespace.
        case versionMismatch
        /// A `mustUnderstand` header block was not handled.
        case mustUnderstand
        /// SOAP 1.2's `DataEncodingUnknown`.
        case dataEncodingUnknown
        /// The message was wrong: `Client` in SOAP 1.1, `Sender` in SOAP 1.2.
        case sender
        /// The receiver failed: `Server` in SOAP 1.1, `Receiver` in SOAP 1.2.
        case receiver
        /// A code of SOAP 1.1 outside the standard four: a code in another namespace, or a
        /// dotted code in the 1.1 envelope namespace (`Client.Authentication`). Written as
        /// such in 1.1; in 1.2 (which allows only its own codes at the top) as a subcode,
        /// under `Sender` for a 1.1 `Client.…` code and `Receiver` for any other.
        case other(SOAPQualifiedName)

        /// The code's name: `Sender`, `MustUnderstand`, or a custom code in Clark notation.
        public var description: String {
            switch self {
            case .versionMismatch: "VersionMismatch"
            case .mustUnderstand: "MustUnderstand"
            case .dataEncodingUnknown: "DataEncodingUnknown"
            case .sender: "Sender"
            case .receiver: "Receiver"
            case .other(let name): name.description
            }
        }
    }

    /// A reason in one language (SOAP 1.2's `Reason/Text` with its `xml:lang`).
    public struct Reason: Sendable, Hashable {
        /// The language, such as `en`; `nil` when not given (SOAP 1.1's `faultstring`).
        public var language: String?
        /// The text.
        public var text: String

        /// Creates a reason.
        ///
        /// - Parameters:
        ///   - text: The text.
        ///   - language: Its language.
        public init(_ text: String, language: String? = "en") {
            self.text = text
            self.language = language
        }
    }

    /// The kind of fault.
    public var code: Code
    /// The fault code as sent (`faultcode`, or 1.2's `Code/Value`), resolved to its
    /// namespace; the envelope namespace's own names for the standard codes.
    public var codeName: SOAPQualifiedName?
    /// SOAP 1.2's `Subcode` chain, outermost first; a SOAP 1.1 code such as
    /// `Client.Authentication` keeps its full name in ``codeName`` instead.
    public var subcodes: [SOAPQualifiedName]
    /// The reasons, in document order (at least one when read).
    public var reasons: [Reason]
    /// SOAP 1.1's `faultactor`, or SOAP 1.2's `Node`: the node that faulted.
    public var node: String?
    /// SOAP 1.2's `Role`: the role the faulting node acted in.
    public var role: String?
    /// The detail's first object of a registered type, if any.
    public var detail: Any?
    /// The detail's own text (trimmed), when it has text rather than elements.
    public var detailText: String?
    /// The version the fault was read in, or `nil` for a fault made by code.
    public var version: SOAPVersion?
    /// Where the `Fault` element is in the response, when read.
    public var origin: Origin?
    /// The header blocks that go with the fault, in order: read from the `Header` of the
    /// envelope that carries it, and written there when a service answers with it. SOAP
    /// puts the details of a fault about a request's header block here rather than in the
    /// detail (WSDL's `soap:headerfault`).
    public var headers: [SOAPHeaderBlock] = []

    /// Creates a fault to throw from a service operation.
    ///
    /// - Parameters:
    ///   - code: The kind of fault; ``Code/sender`` for a bad request.
    ///   - reason: A reason a person can read.
    ///   - subcodes: SOAP 1.2 subcodes, outermost first (not written in 1.1).
    ///   - detail: An object of a type the service's binder has a mapping for.
    ///   - node: The faulting node's URI.
    ///   - role: The role it acted in (1.2 only).
    ///   - headers: Header blocks to answer with beside the fault: the details of a fault
    ///     about a request's header block.
    public init(
        code: Code, reason: String, subcodes: [SOAPQualifiedName] = [], detail: Any? = nil, node: String? = nil,
        role: String? = nil, headers: [SOAPHeaderBlock] = []
    ) {
        self.code = code
        self.codeName = nil
        self.subcodes = subcodes
        self.reasons = [Reason(reason)]
        self.node = node
        self.role = role
        self.detail = detail
        self.headers = headers
    }

    /// A fault for a request the sender got wrong (`Client` in 1.1, `Sender` in 1.2).
    ///
    /// - Parameters:
    ///   - reason: A reason a person can read.
    ///   - detail: An object of a registered type, or `nil`.
    /// - Returns: The fault.
    public static func sender(_ reason: String, detail: Any? = nil) -> SOAPFault {
        SOAPFault(code: .sender, reason: reason, detail: detail)
    }

    /// A fault for a failure of the service (`Server` in 1.1, `Receiver` in 1.2).
    ///
    /// - Parameters:
    ///   - reason: A reason a person can read.
    ///   - detail: An object of a registered type, or `nil`.
    /// - Returns: The fault.
    public static func receiver(_ reason: String, detail: Any? = nil) -> SOAPFault {
        SOAPFault(code: .receiver, reason: reason, detail: detail)
    }

    /// The first reason's text (SOAP 1.1's `faultstring`).
    public var reason: String { reasons.first?.text ?? "" }

    /// The detail object as the given type, if it is one.
    ///
    /// - Parameter type: A registered type the caller expects as the detail.
    /// - Returns: The detail, or `nil` when there is none or it is of another type.
    public func detail<D>(as type: D.Type) -> D? {
        detail as? D
    }

    /// The first header block that goes with the fault whose object is of the given type.
    ///
    /// - Parameter type: A registered header block type.
    /// - Returns: The block's object, or `nil` when no block is of that type.
    public func header<H>(as type: H.Type) -> H? {
        headers.lazy.compactMap { $0.value as? H }.first
    }

    /// `SOAP fault Sender: reason`, with the origin when the fault was read.
    public var description: String {
        let place = origin.map { "\($0): " } ?? ""
        let subcodes = self.subcodes.isEmpty ? "" : " (" + self.subcodes.map(\.localName).joined(separator: ", ") + ")"
        return "\(place)SOAP fault \(codeName?.localName ?? code.description)\(subcodes): \(reason)"
    }
}
