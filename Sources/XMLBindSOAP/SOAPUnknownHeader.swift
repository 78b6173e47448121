import XMLBind

/// A header block no registered type took, as read from an envelope.
public struct SOAPUnknownHeader: Sendable, Hashable {
    /// The block's element name: its namespace and local name.
    public var name: SOAPQualifiedName
    /// Whether the block was marked `mustUnderstand`.
    public var mustUnderstand: Bool
    /// Its `role` (1.2) or `actor` (1.1), if any.
    public var role: String?
    /// Where the block's element is.
    public var origin: Origin?

    /// Creates the description of an unknown header block.
    ///
    /// - Parameters:
    ///   - name: The element's name.
    ///   - mustUnderstand: Whether it is marked `mustUnderstand`.
    ///   - role: Its role or actor.
    ///   - origin: Where it is.
    public init(name: SOAPQualifiedName, mustUnderstand: Bool, role: String?, origin: Origin?) {
        self.name = name
        self.mustUnderstand = mustUnderstand
        self.role = role
        self.origin = origin
    }

    /// Whether a node acting as the ultimate receiver must process the block: it is
    /// marked `mustUnderstand` and addressed to no role, `next`, or the ultimate receiver.
    public var mustBeUnderstoodByUltimateReceiver: Bool {
        guard mustUnderstand else { return false }
        guard let role, !role.isEmpty else { return true }
        return role == SOAPHeaderBlock.nextRole || role == SOAPHeaderBlock.ultimateReceiverRole
            || role == SOAPHeaderBlock.nextActor
    }
}
