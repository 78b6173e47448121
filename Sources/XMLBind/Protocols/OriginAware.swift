/// A type that wants to know where in the document it came from.
///
/// The binder sets ``origin`` when the element's start tag is read: the file (when
/// known), and the 1-based line and column of the start tag's `<`.
public protocol OriginAware: SendableMetatype {
    /// Where the element that this object was bound from starts.
    var origin: Origin? { get set }
}
