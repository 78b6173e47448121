import XMLBind

/// A general entity declared by a DTD (`<!ENTITY name …>`). Parameter entities are
/// expanded while reading and are not kept.
public struct DTDEntity: Sendable, Hashable {
    /// Where an entity's text is.
    public enum Value: Sendable, Hashable {
        /// The replacement text, character references expanded.
        case text(String)
        /// An external entity: its system identifier (never read) and public identifier.
        case external(systemID: String, publicID: String?)
        /// An unparsed entity: its system identifier and notation.
        case unparsed(systemID: String, publicID: String?, notation: String)
    }

    /// The entity's name.
    public var name: String
    /// Its text or where it is.
    public var value: Value
    /// Where the declaration starts.
    public var origin: Origin?

    /// Creates an entity declaration.
    ///
    /// - Parameters:
    ///   - name: The entity's name.
    ///   - value: Its text or where it is.
    ///   - origin: Where it is declared.
    public init(name: String, value: Value, origin: Origin? = nil) {
        self.name = name
        self.value = value
        self.origin = origin
    }
}
