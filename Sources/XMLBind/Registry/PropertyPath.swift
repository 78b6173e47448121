/// A property's place in XML as its `xml:` name gives it: a flat name (`price`), an
/// attribute (`@currency`), or a nested path (`details/price`, `details/price/@currency`).
///
/// Every step but the last names an element; the last names the value's element, or an
/// attribute when written `@name` or declared with `.attribute`. Slashes inside Clark
/// notation (`{http://…}local`) do not separate steps.
struct PropertyPath {
    /// The intermediate elements, outermost first; empty for a flat name.
    var steps: [XMLName]
    /// The name of the value's own element or attribute.
    var name: XMLName
    /// The form the declaration ends up with: a path decides between attribute and
    /// element, so `.property` (either) with a path becomes one of them.
    var form: PropertyBinding.Form

    init(parsing text: String, form declared: PropertyBinding.Form) {
        var parts = Self.split(text)
        if parts.isEmpty { parts = [text] }
        var last = parts.removeLast()
        let isAttribute = last.hasPrefix("@") || declared == .attribute
        if last.hasPrefix("@") { last.removeFirst() }
        steps = parts.map { XMLName(parsing: $0, unprefixed: .any) }
        name = XMLName(parsing: last, unprefixed: isAttribute && !steps.isEmpty ? .none : .any)
        switch declared {
        case .text: form = .text
        case _ where isAttribute: form = .attribute
        case .either where !steps.isEmpty: form = .element
        default: form = declared
        }
    }

    /// Whether a name has more than one step (`a/b`), ignoring slashes inside `{…}`.
    static func isPath(_ text: String) -> Bool {
        split(text).count > 1
    }

    /// The steps of `a/b/@c`, ignoring empty steps and slashes inside `{…}`.
    private static func split(_ text: String) -> [String] {
        // Most names are flat: no need to walk their characters.
        guard text.utf8.contains(UInt8(ascii: "/")) else { return text.isEmpty ? [] : [text] }
        var parts: [String] = []
        var current = ""
        var braces = 0
        for character in text {
            switch character {
            case "{": braces += 1
            case "}": braces = max(0, braces - 1)
            case "/" where braces == 0:
                if !current.isEmpty { parts.append(current) }
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

/// One element of a mapping's nested paths: the object's own element at the root, then
/// one node per intermediate or value element, shared by every path through it.
///
/// Built once per binding from its path properties; the engine pushes a frame per node
/// it enters while reading, and the serializer writes the nodes that hold a value.
final class PathNode: Sendable {
    /// The element's name (unused at the root).
    let name: XMLName
    /// The property whose value is this element's text, if any.
    let textProperty: Int?
    /// Properties read from attributes of this element, in declaration order.
    let attributes: [Int]
    /// Child elements on the way to other values, in declaration order.
    let children: [PathNode]
    /// Whether the element holds nothing but its text value: no attributes or children
    /// declared under it. Only such an element's empty text is a value (`<name/>` reads
    /// as `""`); on an element that also holds other values, empty text means none.
    let isLeaf: Bool
    /// Child slots whose objects are child elements of this element (`.children(\.models,
    /// xml: "modelList/model")` puts the slot in `modelList`), in declaration order.
    let slots: [Int]
    /// The attributes (of ``attributes``) that fill lists of optionals: an element without
    /// one gives its list a `nil`, so that the list keeps one entry per element.
    let gapFilledAttributes: [Int]
    /// For the elements of a keyed member (`.keyedMembers`), what the element is to the
    /// member; `nil` for a nested path's element. The engine sends those elements to
    /// BindingEngine+Keyed.swift.
    let keyedRole: KeyedLayout.Role?

    /// The node of one element of a keyed member's shape.
    init(keyed role: KeyedLayout.Role, name: XMLName) {
        self.name = name
        self.textProperty = nil
        self.attributes = []
        self.children = []
        self.slots = []
        self.gapFilledAttributes = []
        self.isLeaf = false
        self.keyedRole = role
    }

    private init(
        name: XMLName, textProperty: Int?, attributes: [Int], children: [PathNode], slots: [Int],
        gapFilledAttributes: [Int]
    ) {
        self.name = name
        self.textProperty = textProperty
        self.attributes = attributes
        self.children = children
        self.slots = slots
        self.gapFilledAttributes = gapFilledAttributes
        self.keyedRole = nil
        self.isLeaf = attributes.isEmpty && children.isEmpty && slots.isEmpty
    }

    /// The root node for the path properties among `properties` and the path slots among
    /// `slots`, or `nil` when there are none.
    static func root(for properties: [PropertyBinding], slots: [ChildSlot] = []) -> PathNode? {
        var root = Draft(name: XMLName(namespace: .any, local: ""))
        var any = false
        for (index, property) in properties.enumerated() where !property.path.isEmpty {
            any = true
            root.insert(
                index, steps: property.path[...], name: property.xmlName, isAttribute: property.form == .attribute)
        }
        for (index, slot) in slots.enumerated() where !slot.path.isEmpty {
            any = true
            root.insert(slot: index, steps: slot.path[...])
        }
        return any ? root.frozen(properties) : nil
    }

    /// The slot of this element's that takes a child element, matched like a path step.
    func slot(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
        owner: OwnerNamespace, in binding: ElementBinding
    ) -> Int? {
        slots.first { slot in
            guard let name = binding.childSlots[slot].xmlName else { return false }
            return name.local.utf8.elementsEqual(local)
                && PropertyBinding.matches(name, uri: uri, prefix: prefix, attribute: false, owner: owner)
        }
    }

    /// The child node for an element, matched like an element property's name: an
    /// unprefixed step matches no namespace or that of the mapping's own element.
    func child(
        local: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?,
        owner: OwnerNamespace
    ) -> PathNode? {
        children.first { node in
            node.name.local.utf8.elementsEqual(local)
                && PropertyBinding.matches(node.name, uri: uri, prefix: prefix, attribute: false, owner: owner)
        }
    }

    /// A node under construction.
    private struct Draft {
        var name: XMLName
        var textProperty: Int?
        var attributes: [Int] = []
        var children: [Draft] = []
        var slots: [Int] = []

        init(name: XMLName) { self.name = name }

        mutating func insert(slot: Int, steps: ArraySlice<XMLName>) {
            guard let step = steps.first else {
                slots.append(slot)
                return
            }
            let child = childIndex(step)
            children[child].insert(slot: slot, steps: steps.dropFirst())
        }

        mutating func insert(_ index: Int, steps: ArraySlice<XMLName>, name leaf: XMLName, isAttribute: Bool) {
            guard let step = steps.first else {
                if isAttribute {
                    attributes.append(index)
                } else {
                    let child = childIndex(leaf)
                    if children[child].textProperty == nil { children[child].textProperty = index }
                }
                return
            }
            let child = childIndex(step)
            children[child].insert(index, steps: steps.dropFirst(), name: leaf, isAttribute: isAttribute)
        }

        private mutating func childIndex(_ name: XMLName) -> Int {
            if let found = children.firstIndex(where: {
                $0.name.local == name.local && $0.name.namespace == name.namespace
            }) {
                return found
            }
            children.append(Draft(name: name))
            return children.count - 1
        }

        func frozen(_ properties: [PropertyBinding]) -> PathNode {
            PathNode(
                name: name, textProperty: textProperty, attributes: attributes,
                children: children.map { $0.frozen(properties) }, slots: slots,
                gapFilledAttributes: attributes.filter { properties[$0].collection?.makeGapFiller != nil })
        }
    }
}
