/// The closures through which the engine reaches a mapped type's optional protocols.
///
/// Each is made once, at registration, in a context generic over the protocol's opened type
/// `U`, which is the registered type itself (``TypeAccess/init(_:)`` opens `T.self`), so
/// every object passed in is a `U` (or a box of one) and is reinterpreted, not cast. They
/// are inlinable so that, where the registered type is concrete, they are compiled for it:
/// setting an origin is then a store into the property. That is why the protocols refine
/// `SendableMetatype` themselves: the closures are `@Sendable` and capture `U`, and the
/// compiler answers a cast to a single protocol (`as? any OriginAware.Type`) for a concrete
/// type, but not one to a composition (`any (OriginAware & Bindable).Type`), whose closure
/// would stay generic (measured: some 150 instructions more per origin).
///
/// A protocol's properties (`origin`, `byteOffset`, `namespace`) are set through the
/// property itself rather than a stored field's offset: a key path made through the opened
/// type reaches the property through its protocol witness (a computed component, with no
/// offset to verify), and a direct store would skip the property's observers.
extension TypeAccess {
    @inlinable
    static func originSetter<U: OriginAware>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject, String?, Int, Int) -> Void {
        // One closure per kind of type, capturing nothing (no context to call through),
        // and a document without a file retains none.
        if isClass {
            return { object, file, line, column in
                ObjectStorage.mutate(object, as: U.self, isClass: true) { value in
                    if let file {
                        value.origin = Origin(file: file, line: line, column: column)
                    } else {
                        value.origin = Origin(line: line, column: column)
                    }
                }
            }
        }
        return { object, file, line, column in
            ObjectStorage.mutate(object, as: U.self, isClass: false) {
                $0.origin = Origin(file: file, line: line, column: column)
            }
        }
    }

    @inlinable
    static func byteOffsetSetter<U: ByteOffsetAware>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject, Int) -> Void {
        { object, offset in
            ObjectStorage.mutate(object, as: U.self, isClass: isClass) { $0.byteOffset = offset }
        }
    }

    @inlinable
    static func namespaceSetter<U: NamespaceAware>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject, () -> String?) -> Void {
        { object, uri in
            ObjectStorage.mutate(object, as: U.self, isClass: isClass) { $0.namespace = uri() }
        }
    }

    @inlinable
    static func namespaceReader<U: NamespaceAware>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject) -> String? {
        { ObjectStorage.value($0, as: U.self, isClass: isClass).namespace }
    }

    @inlinable
    static func attributeAdder<U: AttributeContainer>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject, XMLAttribute) -> Void {
        { object, attribute in
            ObjectStorage.mutate(object, as: U.self, isClass: isClass) { $0.addAttribute(attribute) }
        }
    }

    @inlinable
    static func attributeReader<U: AttributeContainer>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject) -> [XMLAttribute] {
        { ObjectStorage.value($0, as: U.self, isClass: isClass).keptAttributesToWrite }
    }

    @inlinable
    static func childAdder<U: Ancestor>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject, Any) -> Bool {
        { object, child in
            ObjectStorage.mutate(object, as: U.self, isClass: isClass) { $0.addChild(child) }
            return true
        }
    }

    @inlinable
    static func childrenReader<U: ChildrenProvider>(
        _: U.Type, isClass: Bool
    ) -> @Sendable (AnyObject) -> [Any] {
        { ObjectStorage.value($0, as: U.self, isClass: isClass).childrenToWrite }
    }
}
