// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `stored` (read and changed through the inlined `value`) is `@exclusivity(unchecked)`: a
//   state belongs to one reader (or to the parts of one reader), and readers are made per
//   parse and called on one thread, one event at a time, never reentrantly. An access to
//   `value` must not overlap another access to the same state: code that holds `value` in
//   place (`state.value.field = …`, an `inout` argument) must not reach the same state again
//   before that access ends. Readers write their fields in single statements, or pass
//   `value` `inout` to code that does not know the state.
// - `value` is inlined (`@inlinable`, `_read`/`_modify` always inlined): a stored property
//   accessed from another module is checked there whatever it declares, and a getter that
//   is not inlined copies the whole value to read one field of it.
// - Nothing else is unchecked: the value is a plain stored property, retained, released and
//   initialized as any other.
// - SafeMode: the same property without the attribute, every access checked.

/// One mutable value of an ``ElementReader``'s state, held in a `let` property.
///
/// Every access to a `var` stored property of a class is checked for exclusivity at run
/// time, which costs more than the work a reader does per tag. A reader (or a helper object
/// of one) that keeps its fields in a `ReaderState` held in a `let` pays for neither: a
/// `let` is never checked, and the state's own ``value`` is not checked either, since a
/// reader is called on one thread, one event at a time.
///
/// ```swift
/// final class DepthReader: ElementReader {
///     private struct Fields { var deepest = 0 }
///     private let fields = ReaderState(Fields())
///     func start(_ element: ReaderElement) throws {
///         if element.depth == 0 { fields.value = Fields() }
///         fields.value.deepest = max(fields.value.deepest, element.depth)
///     }
///     func end(_ element: ReaderElement, text: ReaderText) throws {}
///     func finish() throws -> Int { fields.value.deepest }
/// }
/// ```
///
/// An access to ``value`` must not overlap another access to the same state (an `inout`
/// use of `value` that reaches the same state again inside): the program does not check it.
/// In SafeMode builds it does, and stops there.
package final class ReaderState<Value> {
    #if SafeMode
        @usableFromInline var stored: Value
    #else
        @usableFromInline @exclusivity(unchecked) var stored: Value
    #endif

    /// The value.
    ///
    /// Inlined, so that the access to the stored value is the one this module compiled: a
    /// stored property read from another module is checked there, whatever it declares.
    /// Read and changed in place (`_read`, `_modify`): reading one field of a struct value
    /// copies that field, not the whole value.
    @inlinable package var value: Value {
        @inline(__always) _read { yield stored }
        @inline(__always) _modify { yield &stored }
    }

    /// Creates a state holding `value`.
    ///
    /// - Parameter value: The first value.
    package init(_ value: Value) {
        stored = value
    }
}
