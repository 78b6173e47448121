/// A type that receives its child objects itself.
///
/// When a registered child element is complete, the binder first offers it to the
/// parent's typed child key paths (`.children(_:)` and `.child(_:)` of its
/// ``ClassDefinition``); a child none of them takes is handed to
/// ``addChild(_:)`` when the parent conforms to `Ancestor`.
public protocol Ancestor: SendableMetatype {
    /// Receives a completed child object, in document order.
    ///
    /// - Parameter child: The child's object (a class instance or a struct value).
    mutating func addChild(_ child: Any)
}
