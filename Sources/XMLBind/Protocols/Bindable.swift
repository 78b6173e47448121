/// A type the binder can create for an element: it has an initializer without arguments.
///
/// Classes and structs both work. The binder calls ``init()`` when an element's start
/// tag is read, then fills the properties declared in the type's ``ClassDefinition``.
/// Registering a mapping also creates a few instances, to learn where the type keeps
/// its properties; keep `init()` free of side effects. Mark classes `final` where you
/// can: the stored properties of a `final` class (or a struct) are written directly,
/// while those of other classes go through their key paths, which is slower.
///
/// The requirements whose names start with `_xmlBind` are not API: default
/// implementations provide them, and they let the binder reach ``OriginAware``,
/// ``ByteOffsetAware``, ``NamespaceAware``, ``AttributeContainer``, ``Ancestor`` and ``ChildrenProvider``
/// conformances without a dynamic cast per element. Do not implement them yourself.
public protocol Bindable: SendableMetatype {
    /// Creates an empty instance, to be filled from the document.
    init()

    /// Not API. Whether the type keeps unmapped attributes (``AttributeContainer``).
    static var _xmlBindKeepsAttributes: Bool { get }
    /// Not API. Hands the element's origin to an ``OriginAware`` type; `origin` is only
    /// evaluated when the type wants it.
    mutating func _xmlBindSetOrigin(_ origin: () -> Origin)
    /// Not API. Hands the byte offset of the element's start tag to a ``ByteOffsetAware``
    /// type; `offset` is only evaluated when the type wants it.
    mutating func _xmlBindSetByteOffset(_ offset: () -> Int)
    /// Not API. Hands the element's namespace URI to a ``NamespaceAware`` type; `uri` is
    /// only evaluated when the type wants it.
    mutating func _xmlBindSetNamespace(_ uri: () -> String?)
    /// Not API. Hands an unmapped attribute to an ``AttributeContainer``.
    mutating func _xmlBindAddAttribute(_ attribute: XMLAttribute)
    /// Not API. Hands a child to an ``Ancestor``; returns whether the type is one.
    mutating func _xmlBindAddChild(_ child: Any) -> Bool

    /// Not API. A ``NamespaceAware`` type's namespace, for writing; `.none` for others.
    var _xmlBindNamespaceToWrite: String?? { get }
    /// Not API. An ``AttributeContainer``'s attributes to write; `nil` for others.
    var _xmlBindAttributesToWrite: [XMLAttribute]? { get }
    /// Not API. A ``ChildrenProvider``'s children to write; `nil` for others.
    var _xmlBindChildrenToWrite: [Any]? { get }
}

extension Bindable {
    public static var _xmlBindKeepsAttributes: Bool { false }
    @inlinable public mutating func _xmlBindSetOrigin(_ origin: () -> Origin) {}
    @inlinable public mutating func _xmlBindSetByteOffset(_ offset: () -> Int) {}
    @inlinable public mutating func _xmlBindSetNamespace(_ uri: () -> String?) {}
    @inlinable public mutating func _xmlBindAddAttribute(_ attribute: XMLAttribute) {}
    @inlinable public mutating func _xmlBindAddChild(_ child: Any) -> Bool { false }
    @inlinable public var _xmlBindNamespaceToWrite: String?? { .none }
    @inlinable public var _xmlBindAttributesToWrite: [XMLAttribute]? { nil }
    @inlinable public var _xmlBindChildrenToWrite: [Any]? { nil }
}

extension Bindable where Self: OriginAware {
    // Inlinable, so that the engine's setter (made in the client's module, see `TypeAccess`)
    // stores the origin straight into the type's property instead of calling this through
    // its witness table and the property's setter through another.
    @inlinable
    public mutating func _xmlBindSetOrigin(_ origin: () -> Origin) {
        self.origin = origin()
    }
}

extension Bindable where Self: ByteOffsetAware {
    public mutating func _xmlBindSetByteOffset(_ offset: () -> Int) {
        byteOffset = offset()
    }
}

extension Bindable where Self: NamespaceAware {
    public mutating func _xmlBindSetNamespace(_ uri: () -> String?) {
        namespace = uri()
    }

    public var _xmlBindNamespaceToWrite: String?? { .some(namespace) }
}

extension Bindable where Self: AttributeContainer {
    public static var _xmlBindKeepsAttributes: Bool { true }
    public mutating func _xmlBindAddAttribute(_ attribute: XMLAttribute) {
        addAttribute(attribute)
    }

    public var _xmlBindAttributesToWrite: [XMLAttribute]? { keptAttributesToWrite }
}

extension Bindable where Self: Ancestor {
    public mutating func _xmlBindAddChild(_ child: Any) -> Bool {
        addChild(child)
        return true
    }
}

extension Bindable where Self: ChildrenProvider {
    public var _xmlBindChildrenToWrite: [Any]? { childrenToWrite }
}
