/// Writing keyed members (`.keyedMembers`) in the shape they are read in: each member as
/// its member element, with its key (a key element's text or an attribute) and its value
/// (bare text, text in the typed wrapper its Swift type is declared for, an object's own
/// element, or the list path with one item element per value), in declaration order.
///
/// A member is rendered as a ``RenderedPath`` and written as nested paths are: a member
/// that holds objects through the serializer's stack of frames, any other at once.
extension Serializer {
    /// The members a keyed declaration writes for one object: none for a `nil` or empty
    /// value, one for a single value or a list written through the list path, one per
    /// value for a list without one.
    mutating func renderMembers(_ item: DeclaredItem, of form: WritingForm, _ box: AnyObject) -> [RenderedPath] {
        let binding = form.binding
        guard let keyed = binding.keyed else { return [] }
        let owner = form.target
        let listed = !keyed.listSteps.isEmpty
        switch item {
        case .property(let index):
            let property = binding.properties[index]
            let key = property.memberKey ?? ""
            guard let collection = property.collection else {
                guard let text = value(index, of: binding, box) else { return [] }
                let value = scalar(text, index: index, type: property.valueType, keyed, owner: owner)
                return [member(key, value: value, keyed, owner: owner)]
            }
            let values = collection.read(box).compactMap { entry in
                entry.text.map { scalar($0, index: index, type: collection.elementType, keyed, owner: owner) }
            }
            guard !values.isEmpty else { return [] }
            guard listed else { return values.map { member(key, value: $0, keyed, owner: owner) } }
            return [member(key, value: list(values, keyed, owner: owner), keyed, owner: owner)]
        case .child(let slot):
            let declared = binding.childSlots[slot]
            let key = declared.memberKey ?? ""
            let children = declared.read(box).filter { OptionalValue.unwrapped($0) != nil }
            guard !children.isEmpty else { return [] }
            let target = plan.child(.inherit, of: owner)
            let values = children.map { child in
                MemberContent(children: [], objects: [(children: [child], name: nil)], target: target, inline: false)
            }
            guard listed, !declared.isSingle else { return values.map { member(key, value: $0, keyed, owner: owner) } }
            return [member(key, value: list(values, keyed, owner: owner), keyed, owner: owner)]
        }
    }

    /// What goes inside a value element (or a member that is its own value).
    struct MemberContent {
        var text: (index: Int, value: String)?
        var children: [RenderedPath]
        var objects: [(children: [Any], name: XMLName?)] = []
        var target: NamespacePlan.Target = .inherit
        /// Whether nothing is indented inside (a scalar's wrapper stays on its value's line).
        var inline = true
    }

    /// A scalar: in the typed wrapper its type is declared for, or as bare text.
    private func scalar(
        _ text: String, index: Int, type: Any.Type, _ keyed: KeyedLayout, owner: NamespacePlan.Target
    ) -> MemberContent {
        guard let wrapper = keyed.wrapper(for: type) else {
            return MemberContent(text: (index, text), children: [])
        }
        let written = keyed.wrapperWritten[wrapper].map { $0(text) } ?? text
        return MemberContent(
            children: [
                RenderedPath(
                    name: name(keyed.wrappers[wrapper], owner), attributes: [], text: (index, written), children: [],
                    holdsText: true)
            ])
    }

    /// A list's values inside the list path: `array/data/value` around each.
    private func list(_ values: [MemberContent], _ keyed: KeyedLayout, owner: NamespacePlan.Target) -> MemberContent {
        guard let itemName = keyed.listSteps.last else { return MemberContent(children: []) }
        var level = values.map { element(name(itemName, owner), $0) }
        for step in keyed.listSteps.dropLast().reversed() {
            level = [
                RenderedPath(name: name(step, owner), attributes: [], text: nil, children: level, holdsText: false)
            ]
        }
        return MemberContent(children: level, inline: false)
    }

    /// One member element with its key and value.
    private func member(
        _ key: String, value: MemberContent, _ keyed: KeyedLayout, owner: NamespacePlan.Target
    ) -> RenderedPath {
        var attributes: [(index: Int, name: String, value: String)] = []
        var children: [RenderedPath] = []
        if let attribute = keyed.keyAttribute {
            attributes.append((-1, plan.qualified(attribute.local, plan.target(of: attribute, attribute: true)), key))
        }
        if let keyElement = keyed.keyElement {
            children.append(
                RenderedPath(
                    name: name(keyElement, owner), attributes: [], text: (-1, key), children: [], holdsText: true))
        }
        guard let valueElement = keyed.valueElement else {
            // Registration refuses a key element without a value element: text would
            // come before the key.
            var path = element(name(keyed.member, owner), value)
            path.attributes = attributes
            return path
        }
        children.append(element(name(valueElement, owner), value))
        return RenderedPath(
            name: name(keyed.member, owner), attributes: attributes, text: nil, children: children, holdsText: false)
    }

    /// An element holding a value's content.
    private func element(_ name: String, _ content: MemberContent) -> RenderedPath {
        RenderedPath(
            name: name, attributes: [], text: content.text, children: content.children,
            holdsText: content.inline, objects: content.objects, target: content.target)
    }

    /// A shape element's name as written, in the keyed element's namespace when unprefixed.
    private func name(_ declared: XMLName, _ owner: NamespacePlan.Target) -> String {
        plan.qualified(declared.local, plan.child(plan.target(of: declared, attribute: false), of: owner))
    }

    /// Notes the shape's names for the namespace plan.
    mutating func noteKeyedNames(_ keyed: KeyedLayout) {
        for name in keyed.elementNames { plan.note(plan.target(of: name, attribute: false), attribute: false) }
        if let attribute = keyed.keyAttribute {
            plan.note(plan.target(of: attribute, attribute: true), attribute: true)
        }
    }
}
