/// A header block of an envelope: an object of a registered type, and the SOAP
/// attributes written on its element.
///
/// ```swift
/// let session = SOAPHeaderBlock(Session(token: "t-1"), mustUnderstand: true)
/// ```
public struct SOAPHeaderBlock {
    /// The block's object: an instance of a type the binder has a mapping for.
    public var value: Any
    /// Whether the receiver must fail with a MustUnderstand fault when it does not
    /// handle the block (`mustUnderstand="1"` in 1.1, `"true"` in 1.2).
    public var mustUnderstand: Bool
    /// Who the block is for: `role` in SOAP 1.2, `actor` in SOAP 1.1; the ultimate
    /// receiver when `nil`.
    public var role: String?
    /// SOAP 1.2's `relay`: whether an intermediary that does not handle the block passes
    /// it on. Not written in SOAP 1.1, which has no such attribute.
    public var relay: Bool

    /// Creates a header block.
    ///
    /// - Parameters:
    ///   - value: An instance of a registered type.
    ///   - mustUnderstand: Whether the receiver must handle the block.
    ///   - role: The role (1.2) or actor (1.1) the block is for; `nil` for the ultimate receiver.
    ///   - relay: Whether a SOAP 1.2 intermediary passes an unhandled block on.
    public init(_ value: Any, mustUnderstand: Bool = false, role: String? = nil, relay: Bool = false) {
        self.value = value
        self.mustUnderstand = mustUnderstand
        self.role = role
        self.relay = relay
    }

    /// SOAP 1.2's role of every node a message passes through (`…/role/next`).
    public static let nextRole = "http://www.w3.org/2003/05/soap-envelope/role/next"
    /// SOAP 1.2's role of the message's final receiver (`…/role/ultimateReceiver`).
    public static let ultimateReceiverRole = "http://www.w3.org/2003/05/soap-envelope/role/ultimateReceiver"
    /// SOAP 1.2's role no node takes (`…/role/none`).
    public static let noneRole = "http://www.w3.org/2003/05/soap-envelope/role/none"
    /// SOAP 1.1's actor of every node a message passes through (`…/soap/actor/next`).
    public static let nextActor = "http://schemas.xmlsoap.org/soap/actor/next"
}
