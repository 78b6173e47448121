/// A mapping's keyed shape (`.keyedMembers`), compiled: the member, key, value, wrapper
/// and list element names, and the member keys in a byte table, as element names are.
///
/// The engine finds a member's declaration by looking its key's bytes up in ``keys``
/// (BindingEngine+Keyed.swift): one hash of the key, no `String`. Each element of the
/// shape has a ``PathNode`` whose ``PathNode/keyedRole`` says what it is, so that the
/// engine's frames for them are path frames, owned by the object's frame.
final class KeyedLayout: Sendable {
    /// What an element of a keyed member is.
    enum Role: Sendable, Equatable {
        /// The member element (`member`, `entry`).
        case member
        /// The key element (`name`), whose text is the member's key.
        case key
        /// The value element (`value`).
        case value
        /// A typed wrapper (`int`), by its index in ``wrappers``.
        case wrapper(Int)
        /// A step of the list path before the item (`array`, `data`), by its index in ``listSteps``.
        case listStep(Int)
        /// A list item's value element (`value` at the end of `array/data/value`).
        case item
    }

    /// The member element.
    let member: XMLName
    /// The key: a child element's text, or an attribute of the member.
    let keyElement: XMLName?
    let keyAttribute: XMLName?
    /// The value element, or `nil` when the member's own content is the value.
    let valueElement: XMLName?
    /// The typed wrappers, their Swift types (for writing), text rewrites and nil marks.
    let wrappers: [XMLName]
    let wrapperTypes: [[ObjectIdentifier]]
    let wrapperWritten: [(@Sendable (String) -> String)?]
    let wrapperIsNil: [Bool]
    /// The list path inside a list member's value element, its last step the item's
    /// value element; empty when each member holds one item.
    let listSteps: [XMLName]
    /// Member keys to their declarations: a property's index, or a child slot's index
    /// plus ``propertyCount`` (the declaration's bit in an object frame's assigned set).
    let keys: ByteTable
    /// The keys in declaration order, for "did you mean".
    let keyNames: [String]
    /// Each key's declaration, as ``keys`` holds it.
    let keyTargets: [Int]
    let propertyCount: Int
    /// The nodes of the path frames the engine pushes for the shape's elements.
    let memberNode: PathNode
    let keyNode: PathNode
    let valueNode: PathNode
    let wrapperNodes: [PathNode]
    let listStepNodes: [PathNode]
    let itemNode: PathNode

    init(_ shape: KeyedMembers, properties: [PropertyBinding], slots: [ChildSlot], prefixes: [String: String]) {
        func name(_ text: String) -> XMLName { XMLName(parsing: text, unprefixed: .any).resolving(prefixes) }
        member = name(shape.element)
        switch shape.key.source {
        case .child(let text):
            keyElement = name(text)
            keyAttribute = nil
        case .attribute(let text):
            keyElement = nil
            keyAttribute = XMLName(parsing: text, unprefixed: .none).resolving(prefixes)
        }
        valueElement = shape.value.element.map(name)
        wrappers = shape.value.wrappers.map { name($0.element) }
        wrapperTypes = shape.value.wrappers.map(\.types)
        wrapperWritten = shape.value.wrappers.map(\.written)
        wrapperIsNil = shape.value.wrappers.map(\.isNil)
        listSteps = (shape.value.list ?? "").split(separator: "/").map { name(String($0)) }
        propertyCount = properties.count
        var keys = ByteTable()
        var keyNames: [String] = []
        // Backwards, so that the first declaration of a key holds it (a second is refused).
        for (index, property) in properties.enumerated().reversed() {
            if let key = property.memberKey { keys.insert(key.utf8, value: index) }
        }
        for (index, slot) in slots.enumerated().reversed() {
            if let key = slot.memberKey { keys.insert(key.utf8, value: properties.count + index) }
        }
        var keyTargets: [Int] = []
        for (index, property) in properties.enumerated() {
            if let key = property.memberKey {
                keyNames.append(key)
                keyTargets.append(index)
            }
        }
        for (index, slot) in slots.enumerated() {
            if let key = slot.memberKey {
                keyNames.append(key)
                keyTargets.append(properties.count + index)
            }
        }
        self.keys = keys
        self.keyNames = keyNames
        self.keyTargets = keyTargets
        memberNode = PathNode(keyed: .member, name: member)
        keyNode = PathNode(keyed: .key, name: keyElement ?? member)
        valueNode = PathNode(keyed: .value, name: valueElement ?? member)
        let wrapperNames = shape.value.wrappers.map { name($0.element) }
        let steps = (shape.value.list ?? "").split(separator: "/").map { name(String($0)) }
        wrapperNodes = wrapperNames.indices.map { PathNode(keyed: .wrapper($0), name: wrapperNames[$0]) }
        listStepNodes = steps.indices.dropLast().map { PathNode(keyed: .listStep($0), name: steps[$0]) }
        itemNode = PathNode(keyed: .item, name: steps.last ?? name(shape.element))
    }

    /// The declaration a member key names: a property's index, or a slot's index plus
    /// ``propertyCount``; `nil` for a key nothing declares.
    @inline(__always)
    func target(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        keys.lookup(key)
    }

    /// The key of a declaration (for messages).
    func key(of target: Int) -> String {
        keyNames.indices.first { keyTargets[$0] == target }.map { keyNames[$0] } ?? ""
    }

    /// The wrapper an element is, by its local name (wrappers are few).
    func wrapper(local: UnsafeBufferPointer<UInt8>) -> Int? {
        wrappers.indices.first { wrappers[$0].hasLocal(local) }
    }

    /// The wrapper a value of `type` is written in (the first that lists it), or `nil`: bare text.
    func wrapper(for type: Any.Type) -> Int? {
        let wanted = ObjectIdentifier(OptionalValue.wrappedType(type))
        return wrapperTypes.indices.first { wrapperTypes[$0].contains(wanted) }
    }

    /// The shape's element names, for the registration's clash checks and the namespace plan.
    var elementNames: [XMLName] {
        [member] + [keyElement, valueElement].compactMap { $0 } + wrappers + listSteps
    }
}
