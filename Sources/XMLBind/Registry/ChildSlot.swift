/// Puts a completed child object into its parent.
///
/// Arguments: the parent (held as itself), the base its field offsets count from, and
/// the child (held as itself).
@usableFromInline
typealias ChildPlacer = @Sendable (AnyObject, FieldAccess, AnyObject) -> Void

/// Appends completed children to an array property all at once, given the property's
/// field and the children (each passed retained: the storer takes that reference
/// over). Every child must be an element of the array's type, bit for bit.
@usableFromInline
typealias ChildBulkStorer = @Sendable (FieldAccess, UnsafeBufferPointer<HeldObject>) -> Void

/// One typed child key path (`.children` or `.child`) of a mapping.
///
/// Made in inlinable code, so that its closures are specialised where the parent and
/// element types are concrete: appending a `Bean` to `[Bean]` at the field's offset then
/// compiles to a plain array append, without looking up generic metadata per child.
/// The registry pairs each slot with each registered child type when it is compiled
/// (see ``CompiledRegistry/placements``).
@usableFromInline
struct ChildSlot: Sendable {
    /// The Swift property's name, for messages; known once the mapping is compiled.
    private(set) var propertyName = ""
    /// The element name as declared with `xml:`, if it was: the slot then takes exactly
    /// the child elements of that name, bound with the mapping of its element type.
    @usableFromInline let declaredXMLName: String?
    /// That name, read and resolved against the binder's prefixes once compiled; `nil`
    /// for a slot that takes children by their type.
    private(set) var xmlName: XMLName?
    /// The elements a path in `xml:` goes through (`modelList/model` → `modelList`),
    /// outermost first; empty for a flat name or none.
    private(set) var path: [XMLName] = []
    /// Whether `xml:` ended in an attribute (`a/@b`), which cannot hold an object.
    private(set) var namesAttribute = false
    /// For a slot declared after `.keyedMembers`: its member key, the `xml:` name (or the
    /// property's name) as written; `nil` for a slot matched by element name or type.
    var memberKey: String?
    /// Whether the slot is a keyed member (see ``memberKey``).
    var isKeyed: Bool { memberKey != nil }
    /// Whether the slot holds one child (`.child`) rather than many (`.children`).
    @usableFromInline let isSingle: Bool
    /// Whether a document must give the slot a child (`.required()`).
    @usableFromInline var isRequired = false
    @usableFromInline let keyPath: AnyKeyPath & Sendable
    /// The type of the property the key path names (`[C]`, `C?` or `C`).
    @usableFromInline let fieldType: Any.Type
    /// Where the key path's value lies in a sample parent.
    @usableFromInline let projectOffset: @Sendable (AnyObject?) -> Int?
    /// The slot's element type.
    @usableFromInline let elementType: Any.Type
    /// The element type when it is a class, so that a class child is matched by walking its
    /// superclasses; `nil` for a struct, protocol or other element type.
    @usableFromInline let elementClass: AnyClass?
    /// Whether a child value is an element, by a dynamic cast: for the element types that
    /// ``elementClass`` cannot answer for (tested once, on a sample).
    @usableFromInline let castsToElement: @Sendable (Any) -> Bool
    /// Makes the placer, given the field's offset (or `nil`: go through the key path),
    /// the parent's class-ness, exactness, the child's class-ness, and the child's value
    /// accessor (for the inexact case).
    @usableFromInline let makePlacer:
        @Sendable (Int?, Bool, Bool, Bool, @escaping @Sendable (AnyObject) -> Any) -> ChildPlacer
    /// Reads the children back for writing: the array's elements, or the one child (none
    /// for a `nil` optional).
    @usableFromInline let read: @Sendable (AnyObject) -> [Any]
    /// For an array of a concrete element type (`.children`): appends many children at
    /// once, so the engine can collect an object's children and grow its array once.
    @usableFromInline let storeAll: ChildBulkStorer?
    /// Whether the property holds one reference to a class element (`C` or `C?`), so that
    /// an exact child can be stored as the reference it is (see ``PlacerSlot/directOffset``).
    @usableFromInline let holdsOneReference: Bool
    /// For a map of children keyed by one of their properties (`.children(_:key:)`):
    /// adds a child under its key, unless the key is missing or already there.
    @usableFromInline var keyedInsert: KeyedChildInsert?

    @usableFromInline
    init(
        keyPath: AnyKeyPath & Sendable, xml: String?, isSingle: Bool, fieldType: Any.Type,
        projectOffset: @escaping @Sendable (AnyObject?) -> Int?,
        elementType: Any.Type, elementClass: AnyClass?, castsToElement: @escaping @Sendable (Any) -> Bool,
        makePlacer: @escaping @Sendable (Int?, Bool, Bool, Bool, @escaping @Sendable (AnyObject) -> Any) -> ChildPlacer,
        read: @escaping @Sendable (AnyObject) -> [Any],
        storeAll: ChildBulkStorer? = nil, holdsOneReference: Bool = false
    ) {
        self.declaredXMLName = xml
        self.isSingle = isSingle
        self.read = read
        self.storeAll = storeAll
        self.holdsOneReference = holdsOneReference
        self.keyPath = keyPath
        self.fieldType = fieldType
        self.projectOffset = projectOffset
        self.elementType = elementType
        self.elementClass = elementClass
        self.castsToElement = castsToElement
        self.makePlacer = makePlacer
    }

    /// Learns the property's name from the stored field, or else from the key path.
    ///
    /// A stored property of a non-final class is reached through accessors and names no
    /// field; the only field of the slot's type is then taken as its name (for messages
    /// only: a slot takes children by type or by its `xml:` name, never by this one). A
    /// struct's key path that names no field is a computed property, and keeps the key
    /// path's own description.
    @discardableResult
    mutating func resolveName(sample: AnyObject?, fields: FieldTable, prefixes: [String: String]) -> Int? {
        let field = fields.field(at: projectOffset(sample), of: fieldType)
        let onlyOfType = sample == nil ? [] : fields.fields(of: fieldType)
        propertyName =
            field?.name ?? (onlyOfType.count == 1 ? onlyOfType[0].name : nil) ?? XMLName.propertyName(of: keyPath)
        if isKeyed {
            // A keyed slot binds its children with its element type's mapping, as a slot
            // with `xml:` does (see ``CompiledRegistry/namedSlotChild(parent:slot:)``);
            // the name is the member key, matched by the engine's keyed lookup only.
            let key = declaredXMLName ?? propertyName
            memberKey = key
            xmlName = XMLName(namespace: .none, local: key)
        } else if let declaredXMLName {
            let place = PropertyPath(parsing: declaredXMLName, form: .element)
            xmlName = place.name.resolving(prefixes)
            path = place.steps.map { $0.resolving(prefixes) }
            namesAttribute = place.form == .attribute
        }
        return FieldTable.writableOffset(field)
    }

    /// The declaration as written, for registration errors: `.child(\.server)`.
    var declarationText: String {
        ".\(isSingle ? "child" : "children")(\\.\(propertyName)"
            + (declaredXMLName.map { ", xml: \"\($0)\"" } ?? "") + ")"
    }

    /// What the slot takes, for messages: `child element <server>`, `a child of type Server`.
    var placeDescription: String {
        let count = isSingle ? "a child" : "at least one child"
        if let memberKey { return "member '\(memberKey)'" }
        guard let xmlName else { return "\(count) of type \(TypeName.forMessages(elementType))" }
        return isSingle ? "child element <\(xmlName)>" : "at least one child element <\(xmlName)>"
    }

    /// A slot of a `Parent` whose key path holds `Element`s.
    ///
    /// - Parameters:
    ///   - keyPath: The parent's property.
    ///   - element: The element type.
    ///   - storeAt: Stores an element into the property, given the property's field.
    ///   - store: Stores an element through the key path (for a computed property).
    ///   - read: The elements the property holds, for writing.
    ///   - xml: The element name the slot takes, or `nil`: children by their type.
    @inlinable
    static func make<Parent: Bindable, Element, Field>(
        _ keyPath: WritableKeyPath<Parent, Field> & Sendable, xml: String?, element: Element.Type,
        storeAt: @escaping @Sendable (FieldAccess, Element) -> Void,
        store: @escaping @Sendable (inout Parent, Element) -> Void,
        read: @escaping @Sendable (Parent) -> [Any],
        storeAll: ChildBulkStorer? = nil
    ) -> ChildSlot {
        let project: @Sendable (AnyObject?) -> Int? = { ObjectStorage.projectedOffset(keyPath, sample: $0) }
        let castsToElement: @Sendable (Any) -> Bool = { $0 is Element }
        let makePlacer: @Sendable (Int?, Bool, Bool, Bool, @escaping @Sendable (AnyObject) -> Any) -> ChildPlacer = {
            offset, parentIsClass, exact, childIsClass, childValue in
            let element = elementReader(Element.self, exact: exact, childIsClass: childIsClass, childValue: childValue)
            // Where it goes: at the field's offset, or through the key path.
            if let offset {
                let placer: ChildPlacer = { _, base, object in
                    if let value = element(object) { storeAt(base.field(at: offset), value) }
                }
                return placer
            }
            let placer: ChildPlacer = { parent, _, object in
                guard let value = element(object) else { return }
                ObjectStorage.mutate(parent, as: Parent.self, isClass: parentIsClass) { store(&$0, value) }
            }
            return placer
        }
        let parentIsClass = Parent.self is AnyClass
        let readBack: @Sendable (AnyObject) -> [Any] = { object in
            read(ObjectStorage.value(object, as: Parent.self, isClass: parentIsClass))
        }
        let holdsOneReference =
            Element.self is AnyClass && (Field.self == Element.self || Field.self == Optional<Element>.self)
        return ChildSlot(
            keyPath: keyPath, xml: xml, isSingle: storeAll == nil,
            fieldType: Field.self, projectOffset: project, elementType: Element.self,
            elementClass: Element.self as? AnyClass, castsToElement: castsToElement, makePlacer: makePlacer,
            read: readBack, storeAll: storeAll, holdsOneReference: holdsOneReference)
    }

    /// Whether children of the given type fit the slot's element type: the same type, a
    /// subclass of an element class, or (for other element types) a sample that casts.
    ///
    /// Class to class is decided by walking the superclass chain: a failing dynamic cast
    /// between two classes looks for a bridging conformance, which scans every conformance
    /// record in the process once per type.
    ///
    /// - Parameters:
    ///   - childType: The child's type.
    ///   - sample: Makes a child value, for the dynamic cast.
    /// - Returns: Whether the slot takes such children.
    func fits(_ childType: Any.Type, sample: () -> Any) -> Bool {
        if ObjectIdentifier(childType) == ObjectIdentifier(elementType) { return true }
        if let elementClass, let childClass = childType as? AnyClass {
            return Self.isSubclass(childClass, of: elementClass)
        }
        return castsToElement(sample())
    }

    /// Whether every child of the given type *is* an element, bit for bit: the same type,
    /// or a subclass of an element class.
    func isExact(_ childType: Any.Type) -> Bool {
        if ObjectIdentifier(childType) == ObjectIdentifier(elementType) { return true }
        guard let elementClass, let childClass = childType as? AnyClass else { return false }
        return Self.isSubclass(childClass, of: elementClass)
    }

    /// Whether `type` is `base` or one of its subclasses.
    static func isSubclass(_ type: AnyClass, of base: AnyClass) -> Bool {
        var current: AnyClass? = type
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(base) { return true }
            current = TypeReflection.superclass(of: candidate)
        }
        return false
    }
}

/// What adding a child to a keyed map of children did.
@usableFromInline
enum KeyedChildResult: Sendable {
    case inserted(String)
    case duplicate(String)
    case missingKey
}

/// Adds a child (its value) to a keyed map in its parent (held as itself).
@usableFromInline
typealias KeyedChildInsert = @Sendable (AnyObject, Any) -> KeyedChildResult

extension ChildSlot {
    /// A slot that keeps its children in a `[String: Element]`, keyed by `key`.
    @inlinable
    static func keyed<Parent: Bindable, Element>(
        _ keyPath: WritableKeyPath<Parent, [String: Element]> & Sendable, xml: String?,
        key: @escaping @Sendable (Element) -> String?
    ) -> ChildSlot {
        var slot = make(
            keyPath, xml: xml, element: Element.self,
            storeAt: { field, value in
                guard let key = key(value) else { return }
                field.modify([String: Element].self) { $0[key] = value }
            },
            store: { parent, value in
                guard let key = key(value) else { return }
                parent[keyPath: keyPath][key] = value
            },
            read: { $0[keyPath: keyPath].sorted { $0.key < $1.key }.map { $0.value as Any } })
        let isClass = Parent.self is AnyClass
        slot.keyedInsert = { parent, child in
            guard let value = child as? Element else { return .missingKey }
            guard let key = key(value), !key.isEmpty else { return .missingKey }
            return ObjectStorage.mutate(parent, as: Parent.self, isClass: isClass) { parent in
                if parent[keyPath: keyPath][key] != nil { return .duplicate(key) }
                parent[keyPath: keyPath][key] = value
                return .inserted(key)
            }
        }
        return slot
    }
}
