import Synchronization

/// Whether the values of a property's type `V` are optionals, learned at the first value
/// written and kept.
///
/// Writing leaves a property out when its value is a `nil`, which only an optional (or an
/// `Any` holding one) can be; asking that of every value would look up a conformance per
/// value. Asking it of `V` at registration costs a dynamic cast of the metatype, which the
/// runtime answers by a lookup whose first one reads the conformance records of every
/// loaded library (730 KiB of their pages made resident in a program that binds one small
/// document; issue 35): a program that only reads would pay for writing at start-up. So it
/// is asked once, when a value of the property is first written.
@usableFromInline
final class ValueOptionality<V>: Sendable {
    /// 0 until asked; then 1 when `V` is not an optional, 2 when it is one (or `Any`). Two
    /// threads that ask at once both find the same answer.
    @usableFromInline let state = Atomic<UInt8>(0)

    @usableFromInline
    init() {}

    /// Whether `value` is a `nil` (`.some(nil)` is a value).
    @inlinable
    func isNone(_ value: V) -> Bool {
        var known = state.load(ordering: .relaxed)
        if known == 0 {
            known = learn()
        }
        return known == 2 && OptionalValue.isNone(value)
    }

    @usableFromInline
    func learn() -> UInt8 {
        let known: UInt8 = OptionalValue.isOptional(V.self) || V.self == Any.self ? 2 : 1
        state.store(known, ordering: .relaxed)
        return known
    }
}
