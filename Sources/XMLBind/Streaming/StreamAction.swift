/// What a streaming closure tells the binder after it has handled one object.
///
/// ```swift
/// try binder.stream(contentsOf: url, as: Item.self) { item in
///     items.append(item)
///     return items.count < 10 ? .continue : .stop
/// }
/// ```
public enum StreamAction: Sendable, Hashable {
    /// Go on reading and handing out objects.
    case `continue`
    /// Stop at once: nothing more is read, no further object is handed out, and the
    /// stream returns normally with the warnings found so far.
    case stop
}
