extension Serializer {
    /// A nested-path element with the values under it, formatted.
    ///
    /// Paths are declared, so their depth is the declarations', not the document's: they
    /// are rendered and written recursively.
    struct RenderedPath {
        var name: String
        var attributes: [(index: Int, name: String, value: String)]
        var text: (index: Int, value: String)?
        var children: [RenderedPath]
        var holdsText: Bool
        /// Child objects of slots through this element (issue 13), with their slot's name.
        var objects: [(children: [Any], name: XMLName?)] = []
        /// The element's namespace, for the objects' names.
        var target: NamespacePlan.Target = .inherit

        /// Whether objects are written in the element or one under it: then it is written
        /// on the serializer's stack of frames, as objects' elements are.
        var holdsObjects: Bool { !objects.isEmpty || children.contains { $0.holdsObjects } }
    }

    /// A piece of a path element's content written from its frame.
    enum PathItem {
        case path(RenderedPath)
        case objects([Any], slotName: XMLName?)
    }

    /// Writes a path element's start tag, attributes and text, and makes the frame that
    /// writes its nested paths and objects.
    mutating func startPath(_ path: RenderedPath, of owner: Frame, depth: Int, inline: Bool) throws(XMLBindError)
        -> Frame
    {
        let binding = forms[owner.form].binding
        try writeStart(path, binding)
        writer.raw(">")
        if let text = path.text { try writeValue(text.value, text.index, binding) }
        var frame = Frame(
            form: owner.form, box: owner.box, end: .extras, depth: depth, inline: inline || path.holdsText,
            extras: frameExtras.count)
        frame.opened = true
        frameExtras.append(
            FrameExtras(
                close: Array(("</" + path.name + ">").utf8), slotParent: path.target,
                queue: path.children.map { .path($0) } + path.objects.map { .objects($0.children, slotName: $0.name) }))
        return frame
    }

    /// Writes a nested path of a path element's frame, or hands its objects to the frame.
    ///
    /// - Returns: The frame of a nested path element that holds objects, to go on the stack.
    mutating func write(_ item: PathItem, in frame: inout Frame) throws(XMLBindError) -> Frame? {
        switch item {
        case .path(let path):
            newline(frame.depth + 1, unless: frame.inline)
            frame.wroteElement = true
            if path.holdsObjects { return try startPath(path, of: frame, depth: frame.depth + 1, inline: frame.inline) }
            try writePath(path, forms[frame.form].binding, depth: frame.depth + 1, inline: frame.inline)
        case .objects(let objects, let slotName):
            // Qualified once per path element, for all its children.
            let parent = frameExtras[frame.extras].slotParent
            let tags = slotName.map { name in
                WritingForm.ElementTags(
                    plan.qualified(name.local, plan.child(plan.target(of: name, attribute: false), of: parent)))
            }
            frameExtras[frame.extras].slotTags = tags
            frame.slotTags = tags == nil ? .none : .extras
            frame.children.load(objects)
        }
        return nil
    }

    /// A path element with its values, or `nil` when nothing under it has a value.
    ///
    /// - Parameter owner: The namespace of the element the path element is in.
    mutating func render(
        _ node: PathNode, _ binding: ElementBinding, _ box: AnyObject, owner: NamespacePlan.Target
    ) -> RenderedPath? {
        let attributes = node.attributes.compactMap { index -> (Int, String, String)? in
            guard let value = value(index, of: binding, box) else { return nil }
            let name = binding.properties[index].xmlName
            return (index, plan.qualified(name.local, plan.target(of: name, attribute: true)), value)
        }
        var text = node.textProperty.flatMap { index in value(index, of: binding, box).map { (index, $0) } }
        // Empty text is only a value on an element that holds nothing else (see the engine).
        if !node.isLeaf, text?.1.isEmpty == true { text = nil }
        let target = plan.child(plan.target(of: node.name, attribute: false), of: owner)
        let children = node.children.flatMap { renderAll($0, binding, box, owner: target) }
        let objects = node.slots.compactMap { slot -> (children: [Any], name: XMLName?)? in
            let children = binding.childSlots[slot].read(box)
            return children.isEmpty ? nil : (children, binding.childSlots[slot].xmlName)
        }
        guard !attributes.isEmpty || text != nil || !children.isEmpty || !objects.isEmpty else { return nil }
        return RenderedPath(
            name: plan.qualified(node.name.local, target), attributes: attributes, text: text, children: children,
            holdsText: node.textProperty != nil, objects: objects, target: target)
    }

    /// A path element, once per value when it repeats for a list (issue 13), else as
    /// ``render(_:_:_:owner:)`` gives it.
    mutating func renderAll(
        _ node: PathNode, _ binding: ElementBinding, _ box: AnyObject, owner: NamespacePlan.Target
    ) -> [RenderedPath] {
        let held = node.textProperty ?? node.attributes.first
        guard let index = held, let collection = binding.properties[index].collection else {
            return render(node, binding, box, owner: owner).map { [$0] } ?? []
        }
        let name = plan.qualified(node.name.local, plan.child(plan.target(of: node.name, attribute: false), of: owner))
        if node.attributes.count > 1 { return renderAligned(node, binding, box, name: name) }
        let property = binding.properties[index]
        return collection.read(box).compactMap { entry in
            guard node.textProperty == nil else {
                // A `nil` in a list of element texts has no element to stand for it.
                return entry.text.map {
                    RenderedPath(name: name, attributes: [], text: (index, $0), children: [], holdsText: true)
                }
            }
            // A `nil` in a list from an attribute is an element without the attribute.
            let attribute = plan.qualified(property.xmlName.local, plan.target(of: property.xmlName, attribute: true))
            return RenderedPath(
                name: name, attributes: entry.text.map { [(index, attribute, $0)] } ?? [], text: nil, children: [],
                holdsText: false)
        }
    }

    /// A repeated path element that holds several lists of optionals from its attributes
    /// (registration allows nothing else there): element *i* carries entry *i* of each
    /// list, and no attribute for a `nil` one; as many elements as the longest list.
    private mutating func renderAligned(
        _ node: PathNode, _ binding: ElementBinding, _ box: AnyObject, name: String
    ) -> [RenderedPath] {
        let lists = node.attributes.map { index in
            let property = binding.properties[index]
            let attribute = plan.qualified(property.xmlName.local, plan.target(of: property.xmlName, attribute: true))
            return (index, attribute, property.collection?.read(box).map(\.text) ?? [])
        }
        let count = lists.map(\.2.count).max() ?? 0
        return (0..<count).map { position in
            let attributes = lists.compactMap { index, attribute, texts -> (Int, String, String)? in
                guard position < texts.count, let text = texts[position] else { return nil }
                return (index, attribute, text)
            }
            return RenderedPath(name: name, attributes: attributes, text: nil, children: [], holdsText: false)
        }
    }

    /// Writes a path element that holds no objects, with everything under it.
    mutating func writePath(
        _ path: RenderedPath, _ binding: ElementBinding, depth: Int, inline: Bool
    ) throws(XMLBindError) {
        try writeStart(path, binding)
        guard path.text.map({ !$0.value.isEmpty }) ?? false || !path.children.isEmpty else {
            writer.raw("/>")
            return
        }
        writer.raw(">")
        if let text = path.text { try writeValue(text.value, text.index, binding) }
        let inlineInside = inline || path.holdsText
        for child in path.children {
            newline(depth + 1, unless: inlineInside)
            try writePath(child, binding, depth: depth + 1, inline: inlineInside)
        }
        if !path.children.isEmpty { newline(depth, unless: inlineInside) }
        writer.raw("</" + path.name + ">")
    }

    /// `<name` and the path element's attributes.
    private mutating func writeStart(_ path: RenderedPath, _ binding: ElementBinding) throws(XMLBindError) {
        writer.raw("<" + path.name)
        for attribute in path.attributes {
            let what =
                attribute.index < 0 ? "a member key" : "property '\(binding.properties[attribute.index].propertyName)'"
            try checked(what, binding) {
                try $0.attribute(attribute.name, attribute.value)
            }
        }
    }
}
