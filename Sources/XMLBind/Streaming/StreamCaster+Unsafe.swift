// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - The reference handed in is owned by the caller (retained once, by the stream's queue)
//   and taken over here exactly once (`takeRetainedValue()`), whether or not the object is
//   an `Element`.
// - Every object is made an `Element` by a checked cast (`as?`): nothing is reinterpreted.

/// Hands streamed class instances out as the stream's `Element`, by a checked cast each.
///
/// A cast of a class instance to a protocol existential looks the conformance up in the
/// runtime's cache every time; the runtime keeps that cache, so the cast costs a lookup,
/// not a search, and needs no knowledge of how an existential is laid out.
final class StreamCaster<Element> {
    /// `object` as an `Element`, or `nil` when it is not one; takes over the reference.
    func cast(taking object: Unmanaged<AnyObject>) -> Element? {
        object.takeRetainedValue() as? Element
    }

    /// Hands `object` to `body` as an `Element`; `nil` when it is not one. Takes over the
    /// reference.
    func hand(taking object: Unmanaged<AnyObject>, to body: (Element) throws -> StreamAction) rethrows
        -> StreamAction?
    {
        guard let value = object.takeRetainedValue() as? Element else { return nil }
        return try body(value)
    }
}
