/// A type that wants to know its element's namespace.
///
/// The binder sets ``namespace`` when the element's start tag is read, to the namespace
/// URI the element's name is in (whatever prefix the document used), or `nil` for an
/// element in no namespace.
public protocol NamespaceAware: SendableMetatype {
    /// The namespace URI of the element this object was bound from.
    var namespace: String? { get set }
}
