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
    }

    /// A path element with its values, or `nil` when nothing under it has a value.
    mutating func render(_ node: PathNode, _ binding: ElementBinding, _ box: AnyObject) -> RenderedPath? {
        let attributes = node.attributes.compactMap { index -> (Int, String, String)? in
            guard let value = value(index, of: binding, box) else { return nil }
            let name = binding.properties[index].xmlName
            return (index, plan.qualified(name.local, plan.target(of: name, attribute: true)), value)
        }
        var text = node.textProperty.flatMap { index in value(index, of: binding, box).map { (index, $0) } }
        // Empty text is only a value on an element that holds nothing else (see the engine).
        if !node.isLeaf, text?.1.isEmpty == true { text = nil }
        let children = node.children.compactMap { render($0, binding, box) }
        guard !attributes.isEmpty || text != nil || !children.isEmpty else { return nil }
        return RenderedPath(
            name: plan.qualified(
                node.name.local,
                plan.child(plan.target(of: node.name, attribute: false), of: plan.target(of: binding.elementName))),
            attributes: attributes, text: text, children: children, holdsText: node.textProperty != nil)
    }

    mutating func writePath(
        _ path: RenderedPath, _ binding: ElementBinding, depth: Int, inline: Bool
    ) throws(XMLBindError) {
        writer.raw("<" + path.name)
        for attribute in path.attributes {
            try checked("property '\(binding.properties[attribute.index].propertyName)'", binding) {
                try $0.attribute(attribute.name, attribute.value)
            }
        }
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
}
