/// Writing keyed members (`.keyedMembers`) in the shape they are read in: each member as
/// its member element, with its key (a key element's text or an attribute) and its value
/// (bare text, text in the typed wrapper its Swift type is declared for, an object's own
/// element, or the list path with one item element per value), in declaration order.
///
/// A scalar member, or a list of scalars, is written straight from the ``KeyedForm``'s
/// bytes around its escaped values. A member that holds objects is rendered as a
/// ``RenderedPath`` (with the form's names) and written as nested paths are, through the
/// serializer's stack of frames.
extension Serializer {
    /// Writes the members one keyed declaration gives an object: none for a `nil` or empty
    /// value, one for a single value or a list written through the list path, one per
    /// value for a list without one.
    ///
    /// - Returns: The frame of a member that holds objects, to go on the stack.
    mutating func writeMembers(_ item: DeclaredItem, of form: WritingForm, in frame: inout Frame)
        throws(XMLBindError) -> Frame?
    {
        guard let keyed = form.keyed else { return nil }
        switch item {
        case .property(let index):
            try writePropertyMembers(index, keyed, form.binding, in: &frame)
            return nil
        case .child(let slot):
            return try writeChildMembers(slot, keyed, form, in: &frame)
        }
    }

    // MARK: Scalars

    private mutating func writePropertyMembers(
        _ index: Int, _ keyed: KeyedForm, _ binding: ElementBinding, in frame: inout Frame
    ) throws(XMLBindError) {
        guard let key = keyed.propertyKeys[index] else { return }
        let wrapper = keyed.propertyWrappers[index]
        let depth = frame.depth + 1
        let inline = frame.inline
        guard let collection = binding.properties[index].collection else {
            guard let text = value(index, of: binding, frame.box) else { return }
            open(&frame)
            newline(depth, unless: inline)
            frame.wroteElement = true
            if inline || options.layout.indent == nil, let markup = keyed.scalarMarkup[index] {
                // The markup around the value in one piece each side (see KeyedForm.scalarMarkup).
                let written = wrapper < 0 ? text : keyed.wrapperWritten[wrapper].map { $0(text) } ?? text
                if !written.isEmpty {
                    keyed.scalarBytes.withUnsafeBytes { writer.raw(UnsafeRawBufferPointer(rebasing: $0[markup.open])) }
                    try writeValue(written, index, binding)
                    keyed.scalarBytes.withUnsafeBytes { writer.raw(UnsafeRawBufferPointer(rebasing: $0[markup.close])) }
                    return
                }
            }
            try writeScalarMember(
                text, key: key, index: index, wrapper: wrapper, keyed, binding, depth: depth, inline: inline)
            return
        }
        // A `nil` of a list of optionals has no element of its own to stand for it.
        let texts = collection.read(frame.box).compactMap(\.text)
        guard !texts.isEmpty else { return }
        open(&frame)
        frame.wroteElement = true
        guard let item = keyed.item else {
            for text in texts {
                newline(depth, unless: inline)
                try writeScalarMember(
                    text, key: key, index: index, wrapper: wrapper, keyed, binding, depth: depth, inline: inline)
            }
            return
        }
        newline(depth, unless: inline)
        let listDepth: Int
        if let value = keyed.value {
            try startMember(key, keyed, binding, depth: depth, inline: inline)
            writer.raw(value.tags.open)
            listDepth = depth + 2
        } else {
            writer.raw(keyed.member.start)
            try writeKey(key, binding)
            writer.raw(UInt8(ascii: ">"))
            listDepth = depth + 1
        }
        for (step, element) in keyed.listSteps.enumerated() {
            newline(listDepth + step, unless: inline)
            writer.raw(element.tags.open)
        }
        let itemDepth = listDepth + keyed.listSteps.count
        for text in texts {
            newline(itemDepth, unless: inline)
            writer.raw(item.start)
            try finishScalar(text, index: index, wrapper: wrapper, close: item.tags.close, keyed, binding)
        }
        for (step, element) in keyed.listSteps.enumerated().reversed() {
            newline(listDepth + step, unless: inline)
            writer.raw(element.tags.close)
        }
        if let value = keyed.value {
            newline(depth + 1, unless: inline)
            writer.raw(value.tags.close)
        }
        newline(depth, unless: inline)
        writer.raw(keyed.member.tags.close)
    }

    /// One member holding one scalar.
    private mutating func writeScalarMember(
        _ text: String, key: KeyedForm.Key, index: Int, wrapper: Int, _ keyed: KeyedForm, _ binding: ElementBinding,
        depth: Int, inline: Bool
    ) throws(XMLBindError) {
        guard let value = keyed.value else {
            // Registration refuses a key element without a value element: text would
            // come before the key.
            writer.raw(keyed.member.start)
            try writeKey(key, binding)
            try finishScalar(text, index: index, wrapper: wrapper, close: keyed.member.tags.close, keyed, binding)
            return
        }
        try startMember(key, keyed, binding, depth: depth, inline: inline)
        writer.raw(value.start)
        try finishScalar(text, index: index, wrapper: wrapper, close: value.tags.close, keyed, binding)
        newline(depth, unless: inline)
        writer.raw(keyed.member.tags.close)
    }

    /// `<member>` with its key, and the line the value element starts on.
    private mutating func startMember(
        _ key: KeyedForm.Key, _ keyed: KeyedForm, _ binding: ElementBinding, depth: Int, inline: Bool
    ) throws(XMLBindError) {
        writer.raw(keyed.member.start)
        if keyed.keyAttribute != nil { try writeKey(key, binding) }
        writer.raw(UInt8(ascii: ">"))
        if keyed.keyElement != nil {
            newline(depth + 1, unless: inline)
            try writeKey(key, binding)
        }
        newline(depth + 1, unless: inline)
    }

    /// The key as the form holds it, or the error for a character XML cannot hold.
    private mutating func writeKey(_ key: KeyedForm.Key, _ binding: ElementBinding) throws(XMLBindError) {
        switch key {
        case .written(let bytes): writer.raw(bytes)
        case .refused(let error): throw Self.invalid(error, "a member key", binding)
        }
    }

    /// Ends a start tag whose name (and attributes) are written with a scalar as the
    /// element's content: in its typed wrapper, or as bare text; `/>` for empty bare text.
    private mutating func finishScalar(
        _ text: String, index: Int, wrapper: Int, close: [UInt8], _ keyed: KeyedForm, _ binding: ElementBinding
    ) throws(XMLBindError) {
        guard wrapper >= 0 else {
            guard !text.isEmpty else {
                writer.raw(UInt8(ascii: "/"))
                writer.raw(UInt8(ascii: ">"))
                return
            }
            writer.raw(UInt8(ascii: ">"))
            try writeValue(text, index, binding)
            writer.raw(close)
            return
        }
        let written = keyed.wrapperWritten[wrapper].map { $0(text) } ?? text
        let tags = keyed.wrappers[wrapper].tags
        writer.raw(UInt8(ascii: ">"))
        if written.isEmpty {
            writer.raw(tags.empty)
        } else {
            writer.raw(tags.open)
            try writeValue(written, index, binding)
            writer.raw(tags.close)
        }
        writer.raw(close)
    }

    // MARK: Objects

    /// Writes the members of a child slot: each object inside its member's value element,
    /// on the serializer's stack of frames.
    private mutating func writeChildMembers(_ slot: Int, _ keyed: KeyedForm, _ form: WritingForm, in frame: inout Frame)
        throws(XMLBindError) -> Frame?
    {
        let members = renderMembers(slot, keyed, form, frame.box)
        guard !members.isEmpty else { return nil }
        open(&frame)
        frame.wroteElement = true
        guard members.count > 1 else {
            newline(frame.depth + 1, unless: frame.inline)
            return try startPath(members[0], of: frame, depth: frame.depth + 1, inline: frame.inline)
        }
        // Several members: a frame without tags of its own writes them in turn.
        var holder = Frame(
            form: frame.form, box: frame.box, end: .extras, depth: frame.depth, inline: frame.inline,
            extras: frameExtras.count)
        holder.opened = true
        frameExtras.append(FrameExtras(queue: members.map { .path($0) }))
        return holder
    }

    /// The members of a child slot, one per object, or one holding them all in the list path.
    private func renderMembers(_ slot: Int, _ keyed: KeyedForm, _ form: WritingForm, _ box: AnyObject)
        -> [RenderedPath]
    {
        let declared = form.binding.childSlots[slot]
        let key = declared.memberKey ?? ""
        let children = declared.read(box).filter { OptionalValue.unwrapped($0) != nil }
        guard !children.isEmpty else { return [] }
        let target = plan.child(.inherit, of: form.target)
        let values = children.map { child in
            MemberContent(children: [], objects: [(children: [child], name: nil)], target: target)
        }
        guard let item = keyed.item, !declared.isSingle else { return values.map { member(key, value: $0, keyed) } }
        var level = values.map { element(item.name, $0) }
        for step in keyed.listSteps.reversed() {
            level = [RenderedPath(name: step.name, attributes: [], text: nil, children: level, holdsText: false)]
        }
        return [member(key, value: MemberContent(children: level), keyed)]
    }

    /// What goes inside a value element (or a member that is its own value).
    private struct MemberContent {
        var children: [RenderedPath]
        var objects: [(children: [Any], name: XMLName?)] = []
        var target: NamespacePlan.Target = .inherit
    }

    /// One member element with its key and value.
    private func member(_ key: String, value: MemberContent, _ keyed: KeyedForm) -> RenderedPath {
        let attributes = keyed.keyAttribute.map { [(index: -1, name: $0, value: key)] } ?? []
        guard let valueElement = keyed.value else {
            var path = element(keyed.member.name, value)
            path.attributes = attributes
            return path
        }
        var children: [RenderedPath] = []
        if let keyElement = keyed.keyElement {
            children.append(
                RenderedPath(name: keyElement.name, attributes: [], text: (-1, key), children: [], holdsText: true))
        }
        children.append(element(valueElement.name, value))
        return RenderedPath(
            name: keyed.member.name, attributes: attributes, text: nil, children: children, holdsText: false)
    }

    /// An element holding objects or list steps: never inline.
    private func element(_ name: String, _ content: MemberContent) -> RenderedPath {
        RenderedPath(
            name: name, attributes: [], text: nil, children: content.children, holdsText: false,
            objects: content.objects, target: content.target)
    }

    /// Notes the shape's names for the namespace plan.
    mutating func noteKeyedNames(_ keyed: KeyedLayout) {
        for name in keyed.elementNames { plan.note(plan.target(of: name, attribute: false), attribute: false) }
        if let attribute = keyed.keyAttribute {
            plan.note(plan.target(of: attribute, attribute: true), attribute: true)
        }
    }
}
