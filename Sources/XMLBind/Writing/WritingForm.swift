/// How the objects of one binding are written, worked out once per document (once the
/// namespace plan has given every URI its prefix): the element's name, each attribute's
/// ` name="` and each element-form value's tags as bytes, and the order of the content.
///
/// The serializer then writes an object by copying these bytes and escaping its values,
/// without building a name or a list of items per element. A class, so that the
/// serializer reads it in place.
final class WritingForm {
    /// One piece of an element's content, in declaration order.
    ///
    /// Every payload is a number (tags, paths, key names and slot lists are indices into
    /// the form's tables), so a step is copied per use without a retain or release.
    enum Step {
        /// An element-form value: `<name>value</name>`, or `<name/>` when it is empty;
        /// its tags in ``WritingForm/tags``.
        case element(Value, tags: Int)
        /// The element's own text (`.text`).
        case text(Value)
        /// The elements of a nested path (``WritingForm/pathNodes``), written where its
        /// first property is declared.
        case path(Int)
        /// A list's or map's values (issue 13): one element each (its tags in
        /// ``WritingForm/tags``), with a map's key attribute (its ` name` in
        /// ``WritingForm/keyNames``, or -1 for a list).
        case entries(index: Int, tags: Int, keyName: Int)
        /// The children in one child slot (`.children`, `.child`).
        case children(slot: Int, direct: DirectChildren?)
        /// The children of several slots (``WritingForm/slotGroups``) in the order a
        /// `.childOrder` list gives (written where the first of them is declared).
        case orderedChildren(group: Int)
        /// A keyed member (`.keyedMembers`), written in the member shape (Serializer+Keyed.swift).
        case member(DeclaredItem)
        /// The child elements kept by `.otherElements`, after the declared content
        /// (Serializer+KeptElements.swift).
        case keptElements
        /// The elements one named kept slot holds (`.element` of an `XMLElementNode?`,
        /// `.elements` of an `[XMLElementNode]`), where it is declared.
        case namedKept(Int)
    }

    /// Where a property's value is read from.
    struct Value {
        let index: Int
        /// The field of a `String` or `String?` with its built-in conversion, read directly;
        /// -1 when the value is read through its key path and conversion.
        let textOffset: Int
        let textIsOptional: Bool
        /// The field of a `Bool` with its own conversion, or -1.
        let boolOffset: Int

        /// - Parameter readsField: Whether the value may be read from its field: not when
        ///   it is compared with its default first (`.omittedWhenDefault()`).
        init(_ index: Int, _ setter: SetterSlot, readsField: Bool = true) {
            self.index = index
            textOffset = readsField ? setter.textOffset : -1
            textIsOptional = setter.textIsOptional
            boolOffset = readsField ? setter.boolOffset : -1
        }

        /// Whether the value is read from its field.
        var isPlain: Bool { textOffset >= 0 || boolOffset >= 0 }
    }

    /// A child slot whose children are class instances held in a known field: read as
    /// references, without making an array of `Any`.
    struct DirectChildren {
        let offset: Int
        /// `[C]`; else `C` or `C?`.
        let isArray: Bool
    }

    /// The tags of an element-form value, in one reference (a step is copied per use).
    final class ElementTags {
        /// `<name>`, `</name>` and `<name/>`; `<name`, for a start tag with attributes.
        let open: [UInt8]
        let close: [UInt8]
        let empty: [UInt8]
        let start: [UInt8]

        init(_ name: String) {
            let name = Array(name.utf8)
            start = [UInt8(ascii: "<")] + name
            open = start + [UInt8(ascii: ">")]
            close = [UInt8(ascii: "<"), UInt8(ascii: "/")] + name + [UInt8(ascii: ">")]
            empty = [UInt8(ascii: "<")] + name + [UInt8(ascii: "/"), UInt8(ascii: ">")]
        }
    }

    /// An attribute-form property and where what is written before its value is kept.
    ///
    /// No array of its own: copying one per attribute written would retain it.
    struct Attribute {
        let value: Value
        /// Where ` name="` is in ``WritingForm/attributeStarts``.
        let start: Range<Int>
    }

    let binding: ElementBinding
    /// `<name`, or `nil` when each object says its own namespace (``NamespaceAware``).
    let open: [UInt8]?
    /// `</name>`, or `nil` as for ``open``.
    let close: [UInt8]?
    let attributes: [Attribute]
    /// Every attribute's ` name="`, one after the other.
    let attributeStarts: [UInt8]
    let steps: [Step]
    /// The tags of the `.element` and `.entries` steps.
    let tags: [ElementTags]
    /// The nested paths of the `.path` steps.
    let pathNodes: [PathNode]
    /// The key attribute names of the `.entries` steps of maps.
    let keyNames: [String]
    /// The slot lists of the `.orderedChildren` steps.
    let slotGroups: [[Int]]
    /// Whether the element holds text (`.text`, `.mixedText`): nothing is indented inside it, since
    /// whitespace would become part of its value.
    let holdsText: Bool
    /// Whether the element keeps its text in pieces among its children (`.mixedText`).
    let writesPieces: Bool
    /// The element's namespace as its type is registered, which unprefixed child names are written in.
    let target: NamespacePlan.Target
    /// Whether the base of the object's fields can be found for ``Attribute/textOffset``.
    let isClass: Bool
    /// The keyed shape's names and keys as written, for a mapping with `.keyedMembers`.
    let keyed: KeyedForm?
    /// For each child slot that names its children (`xml:`, no path): their tags, in the
    /// element's namespace when unprefixed, as they are read.
    let slotTags: [ElementTags?]

    init(_ binding: ElementBinding, plan: NamespacePlan, placement: (PropertyBinding) -> Serializer.Placement) {
        self.binding = binding
        isClass = binding.isClass
        holdsText = binding.keepsOwnText
        writesPieces = binding.mixedTextSlot != nil
        let target = plan.target(of: binding.elementName)
        self.target = target
        keyed = binding.keyed.map { KeyedForm($0, binding, plan: plan, owner: target) }
        slotTags = binding.childSlots.map { slot in
            guard let name = slot.xmlName, slot.path.isEmpty, !slot.isKeyed else { return nil }
            return ElementTags(
                plan.qualified(name.local, plan.child(plan.target(of: name, attribute: false), of: target)))
        }
        if binding.access.readNamespace == nil {
            let name = Array(plan.qualified(binding.elementName.local, plan.target(of: binding.elementName)).utf8)
            open = [UInt8(ascii: "<")] + name
            close = [UInt8(ascii: "<"), UInt8(ascii: "/")] + name + [UInt8(ascii: ">")]
        } else {
            open = nil
            close = nil
        }
        var attributes: [Attribute] = []
        var attributeStarts: [UInt8] = []
        for (index, property) in binding.properties.enumerated()
        where property.path.isEmpty && property.collection == nil && !property.isKeyed
            && placement(property) == .attribute
        {
            let name = plan.qualified(property.xmlName.local, plan.target(of: property.xmlName, attribute: true))
            let first = attributeStarts.count
            attributeStarts += XMLWriter.attributeStart(name)
            attributes.append(
                Attribute(
                    value: Value(index, binding.setters[index], readsField: !binding.properties[index].omitsDefault),
                    start: first..<attributeStarts.count))
        }
        self.attributes = attributes
        self.attributeStarts = attributeStarts
        var steps: [Step] = []
        var tags: [ElementTags] = []
        var pathNodes: [PathNode] = []
        var keyNames: [String] = []
        var slotGroups: [[Int]] = []
        var writtenPaths: Set<ObjectIdentifier> = []
        // Two `.elements` into one key path fill one list: it is written once, with the
        // first declaration's element (which one each value came from is not kept).
        var writtenLists: Set<AnyKeyPath> = []
        // Named kept elements go before the declaration that followed them, or with
        // `.childOrder` among the child objects.
        var nextKept = 0
        func placeKept(before position: Int) {
            let kept = binding.namedKeptSlots
            while nextKept < kept.count, kept[nextKept].position <= position {
                if binding.childOrderSlot == nil {
                    steps.append(.namedKept(nextKept))
                } else if slotGroups.isEmpty {
                    steps.append(.orderedChildren(group: 0))
                    slotGroups.append([])
                }
                nextKept += 1
            }
        }
        for (position, declared) in binding.contentOrder.enumerated() {
            placeKept(before: position)
            if binding.isKeyed(declared) {
                steps.append(.member(declared))
                continue
            }
            switch declared {
            case .property(let index):
                let property = binding.properties[index]
                if let first = property.path.first {
                    if let node = binding.paths?.children.first(where: { $0.name == first }),
                        writtenPaths.insert(ObjectIdentifier(node)).inserted
                    {
                        steps.append(.path(pathNodes.count))
                        pathNodes.append(node)
                    }
                    continue
                }
                if property.collection != nil {
                    guard writtenLists.insert(property.keyPath).inserted else { continue }
                    let name = plan.qualified(
                        property.xmlName.local,
                        plan.child(plan.target(of: property.xmlName, attribute: false), of: target))
                    let keyName = property.collection?.key.map {
                        plan.qualified($0.local, plan.target(of: $0, attribute: true))
                    }
                    steps.append(
                        .entries(index: index, tags: tags.count, keyName: keyName == nil ? -1 : keyNames.count))
                    tags.append(ElementTags(name))
                    if let keyName { keyNames.append(keyName) }
                    continue
                }
                switch placement(property) {
                case .attribute: continue
                case .text:
                    steps.append(
                        .text(Value(index, binding.setters[index], readsField: !binding.properties[index].omitsDefault))
                    )
                case .element:
                    // An unprefixed name goes in the element's own namespace (see NamespacePlan.child).
                    let name = plan.qualified(
                        property.xmlName.local,
                        plan.child(
                            plan.target(of: property.xmlName, attribute: false),
                            of: target))
                    steps.append(
                        .element(
                            Value(index, binding.setters[index], readsField: !binding.properties[index].omitsDefault),
                            tags: tags.count))
                    tags.append(ElementTags(name))
                }
            case .child(let slot):
                if let first = binding.childSlots[slot].path.first {
                    // A slot through a path (issue 13): written inside its path's elements.
                    if let node = binding.paths?.children.first(where: { $0.name == first }),
                        writtenPaths.insert(ObjectIdentifier(node)).inserted
                    {
                        steps.append(.path(pathNodes.count))
                        pathNodes.append(node)
                    }
                    continue
                }
                if binding.childOrderSlot != nil, !binding.childSlots[slot].isKeyed {
                    // `.childOrder`: the slots are written together, in the order it keeps.
                    if slotGroups.isEmpty {
                        steps.append(.orderedChildren(group: 0))
                        slotGroups.append([slot])
                    } else {
                        slotGroups[0].append(slot)
                    }
                    continue
                }
                steps.append(.children(slot: slot, direct: Self.directChildren(binding, slot)))
            }
        }
        placeKept(before: Int.max)
        if binding.keptElementsSlot != nil {
            if binding.childOrderSlot == nil {
                steps.append(.keptElements)
            } else if slotGroups.isEmpty {
                // `.childOrder` places them among the child objects; without slots, at the end.
                steps.append(.orderedChildren(group: 0))
                slotGroups.append([])
            }
        }
        self.steps = steps
        self.tags = tags
        self.pathNodes = pathNodes
        self.keyNames = keyNames
        self.slotGroups = slotGroups
    }

    /// How a slot's children can be read as references, if they can: an array of a class
    /// (`.children` with a class element type) or one reference (`.child` of a class), in
    /// a field at a known offset.
    static func directChildren(_ binding: ElementBinding, _ slot: Int) -> DirectChildren? {
        let childSlot = binding.childSlots[slot]
        guard childSlot.elementClass != nil, let offset = binding.childSlotOffsets[slot] else { return nil }
        if childSlot.storeAll != nil { return DirectChildren(offset: offset, isArray: true) }
        if childSlot.holdsOneReference { return DirectChildren(offset: offset, isArray: false) }
        return nil
    }
}
