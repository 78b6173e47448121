/// How the engine creates and reaches objects of one mapped type.
///
/// Made in inlinable code (by ``mapping(_:element:namespace:)``), so that its closures
/// are specialised in the module where the type is concrete: creating a `Bean` is then a
/// direct allocation, not a generic call through witness tables. Which of the protocols
/// ``OriginAware``, ``ByteOffsetAware``, ``NamespaceAware``, ``AttributeContainer``,
/// ``Ancestor`` and ``ChildrenProvider`` the type conforms to is learned once, here, from
/// an instance and its metatype (see TypeAccess+Capabilities.swift): a type that wants
/// none of them pays nothing per element, and one that does is reached without a cast per
/// element.
@usableFromInline
final class TypeAccess: Sendable {
    @usableFromInline let type: Any.Type
    @usableFromInline let isClass: Bool
    /// A new instance (a class instance, or a struct in a box), with the reference handed
    /// over as the engine keeps it (no retain and release around the hand-over).
    @usableFromInline let makeRetainedObject: @Sendable () -> HeldObject
    /// The finished object's value, for its parent or the caller.
    @usableFromInline let value: @Sendable (AnyObject) -> Any
    /// A fresh value, to test which child slots the type fits.
    @usableFromInline let makeSampleValue: @Sendable () -> Any
    /// `nil` when the type is not ``OriginAware``. Takes the origin's parts (file, line,
    /// column), so that its `Origin` is made once, in place: the file is retained once.
    @usableFromInline let setOrigin: (@Sendable (AnyObject, String?, Int, Int) -> Void)?
    /// `nil` when the type is not ``ByteOffsetAware``.
    @usableFromInline let setByteOffset: (@Sendable (AnyObject, Int) -> Void)?
    /// `nil` when the type is not ``NamespaceAware``. The URI is only made when asked for.
    @usableFromInline let setNamespace: (@Sendable (AnyObject, () -> String?) -> Void)?
    /// Whether the type is an ``AttributeContainer``.
    @usableFromInline let keepsAttributes: Bool
    /// Hands an unmapped attribute to an ``AttributeContainer``; does nothing for others.
    @usableFromInline let addAttribute: @Sendable (AnyObject, XMLAttribute) -> Void
    /// Offers a child to an ``Ancestor``; `false` when the type is not one.
    @usableFromInline let addChild: @Sendable (AnyObject, Any) -> Bool
    /// Whether the type takes children itself (``Ancestor`` or ``ChildrenProvider``), for
    /// the registration checks of declarations that must place every child themselves.
    @usableFromInline let takesChildren: Bool

    // Writing.

    /// Holds a value the way the engine does (the instance, or a box), or `nil` when the
    /// value is not a `T`.
    @usableFromInline let box: @Sendable (Any) -> AnyObject?
    /// Each is `nil` when the type does not conform to the protocol.
    @usableFromInline let readNamespace: (@Sendable (AnyObject) -> String?)?
    @usableFromInline let readAttributes: (@Sendable (AnyObject) -> [XMLAttribute])?
    @usableFromInline let readChildren: (@Sendable (AnyObject) -> [Any])?

    /// A new instance, as ``makeRetainedObject`` makes it, owned by the caller.
    @usableFromInline
    func makeObject() -> AnyObject {
        makeRetainedObject().take()
    }

    @inlinable
    init<T: Bindable>(_ type: T.Type) {
        let isClass = T.self is AnyClass
        self.type = T.self
        self.isClass = isClass
        // One closure only: a second one making the same object would be merged with it
        // by the compiler, leaving the engine's a thunk that calls the other.
        if isClass {
            makeRetainedObject = { HeldObject(retaining: ObjectStorage.reference(to: T())) }
            box = { value in (value as? T).map { ObjectStorage.reference(to: $0) } }
        } else {
            makeRetainedObject = { HeldObject(retaining: StructBox(T())) }
            box = { value in (value as? T).map { StructBox($0) } }
        }
        value = { ObjectStorage.value($0, as: T.self, isClass: isClass) }
        makeSampleValue = { T() }
        // Each protocol is asked of an instance first, and of `T.self` only when the answer
        // is yes. Where `T` is concrete and the compiler sees every conformance it can have
        // (a type that is not public, in a module compiled whole, as in release builds), it
        // answers the instance's cast at compile time, no as well as yes; the metatype's cast
        // it answers only when yes. A cast left to the runtime looks the protocol up for the
        // type, and its first lookup reads the conformance records of every loaded library:
        // 730 KiB of their pages made resident in a program that binds one small document,
        // and some 150,000 instructions a lookup (issue 35; the Performance article,
        // "Foundation and start-up"). Each protocol is found for `T` itself (a subclass's own
        // conformance, not its base class's), and the opened type `U` is `T`: the engine
        // creates exactly `T`. The compiler specialises the closures for a concrete `T`, so
        // that they store straight into the property.
        let sample = T()
        if sample is any OriginAware, let origin = T.self as? any OriginAware.Type {
            setOrigin = Self.originSetter(origin, isClass: isClass)
        } else {
            setOrigin = nil
        }
        if sample is any ByteOffsetAware, let offset = T.self as? any ByteOffsetAware.Type {
            setByteOffset = Self.byteOffsetSetter(offset, isClass: isClass)
        } else {
            setByteOffset = nil
        }
        if sample is any NamespaceAware, let namespace = T.self as? any NamespaceAware.Type {
            setNamespace = Self.namespaceSetter(namespace, isClass: isClass)
            readNamespace = Self.namespaceReader(namespace, isClass: isClass)
        } else {
            setNamespace = nil
            readNamespace = nil
        }
        if sample is any AttributeContainer, let container = T.self as? any AttributeContainer.Type {
            keepsAttributes = true
            addAttribute = Self.attributeAdder(container, isClass: isClass)
            readAttributes = Self.attributeReader(container, isClass: isClass)
        } else {
            keepsAttributes = false
            addAttribute = { _, _ in }
            readAttributes = nil
        }
        if sample is any Ancestor, let ancestor = T.self as? any Ancestor.Type {
            addChild = Self.childAdder(ancestor, isClass: isClass)
        } else {
            addChild = { _, _ in false }
        }
        if sample is any ChildrenProvider, let provider = T.self as? any ChildrenProvider.Type {
            readChildren = Self.childrenReader(provider, isClass: isClass)
        } else {
            readChildren = nil
        }
        takesChildren = T.self is any Ancestor.Type || readChildren != nil
    }
}
