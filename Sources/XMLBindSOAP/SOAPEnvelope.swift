import XMLBind

/// A SOAP envelope: a body, header blocks, and the version it is written in.
///
/// The seed's form takes a ``SOAPMessage``; the typed form takes an object of any
/// registered type as the body, and header blocks that are registered types too:
///
/// ```swift
/// let request = SOAPEnvelope(soapMessage: SOAPMessage(soapAction: "add", nameSpace: "urn:calc")
///     .adding("a", 2).adding("b", 3), soapVersion: .version1point1)
/// let typed = SOAPEnvelope(body: Add(a: 2, b: 3), headers: [SOAPHeaderBlock(Session(token: "t"))],
///     version: .version1point2)
/// let data = try typed.data(using: binder)
/// ```
public struct SOAPEnvelope {
    /// What the body holds.
    public enum Body {
        /// A seed-style message with named parameters.
        case message(SOAPMessage)
        /// An object of a registered type.
        case object(Any)
        /// A fault.
        case fault(SOAPFault)
    }

    /// The body.
    public var body: Body
    /// The header blocks, in order; no `Header` element is written when there are none.
    public var headers: [SOAPHeaderBlock]
    /// The SOAP version.
    public var version: SOAPVersion
    /// An `encodingStyle` to write on the envelope, such as
    /// ``SOAPVersion/encodingNamespace``; none is written unless set (document/literal
    /// messages have none).
    public var encodingStyle: String?
    /// The SOAP action sent with the message: the seed message's action, when not set.
    public var action: String?
    /// Where the envelope's root element is, when it was read.
    public var origin: Origin?
    /// Header blocks of a read envelope that no registered type took.
    public var unknownHeaders: [SOAPUnknownHeader] = []

    /// Creates an envelope around a seed-style message.
    ///
    /// - Parameters:
    ///   - soapMessage: The operation and its parameters.
    ///   - soapVersion: ``SOAPVersion/version1point1`` or ``SOAPVersion/version1point2``.
    public init(soapMessage: SOAPMessage, soapVersion: SOAPVersion = .version1point1) {
        self.body = .message(soapMessage)
        self.headers = []
        self.version = soapVersion
        self.action = soapMessage.soapAction
    }

    /// Creates an envelope whose body is an object of a registered type.
    ///
    /// - Parameters:
    ///   - body: The body's object; its mapping gives the element.
    ///   - headers: Header blocks, in order.
    ///   - version: The SOAP version.
    ///   - action: The SOAP action to send, if any.
    public init(
        body: Any, headers: [SOAPHeaderBlock] = [], version: SOAPVersion = .version1point1, action: String? = nil
    ) {
        self.body = .object(body)
        self.headers = headers
        self.version = version
        self.action = action
    }

    /// Creates an envelope that carries a fault, with the fault's header blocks
    /// (``SOAPFault/headers``) in its `Header`.
    ///
    /// - Parameters:
    ///   - fault: The fault.
    ///   - version: The SOAP version.
    public init(fault: SOAPFault, version: SOAPVersion) {
        self.body = .fault(fault)
        self.headers = fault.headers
        self.version = version
    }

    /// The body's object, when the body is an object.
    public var bodyObject: Any? {
        if case .object(let object) = body { return object }
        return nil
    }

    /// The header blocks' objects whose type is `H`.
    ///
    /// - Parameter type: A registered header block type.
    /// - Returns: The blocks of that type, in document order.
    public func headers<H>(of type: H.Type) -> [H] {
        headers.compactMap { $0.value as? H }
    }

    /// The `Content-Type` to send this envelope with.
    public var contentType: String { version.contentType(action: action) }
}
