/// A type that gives the writer the child objects it keeps its own way.
///
/// The counterpart of ``Ancestor`` for writing: an `Ancestor` receives the children
/// that no `.children(_:)` or `.child(_:)` key path takes, and stores them as it likes;
/// a `ChildrenProvider` hands them back. The writer writes them after the children of
/// the mapping's own key paths, in the order given, each as the element its type is
/// registered for.
///
/// ```swift
/// final class Configuration: Bindable, Ancestor, ChildrenProvider {
///     var definitions: [Define] = []
///     var imports: [Import] = []
///     func addChild(_ child: Any) {
///         if let define = child as? Define { definitions.append(define) }
///         if let imported = child as? Import { imports.append(imported) }
///     }
///     var childrenToWrite: [Any] { imports + definitions }
/// }
/// ```
public protocol ChildrenProvider: SendableMetatype {
    /// The child objects to write, in order.
    var childrenToWrite: [Any] { get }
}
