// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - Standard-library internals that are memory-safe but not public API: `_getSuperclass`
//   and `_typeName`. Used at registration and for messages only; the same in SafeMode
//   (no public API answers either question for a type without an instance).

/// What the runtime knows about a type: its superclass and its name.
enum TypeReflection {
    /// The direct superclass of `type`, or `nil` for a root class.
    static func superclass(of type: AnyClass) -> AnyClass? {
        _getSuperclass(type)
    }

    /// The type's name as the runtime spells it, without its module (`Bean`, `[Bean]`).
    static func name(of type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }
}
