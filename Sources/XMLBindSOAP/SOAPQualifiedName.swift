/// A name in a namespace, as fault codes are: `soap:Client` read as the envelope
/// namespace and `Client`.
public struct SOAPQualifiedName: Sendable, Hashable, CustomStringConvertible {
    /// The namespace URI; `nil` for a name in no namespace.
    public var namespace: String?
    /// The local name.
    public var localName: String

    /// Creates a qualified name.
    ///
    /// - Parameters:
    ///   - namespace: The namespace URI, or `nil`.
    ///   - localName: The local name.
    public init(namespace: String?, localName: String) {
        self.namespace = namespace
        self.localName = localName
    }

    /// Clark notation: `{uri}local`, or `local` without a namespace.
    public var description: String {
        namespace.map { "{\($0)}\(localName)" } ?? localName
    }
}
