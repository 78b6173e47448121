import Foundation

/// A scalar a direct typed decode stores straight from a `<value>`'s payload, without making
/// the value's ``CompactValue``: each reads exactly what its ``WireScalar/read(_:)`` reads.
protocol PayloadScalar: SendableMetatype {
    /// The value `payload` holds as this type, or nil when it holds another.
    static func read(payload: CompactValue.Payload) -> Self?
    /// Stores the value `payload` holds; each type writes `storePayload(payload, in: &object, at: keyPath)`.
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool
    /// As ``store(_:in:at:)`` for an optional property; each type writes
    /// `storeOptionalPayload(payload, in: &object, at: keyPath)`.
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool
}

/// Stores a scalar member's payload into its property; false when the payload holds another type.
typealias PayloadStore<Root> = @Sendable (inout Root, CompactValue.Payload) -> Bool

/// Stores the value `payload` holds into the property at `keyPath`; false when it holds another
/// type. Inlined into each scalar's ``PayloadScalar/store(_:in:at:)``, where `S` is concrete.
@inline(__always)
func storePayload<S: PayloadScalar, Root>(
    _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, S>
) -> Bool {
    guard let value = S.read(payload: payload) else { return false }
    object[keyPath: keyPath] = value
    return true
}

/// As ``storePayload(_:in:at:)`` for an optional property: `<nil/>` stores nil.
@inline(__always)
func storeOptionalPayload<S: PayloadScalar, Root>(
    _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, S?>
) -> Bool {
    if case .nil = payload {
        object[keyPath: keyPath] = nil
        return true
    }
    guard let value = S.read(payload: payload) else { return false }
    object[keyPath: keyPath] = value
    return true
}

extension PayloadScalar {
    /// The store of a member of this type (or, with `optional`, of its optional: `<nil/>` stores
    /// nil). The closure only calls ``store(_:in:at:)``, which each type compiles for itself:
    /// generic code that handles a `Self?` looks up its metadata on every call.
    static func payloadStore<Root>(_ keyPath: Any, optional: Bool) -> PayloadStore<Root>? {
        if optional {
            guard let path = (keyPath as? MemberKeyPath<Root, Self?>)?.keyPath else { return nil }
            return { object, payload in storeOptional(payload, in: &object, at: path) }
        }
        guard let path = (keyPath as? MemberKeyPath<Root, Self>)?.keyPath else { return nil }
        return { object, payload in store(payload, in: &object, at: path) }
    }
}

/// An optional of a ``PayloadScalar``.
protocol OptionalPayloadScalar {
    static func payloadStore<Root>(_ keyPath: Any) -> PayloadStore<Root>?
}

extension Optional: OptionalPayloadScalar where Wrapped: PayloadScalar {
    static func payloadStore<Root>(_ keyPath: Any) -> PayloadStore<Root>? {
        Wrapped.payloadStore(keyPath, optional: true)
    }
}

/// The payload store of a member of type `V`, when `V` is a ``PayloadScalar`` or its optional.
func payloadStore<Root, V>(_ keyPath: MemberKeyPath<Root, V>) -> PayloadStore<Root>? {
    if let scalar = V.self as? any PayloadScalar.Type { return scalar.payloadStore(keyPath, optional: false) }
    if let optional = V.self as? any OptionalPayloadScalar.Type { return optional.payloadStore(keyPath) }
    return nil
}

extension Int32: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Int32? {
        switch payload {
        case .int(let number), .i4(let number): number
        default: nil
        }
    }
}

extension Int64: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Int64? {
        switch payload {
        case .int(let number), .i4(let number): Int64(number)
        case .i8(let number), .extensionI8(let number): number
        default: nil
        }
    }
}

extension Int: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Int? {
        Int64.read(payload: payload).flatMap { Int(exactly: $0) }
    }
}

extension Bool: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Bool? {
        if case .boolean(let flag) = payload { return flag }
        return nil
    }
}

extension String: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> String? {
        switch payload {
        case .string(let text), .text(let text): text
        default: nil
        }
    }
}

extension Double: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Double? {
        if case .double(let number) = payload { return number }
        return Int64.read(payload: payload).map(Double.init)
    }
}

extension Date: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Date? {
        if case .dateTime(let date) = payload { return date }
        return nil
    }
}

extension Data: PayloadScalar {
    static func store<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>
    ) -> Bool {
        storePayload(payload, in: &object, at: keyPath)
    }
    static func storeOptional<Root>(
        _ payload: CompactValue.Payload, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool {
        storeOptionalPayload(payload, in: &object, at: keyPath)
    }
    static func read(payload: CompactValue.Payload) -> Data? {
        if case .base64(let data) = payload { return data }
        return nil
    }
}
