/// Protocols that a subclass adds to a registered base class.
///
/// `Bindable`'s hidden requirements (`_xmlBindSetOrigin` and the rest) are witnessed once,
/// in the conformance of the class that declares `Bindable`: a subclass that adds
/// ``OriginAware`` (or ``ByteOffsetAware``, ``NamespaceAware``, ``AttributeContainer``, ``Ancestor``,
/// ``ChildrenProvider``) inherits its base class's witnesses, which know nothing of the new
/// protocol. So for a registered class that has a superclass, each protocol is looked up
/// for the class itself, once, at registration, and reached through its own conformance.
/// Classes without a superclass and structs need no lookup: their witnesses are their own.
@usableFromInline
struct InheritedConformances: Sendable {
    @usableFromInline var setOrigin: (@Sendable (AnyObject, String?, Int, Int) -> Void)?
    @usableFromInline var setByteOffset: (@Sendable (AnyObject, Int) -> Void)?
    @usableFromInline var setNamespace: (@Sendable (AnyObject, () -> String?) -> Void)?
    @usableFromInline var readNamespace: (@Sendable (AnyObject) -> String?)?
    @usableFromInline var addAttribute: (@Sendable (AnyObject, XMLAttribute) -> Void)?
    @usableFromInline var readAttributes: (@Sendable (AnyObject) -> [XMLAttribute])?
    @usableFromInline var addChild: (@Sendable (AnyObject, Any) -> Void)?
    @usableFromInline var readChildren: (@Sendable (AnyObject) -> [Any])?

    /// The conformances of `type` when it is a subclass; `nil` for any other type.
    @usableFromInline
    static func of(_ type: Any.Type) -> InheritedConformances? {
        guard let classType = type as? AnyClass, TypeReflection.superclass(of: classType) != nil else { return nil }
        var found = InheritedConformances()
        if let origin = type as? any (OriginAware & Bindable).Type { found.setOrigin = originSetter(origin) }
        if let offset = type as? any (ByteOffsetAware & Bindable).Type {
            found.setByteOffset = byteOffsetSetter(offset)
        }
        if let namespace = type as? any (NamespaceAware & Bindable).Type {
            found.setNamespace = namespaceSetter(namespace)
            found.readNamespace = namespaceReader(namespace)
        }
        if let container = type as? any (AttributeContainer & Bindable).Type {
            found.addAttribute = attributeAdder(container)
            found.readAttributes = attributeReader(container)
        }
        if let ancestor = type as? any (Ancestor & Bindable).Type { found.addChild = childAdder(ancestor) }
        if let provider = type as? any (ChildrenProvider & Bindable).Type {
            found.readChildren = childrenReader(provider)
        }
        return found
    }

    // Each object passed in is an instance of the registered class `U` itself (the
    // engine creates exactly that class), so it is reinterpreted, not cast.

    private static func originSetter<U: OriginAware & Bindable>(_: U.Type)
        -> @Sendable (AnyObject, String?, Int, Int) -> Void
    {
        { object, file, line, column in
            ObjectStorage.mutate(object, as: U.self, isClass: true) {
                $0.origin = Origin(file: file, line: line, column: column)
            }
        }
    }

    private static func byteOffsetSetter<U: ByteOffsetAware & Bindable>(_: U.Type)
        -> @Sendable (AnyObject, Int) -> Void
    {
        { object, offset in
            var instance = ObjectStorage.instance(object, as: U.self)
            instance.byteOffset = offset
        }
    }

    private static func namespaceSetter<U: NamespaceAware & Bindable>(_: U.Type)
        -> @Sendable (AnyObject, () -> String?) -> Void
    {
        { object, uri in
            var instance = ObjectStorage.instance(object, as: U.self)
            instance.namespace = uri()
        }
    }

    private static func namespaceReader<U: NamespaceAware & Bindable>(_: U.Type) -> @Sendable (AnyObject) -> String? {
        { ObjectStorage.instance($0, as: U.self).namespace }
    }

    private static func attributeAdder<U: AttributeContainer & Bindable>(
        _: U.Type
    ) -> @Sendable (AnyObject, XMLAttribute) -> Void {
        { object, attribute in
            var instance = ObjectStorage.instance(object, as: U.self)
            instance.addAttribute(attribute)
        }
    }

    private static func attributeReader<U: AttributeContainer & Bindable>(
        _: U.Type
    ) -> @Sendable (AnyObject) -> [XMLAttribute] {
        { ObjectStorage.instance($0, as: U.self).keptAttributesToWrite }
    }

    private static func childAdder<U: Ancestor & Bindable>(_: U.Type) -> @Sendable (AnyObject, Any) -> Void {
        { object, child in
            var instance = ObjectStorage.instance(object, as: U.self)
            instance.addChild(child)
        }
    }

    private static func childrenReader<U: ChildrenProvider & Bindable>(_: U.Type) -> @Sendable (AnyObject) -> [Any] {
        { ObjectStorage.instance($0, as: U.self).childrenToWrite }
    }
}
