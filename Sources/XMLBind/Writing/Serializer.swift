/// Writes an object graph as XML through the registry that reads it: each object as the
/// element its type is registered for, its properties through their conversions'
/// format side, its children through the child key paths, in declaration order.
///
/// One serializer writes one document. It walks the graph twice: first to plan the
/// namespaces (declared once, on the root), then to write, handing the writer's buffer
/// to its sink as it fills, so only the objects (which the caller holds anyway) and one
/// buffer are in memory.
struct Serializer {
    /// Where a property's value goes.
    enum Placement {
        case attribute, element, text
    }

    /// One piece of an element's content, values already formatted.
    private enum Item {
        case value(index: Int, name: String, text: String)
        case path(RenderedPath)
        case text(index: Int, text: String)
        case children([Any])
    }

    /// A nested-path element with the values under it, formatted.
    private struct RenderedPath {
        var name: String
        var attributes: [(index: Int, name: String, value: String)]
        var text: (index: Int, value: String)?
        var children: [RenderedPath]
        var holdsText: Bool
    }

    let registry: CompiledRegistry
    let options: WritingOptions
    private(set) var writer: XMLWriter
    private var plan: NamespacePlan
    /// Each binding's property values in a fresh `init()` object, for omitting defaults.
    private var initialValues: [ObjectIdentifier: [String?]] = [:]
    /// Bindings whose registered names are already noted in the plan.
    private var planned: Set<ObjectIdentifier> = []

    init(registry: CompiledRegistry, options: WritingOptions, prefixes: [String: String], writer: XMLWriter) {
        self.registry = registry
        self.options = options
        self.writer = writer
        self.plan = NamespacePlan(preferred: options.preferredPrefixes, prefixes: prefixes)
    }

    /// Writes the whole document for `root` and hands the last bytes to the sink.
    mutating func writeDocument(_ root: Any) throws(XMLBindError) {
        guard let (binding, box) = try resolve(root, parent: nil) else {
            throw XMLBindError(code: .unmappedType, message: "cannot write nil as a document")
        }
        try planNamespaces(binding, box)
        plan.assignPrefixes()
        let pretty = options.layout.indent != nil
        if options.includesDeclaration {
            writer.raw(#"<?xml version="1.0" encoding=""# + options.encoding + #""?>"#)
            if pretty { writer.raw(0x0A) }
        }
        try writeObject(binding, box, depth: 0, inline: !pretty, isRoot: true)
        if pretty { writer.raw(0x0A) }
        try output { writer in try writer.flush() }
    }

    // MARK: Objects

    /// The binding and box for an object, `nil` for a `nil` optional child.
    private func resolve(_ object: Any, parent: ElementBinding?) throws(XMLBindError) -> (ElementBinding, AnyObject)? {
        guard let value = OptionalValue.unwrapped(object) else { return nil }
        if let found = registry.binding(for: value) { return found }
        let place = parent.map { " (a child of <\($0.elementName)>)" } ?? ""
        throw XMLBindError(
            code: .unmappedType,
            message: "cannot write a value of type \(type(of: value))\(place): no mapping is registered for it")
    }

    private mutating func writeObject(
        _ binding: ElementBinding, _ box: AnyObject, depth: Int, inline: Bool, isRoot: Bool
    ) throws(XMLBindError) {
        let name = plan.qualified(binding.elementName.local, plan.elementTarget(binding, box))
        writer.raw("<")
        writer.raw(name)
        if isRoot {
            for declaration in plan.declarations {
                let attribute = declaration.prefix.isEmpty ? "xmlns" : "xmlns:" + declaration.prefix
                try checked("namespace URI '\(declaration.uri)'", binding) {
                    try $0.attribute(attribute, declaration.uri)
                }
            }
        }
        try writeAttributes(binding, box)
        let items = try content(binding, box)
        guard !items.isEmpty else {
            writer.raw("/>")
            return
        }
        writer.raw(">")
        // Whitespace between children would become part of a `.text` property's value.
        let inlineInside = inline || binding.textProperty != nil
        var wroteElement = false
        for item in items {
            switch item {
            case .text(let index, let text):
                try writeValue(text, index, binding)
            case .value(let index, let elementName, let text):
                newline(depth + 1, unless: inlineInside)
                wroteElement = true
                writer.raw("<" + elementName)
                if text.isEmpty {
                    writer.raw("/>")
                } else {
                    writer.raw(">")
                    try writeValue(text, index, binding)
                    writer.raw("</" + elementName + ">")
                }
            case .path(let path):
                newline(depth + 1, unless: inlineInside)
                wroteElement = true
                try writePath(path, binding, depth: depth + 1, inline: inlineInside)
            case .children(let children):
                for child in children {
                    guard let (childBinding, childBox) = try resolve(child, parent: binding) else { continue }
                    newline(depth + 1, unless: inlineInside)
                    wroteElement = true
                    try writeObject(childBinding, childBox, depth: depth + 1, inline: inlineInside, isRoot: false)
                }
            }
        }
        if wroteElement { newline(depth, unless: inlineInside) }
        writer.raw("</" + name + ">")
        try output { writer in try writer.flushIfNeeded() }
    }

    private mutating func writeAttributes(_ binding: ElementBinding, _ box: AnyObject) throws(XMLBindError) {
        var written: [String] = []
        for (index, property) in binding.properties.enumerated()
        where property.path.isEmpty && placement(of: property, in: binding) == .attribute {
            guard let value = value(index, of: binding, box) else { continue }
            let name = plan.qualified(property.xmlName.local, plan.target(of: property.xmlName, attribute: true))
            try checked("property '\(property.propertyName)'", binding) { try $0.attribute(name, value) }
            written.append(name)
        }
        guard let extras = binding.access.readAttributes?(box) else { return }
        for (qualifiedName, value) in extras {
            let target = plan.target(ofQualifiedName: qualifiedName)
            let local = qualifiedName.split(separator: ":", maxSplits: 1).last.map(String.init) ?? qualifiedName
            let name = plan.qualified(local, target)
            let problem: String? =
                !XMLNameCheck.isQualifiedName(qualifiedName)
                ? "it is not an XML name"
                : qualifiedName == "xmlns" || qualifiedName.hasPrefix("xmlns:")
                    ? "namespace declarations are written by the writer"
                    : written.contains(name) ? "the element already has an attribute of that name" : nil
            if let problem {
                throw XMLBindError(
                    code: .invalidAttribute,
                    message: "cannot write attribute '\(qualifiedName)' of <\(binding.elementName)>: \(problem)")
            }
            try checked("attribute '\(qualifiedName)'", binding) { try $0.attribute(name, value) }
            written.append(name)
        }
    }

    /// The element's content in declaration order: element-form values, nested paths,
    /// text and children; then a ``ChildrenProvider``'s children.
    private mutating func content(_ binding: ElementBinding, _ box: AnyObject) throws(XMLBindError) -> [Item] {
        var items: [Item] = []
        var writtenPaths: Set<ObjectIdentifier> = []
        for declared in binding.contentOrder {
            switch declared {
            case .property(let index):
                let property = binding.properties[index]
                if let first = property.path.first {
                    guard let node = binding.paths?.children.first(where: { $0.name == first }),
                        writtenPaths.insert(ObjectIdentifier(node)).inserted,
                        let rendered = render(node, binding, box)
                    else { continue }
                    items.append(.path(rendered))
                    continue
                }
                switch placement(of: property, in: binding) {
                case .attribute: continue
                case .text:
                    if let text = value(index, of: binding, box), !text.isEmpty {
                        items.append(.text(index: index, text: text))
                    }
                case .element:
                    guard let text = value(index, of: binding, box) else { continue }
                    let name = plan.qualified(
                        property.xmlName.local, plan.target(of: property.xmlName, attribute: false))
                    items.append(.value(index: index, name: name, text: text))
                }
            case .child(let slot):
                let children = binding.childSlots[slot].read(box)
                if !children.isEmpty { items.append(.children(children)) }
            }
        }
        if let provided = binding.access.readChildren?(box), !provided.isEmpty { items.append(.children(provided)) }
        return items
    }

    // MARK: Nested paths

    /// A path element with its values, or `nil` when nothing under it has a value.
    private mutating func render(_ node: PathNode, _ binding: ElementBinding, _ box: AnyObject) -> RenderedPath? {
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
            name: plan.qualified(node.name.local, plan.target(of: node.name, attribute: false)),
            attributes: attributes, text: text, children: children, holdsText: node.textProperty != nil)
    }

    private mutating func writePath(
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

    // MARK: Values

    /// Where a declared property is written: `.property` by its own, its definition's or
    /// the options' form; CDATA only fits an element.
    func placement(of property: PropertyBinding, in binding: ElementBinding) -> Placement {
        switch property.form {
        case .attribute: return .attribute
        case .element: return .element
        case .text: return .text
        case .either:
            if property.writesCDATA { return .element }
            switch property.writtenForm ?? binding.propertyForm ?? options.propertyForm {
            case .attribute: return .attribute
            case .element: return .element
            }
        }
    }

    /// A property's formatted value, or `nil` when it is not written: a `nil` optional,
    /// or (with ``WritingOptions/omitsDefaultValues``) a value equal to its default.
    private mutating func value(_ index: Int, of binding: ElementBinding, _ box: AnyObject) -> String? {
        let property = binding.properties[index]
        guard let text = property.read(box) else { return nil }
        guard options.omitsDefaultValues, !property.isRequired || property.makeDefaultSetter != nil else { return text }
        let initial = property.defaultText ?? initialValue(index, of: binding)
        return text == initial ? nil : text
    }

    private mutating func initialValue(_ index: Int, of binding: ElementBinding) -> String? {
        let key = ObjectIdentifier(binding)
        if let values = initialValues[key] { return values[index] }
        let fresh = binding.access.makeObject()
        let values = binding.properties.map { $0.read(fresh) }
        initialValues[key] = values
        return values[index]
    }

    /// Writes a text value, as character data or CDATA as the property asks.
    private mutating func writeValue(_ text: String, _ index: Int, _ binding: ElementBinding) throws(XMLBindError) {
        let property = binding.properties[index]
        try checked("property '\(property.propertyName)'", binding) { writer in
            if property.writesCDATA { try writer.cdata(text) } else { try writer.text(text) }
        }
    }

    // MARK: Output

    private mutating func newline(_ depth: Int, unless inline: Bool) {
        guard !inline, let indent = options.layout.indent else { return }
        writer.raw(0x0A)
        for _ in 0..<depth { writer.raw(indent) }
    }

    /// Runs a write that may meet a character XML cannot hold, naming `what` in the error.
    private mutating func checked(
        _ what: String, _ binding: ElementBinding, _ write: (inout XMLWriter) throws -> Void
    ) throws(XMLBindError) {
        do {
            try write(&writer)
        } catch {
            // The writes passed in throw nothing else.
            let codePoint = (error as? XMLWriter.InvalidCharacter)?.codePoint ?? "?"
            throw XMLBindError(
                code: .invalidCharacter,
                message: "cannot write \(what) of <\(binding.elementName)>: the character \(codePoint) "
                    + "is not allowed in XML 1.0")
        }
    }

    /// Hands bytes to the sink, turning its failure into an ``XMLBindError/Code/io`` error.
    private mutating func output(_ body: (inout XMLWriter) throws -> Void) throws(XMLBindError) {
        do {
            try body(&writer)
        } catch let error as XMLBindError {
            throw error
        } catch {
            throw XMLBindError(code: .io, message: "cannot write the document: \(error)")
        }
    }

    // MARK: Namespaces

    /// The first walk: notes the namespace of every name the document will use.
    private mutating func planNamespaces(_ binding: ElementBinding, _ box: AnyObject) throws(XMLBindError) {
        plan.note(plan.elementTarget(binding, box), attribute: false)
        if planned.insert(ObjectIdentifier(binding)).inserted {
            for property in binding.properties where property.form != .text {
                for step in property.path { plan.note(plan.target(of: step, attribute: false), attribute: false) }
                // Either form may be written as an attribute: plan for the stricter case.
                plan.note(plan.target(of: property.xmlName, attribute: true), attribute: true)
            }
        }
        for (name, _) in binding.access.readAttributes?(box) ?? [] {
            plan.note(plan.target(ofQualifiedName: name), attribute: true)
        }
        var children = binding.childSlots.flatMap { $0.read(box) }
        children += binding.access.readChildren?(box) ?? []
        for child in children {
            guard let (childBinding, childBox) = try resolve(child, parent: binding) else { continue }
            try planNamespaces(childBinding, childBox)
        }
    }
}
