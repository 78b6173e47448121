/// How the engine creates and reaches objects of one mapped type.
///
/// Made in inlinable code (by ``mapping(_:element:namespace:)``), so that its closures
/// are specialised in the module where the type is concrete: creating a `Bean` is then a
/// direct allocation, not a generic call through witness tables. Whether the type
/// wants its origin, byte offset or namespace is found once, by probing a sample, so types that
/// don't pay nothing per element.
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
    /// `nil` when the type is not ``NamespaceAware``.
    @usableFromInline let setNamespace: (@Sendable (AnyObject, () -> String?) -> Void)?
    /// Whether the type is an ``AttributeContainer``.
    @usableFromInline let keepsAttributes: Bool
    @usableFromInline let addAttribute: @Sendable (AnyObject, XMLAttribute) -> Void
    /// Offers a child to an ``Ancestor``; `false` when the type is not one.
    @usableFromInline let addChild: @Sendable (AnyObject, Any) -> Bool

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

    /// The protocols a subclass adds to its base class (see ``InheritedConformances``).
    @usableFromInline
    static func inheritedConformances(of type: Any.Type) -> InheritedConformances? {
        InheritedConformances.of(type)
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
        } else {
            makeRetainedObject = { HeldObject(retaining: StructBox(T())) }
        }
        value = { ObjectStorage.value($0, as: T.self, isClass: isClass) }
        makeSampleValue = { T() }
        var probe = T()
        var wantsOrigin = false
        probe._xmlBindSetOrigin {
            wantsOrigin = true
            return Origin(line: 0, column: 0)
        }
        var wantsByteOffset = false
        probe._xmlBindSetByteOffset {
            wantsByteOffset = true
            return 0
        }
        var wantsNamespace = false
        probe._xmlBindSetNamespace {
            wantsNamespace = true
            return nil
        }
        // A subclass may add protocols its base class's witnesses do not know.
        let inherited = isClass ? TypeAccess.inheritedConformances(of: T.self) : nil
        if wantsOrigin {
            // One closure per kind of type, capturing nothing (no context to call through),
            // and a document without a file retains none.
            if isClass {
                setOrigin = { (object: AnyObject, file: String?, line: Int, column: Int) in
                    ObjectStorage.mutate(object, as: T.self, isClass: true) { value in
                        if let file {
                            value._xmlBindSetOrigin { Origin(file: file, line: line, column: column) }
                        } else {
                            value._xmlBindSetOrigin { Origin(line: line, column: column) }
                        }
                    }
                }
            } else {
                setOrigin = { (object: AnyObject, file: String?, line: Int, column: Int) in
                    ObjectStorage.mutate(object, as: T.self, isClass: false) {
                        $0._xmlBindSetOrigin { Origin(file: file, line: line, column: column) }
                    }
                }
            }
        } else {
            setOrigin = inherited?.setOrigin
        }
        if wantsByteOffset {
            setByteOffset = { (object: AnyObject, offset: Int) in
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0._xmlBindSetByteOffset { offset } }
            }
        } else {
            setByteOffset = inherited?.setByteOffset
        }
        if wantsNamespace {
            setNamespace = { (object: AnyObject, uri: () -> String?) in
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0._xmlBindSetNamespace(uri) }
            }
        } else {
            setNamespace = inherited?.setNamespace
        }
        if !T._xmlBindKeepsAttributes, let add = inherited?.addAttribute {
            keepsAttributes = true
            addAttribute = add
        } else {
            keepsAttributes = T._xmlBindKeepsAttributes
            addAttribute = { (object: AnyObject, attribute: XMLAttribute) in
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0._xmlBindAddAttribute(attribute) }
            }
        }
        let ownAddChild: @Sendable (AnyObject, Any) -> Bool = { (object: AnyObject, child: Any) -> Bool in
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0._xmlBindAddChild(child) }
        }
        if let inheritedAddChild = inherited?.addChild {
            // The base class may be an Ancestor itself: its own witness is tried first.
            addChild = { object, child in
                if ownAddChild(object, child) { return true }
                inheritedAddChild(object, child)
                return true
            }
        } else {
            addChild = ownAddChild
        }
        if isClass {
            box = { value in (value as? T).map { ObjectStorage.reference(to: $0) } }
        } else {
            box = { value in (value as? T).map { StructBox($0) } }
        }
        if wantsNamespace {
            readNamespace = { (object: AnyObject) -> String? in
                ObjectStorage.value(object, as: T.self, isClass: isClass)._xmlBindNamespaceToWrite ?? nil
            }
        } else {
            readNamespace = inherited?.readNamespace
        }
        if probe._xmlBindAttributesToWrite != nil {
            readAttributes = { (object: AnyObject) -> [XMLAttribute] in
                ObjectStorage.value(object, as: T.self, isClass: isClass)._xmlBindAttributesToWrite ?? []
            }
        } else {
            readAttributes = inherited?.readAttributes
        }
        if probe._xmlBindChildrenToWrite != nil {
            readChildren = { (object: AnyObject) -> [Any] in
                ObjectStorage.value(object, as: T.self, isClass: isClass)._xmlBindChildrenToWrite ?? []
            }
        } else {
            readChildren = inherited?.readChildren
        }
    }
}
