/// Tells a `nil` optional from a value, for values whose type is only known generically.
///
/// A property of type `V` may be an `Optional` (then a `nil` value is written as nothing)
/// or not; one dynamic cast on the writing side says which.
@usableFromInline
enum OptionalValue {
    /// Whether `value` is an `Optional` holding `nil` (`.some(nil)` is a value).
    @usableFromInline
    static func isNone<V>(_ value: V) -> Bool {
        (value as? any OptionalMarker)?.isNone ?? false
    }

    /// Whether `type` is an `Optional`: a value of any other type is never `nil`.
    @usableFromInline
    static func isOptional<V>(_ type: V.Type) -> Bool {
        type is any OptionalMarker.Type
    }

    /// The value inside any levels of `Optional`, or `nil` when one of them is `nil`.
    static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalMarker else { return value }
        return optional.wrappedAny.flatMap(unwrapped)
    }

    /// The type inside any levels of `Optional`: `Int` for `Int??`.
    static func wrappedType(_ type: Any.Type) -> Any.Type {
        guard let optional = type as? any OptionalMarker.Type else { return type }
        return wrappedType(optional.wrappedType)
    }
}

private protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
    var isNone: Bool { get }
    var wrappedAny: Any? { get }
}

extension Optional: OptionalMarker {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
    fileprivate var isNone: Bool { self == nil }
    fileprivate var wrappedAny: Any? { self.map { $0 } }
}
