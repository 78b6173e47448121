/// A registered mapping, type-erased and compiled for the parser's hot path, with the
/// readers the serializer uses to write objects back.
///
/// Built once from a ``ClassDefinition`` at registration; immutable afterwards, so one
/// binding serves any number of parses and writes at once.
final class ElementBinding: Sendable {
    let typeName: String
    let elementName: XMLName
    let properties: [PropertyBinding]
    let childSlots: [ChildSlot]
    /// Property indices by local name, for attributes and for child elements.
    let attributeTable: ByteTable
    let elementTable: ByteTable
    /// The `.text` property, if one was declared.
    let textProperty: Int?
    /// Properties with `.required()`, and properties with a `default:`.
    let requiredProperties: [Int]
    let defaultedProperties: [Int]
    /// The definition's own policy for undeclared content, if it set one.
    let unknownContentPolicy: UnknownContentPolicy?
    let validators: [@Sendable (InstanceBox, ValidationContext) throws -> Void]

    let makeBox: @Sendable () -> InstanceBox
    /// Each is `nil` when the type does not conform to the protocol, so the engine pays
    /// for a protocol only where it is used.
    let setOrigin: (@Sendable (InstanceBox, Origin) -> Void)?
    let setNamespace: (@Sendable (InstanceBox, String?) -> Void)?
    let addAttribute: (@Sendable (InstanceBox, (name: String, value: String)) -> Void)?
    let addChild: (@Sendable (InstanceBox, Any) -> Void)?

    /// The elements of nested paths (`details/price`), or `nil` when the mapping has none.
    let paths: PathNode?

    // Writing.

    /// The mapped type, for finding a binding by an object's dynamic type.
    let objectType: ObjectIdentifier
    /// Wraps an object for the readers, or `nil` when it is not a `T`.
    let box: @Sendable (Any) -> InstanceBox?
    /// Properties and child slots in declaration order.
    let contentOrder: [DeclaredItem]
    /// How the definition's `.property` declarations are written, when it says.
    let propertyForm: WritingOptions.PropertyForm?
    /// Each is `nil` when the type does not conform to the protocol.
    let readNamespace: (@Sendable (InstanceBox) -> String?)?
    let readAttributes: (@Sendable (InstanceBox) -> [(name: String, value: String)])?
    let readChildren: (@Sendable (InstanceBox) -> [Any])?

    init<T: Bindable>(_ definition: ClassDefinition<T>, prefixes: [String: String]) {
        typeName = String(describing: T.self)
        elementName = definition.elementName.resolving(prefixes)
        properties = definition.properties.map { property in
            var resolved = property
            resolved.resolveName(prefixes)
            return resolved
        }
        childSlots = definition.childSlots
        var attributes = ByteTable()
        var elements = ByteTable()
        var text: Int?
        // Walk backwards so that the first declaration of a name wins the table slot.
        // Nested-path properties are found through `paths` instead.
        for (index, property) in properties.enumerated().reversed() where property.path.isEmpty {
            if property.form.acceptsAttribute { attributes.insert(property.xmlName.local.utf8, value: index) }
            if property.form.acceptsElement { elements.insert(property.xmlName.local.utf8, value: index) }
            if property.form == .text { text = index }
        }
        attributeTable = attributes
        elementTable = elements
        textProperty = text
        let declared = properties
        requiredProperties = declared.indices.filter { declared[$0].isRequired }
        defaultedProperties = declared.indices.filter { declared[$0].applyDefault != nil }
        unknownContentPolicy = definition.unknownContentPolicy
        validators = definition.validators
        paths = PathNode.root(for: properties)
        objectType = ObjectIdentifier(T.self)
        box = { object in (object as? T).map { TypedBox($0) } }
        contentOrder = definition.contentOrder
        propertyForm = definition.propertyForm
        readNamespace = Self.reader(T.self, T.self is any NamespaceAware.Type) {
            ($0 as? any NamespaceAware)?.namespace
        }
        readAttributes = Self.reader(T.self, T.self is any AttributeContainer.Type) {
            ($0 as? any AttributeContainer)?.attributesToWrite ?? []
        }
        readChildren = Self.reader(T.self, T.self is any ChildrenProvider.Type) {
            ($0 as? any ChildrenProvider)?.childrenToWrite ?? []
        }

        makeBox = { TypedBox(T()) }
        setOrigin = Self.conformance(T.self, T.self is any OriginAware.Type, as: (any OriginAware).self) { (aware: inout any OriginAware, origin: Origin) in
            aware.origin = origin
        }
        setNamespace = Self.conformance(T.self, T.self is any NamespaceAware.Type, as: (any NamespaceAware).self) {
            (aware: inout any NamespaceAware, uri: String?) in
            aware.namespace = uri
        }
        addAttribute = Self.conformance(T.self, T.self is any AttributeContainer.Type, as: (any AttributeContainer).self) {
            (container: inout any AttributeContainer, attribute: (name: String, value: String)) in
            container.addAttribute(attribute.name, value: attribute.value)
        }
        addChild = Self.conformance(T.self, T.self is any Ancestor.Type, as: (any Ancestor).self) { (ancestor: inout any Ancestor, child: Any) in
            ancestor.addChild(child)
        }
    }

    /// A setter that applies `update` through a protocol `P` the type conforms to, or
    /// `nil` when `T` does not conform (`conforms`, checked once at registration, not
    /// per element; a generic `P.Type` check cannot express "conforms to protocol P").
    ///
    /// Class instances are updated in place; struct values are copied out, updated and
    /// stored back.
    private static func conformance<T, P, Argument>(
        _ type: T.Type, _ conforms: Bool, as protocolType: P.Type,
        _ update: @escaping @Sendable (inout P, Argument) -> Void
    ) -> (@Sendable (InstanceBox, Argument) -> Void)? where T: Bindable {
        guard conforms else { return nil }
        let isClass = T.self is AnyClass
        return { box, argument in
            let typed = TypedBox<T>.of(box)
            guard var view = typed.value as? P else { return }
            update(&view, argument)
            if !isClass, let value = view as? T { typed.value = value }
        }
    }

    /// A reader through a protocol the type conforms to (`conforms`, checked once at
    /// registration), or `nil` when it does not.
    private static func reader<T, Value>(
        _ type: T.Type, _ conforms: Bool, _ read: @escaping @Sendable (T) -> Value
    ) -> (@Sendable (InstanceBox) -> Value)? {
        guard conforms else { return nil }
        return { box in read(TypedBox<T>.of(box).value) }
    }

    /// Whether the element can take a completed child object at all.
    var takesChildren: Bool { !childSlots.isEmpty || addChild != nil }

    /// The declared property for an attribute, if any.
    func attributeProperty(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Int? {
        guard let index = attributeTable.lookup(local) else { return nil }
        if properties[index].matchesAttribute(uri: uri, prefix: prefix) { return index }
        // Rare: two properties share a local name in different namespaces.
        return properties.indices.first { candidate in
            properties[candidate].form.acceptsAttribute
                && properties[candidate].xmlName.local.utf8.elementsEqual(local)
                && properties[candidate].matchesAttribute(uri: uri, prefix: prefix)
        }
    }

    /// The declared property for a child element, if any.
    func elementProperty(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?
    ) -> Int? {
        guard let index = elementTable.lookup(local) else { return nil }
        if properties[index].matchesElement(uri: uri, prefix: prefix) { return index }
        return properties.indices.first { candidate in
            properties[candidate].form.acceptsElement
                && properties[candidate].xmlName.local.utf8.elementsEqual(local)
                && properties[candidate].matchesElement(uri: uri, prefix: prefix)
        }
    }
}

extension PropertyBinding {
    /// Replaces a prefix in the property's XML name with the URI the binder's map gives it.
    mutating func resolveName(_ prefixes: [String: String]) {
        xmlName = xmlName.resolving(prefixes)
        path = path.map { $0.resolving(prefixes) }
    }
}
