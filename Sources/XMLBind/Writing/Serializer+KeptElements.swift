/// Writing the child elements a `.otherElements` slot keeps (``XMLElementNode`` trees):
/// each as it was read, its namespaces declared on it where the document does not already
/// bind them the same way. Written with a stack of their own, as the object walk is, so any
/// depth the binder reads is written on a small thread; nothing is indented inside them,
/// since whitespace there is their text.
extension Serializer {
    /// An open kept element: its end tag, the namespace bindings in force inside it, and
    /// its next piece of content.
    private struct KeptLevel {
        let element: XMLElementNode
        let close: [UInt8]
        let scope: [String: String]
        var next = 0
    }

    /// Writes `elements`, kept by the object of `frame`, as children of its element.
    mutating func writeKept(_ elements: [XMLElementNode], of binding: ElementBinding, in frame: inout Frame)
        throws(XMLBindError)
    {
        var scope: [String: String] = [:]
        for declaration in plan.declarations { scope[declaration.prefix] = declaration.uri }
        for element in elements {
            // `.mixedText`: the piece before each kept element, as before each child object.
            if frame.writesPieces { try writePieces(in: &frame, last: false) }
            open(&frame)
            newline(frame.depth + 1, unless: frame.inline)
            frame.wroteElement = true
            try writeKept(element, in: scope, binding)
        }
    }

    /// Writes one kept element with everything inside it.
    private mutating func writeKept(_ root: XMLElementNode, in scope: [String: String], _ binding: ElementBinding)
        throws(XMLBindError)
    {
        var stack: [KeptLevel] = []
        if let level = try startKept(root, in: scope, binding) { stack.append(level) }
        while let top = stack.indices.last {
            let content = stack[top].element.content
            guard stack[top].next < content.count else {
                writer.raw(stack.removeLast().close)
                continue
            }
            let piece = content[stack[top].next]
            stack[top].next += 1
            switch piece {
            case .text(let text):
                try checked("the text of kept element <\(stack[top].element.name)>", binding) { try $0.text(text) }
            case .element(let child):
                if let level = try startKept(child, in: stack[top].scope, binding) { stack.append(level) }
            }
        }
    }

    /// Writes a kept element's start tag (the whole element when it is empty), and returns
    /// its level when it has content to write.
    private mutating func startKept(_ element: XMLElementNode, in outer: [String: String], _ binding: ElementBinding)
        throws(XMLBindError) -> KeptLevel?
    {
        var declarations = KeptDeclarations(scope: outer)
        func refuse(_ reason: String) -> XMLBindError {
            XMLBindError(
                code: .invalidAttribute,
                message: "cannot write kept element <\(element.name)> inside <\(binding.elementName)>: \(reason)")
        }
        guard XMLNameCheck.isQualifiedName(element.name) else { throw refuse("its name is not an XML name") }
        for (prefix, uri) in element.namespaceDeclarations.sorted(by: { $0.key < $1.key })
        where prefix != "xml" && prefix != "xmlns" {
            guard prefix.isEmpty || (XMLNameCheck.isQualifiedName(prefix) && !prefix.contains(":")), !uri.isEmpty
            else { throw refuse("it declares the prefix '\(prefix)' for '\(uri)'") }
            if let problem = declarations.bind(prefix, to: uri) { throw refuse(problem) }
        }
        let prefix = element.prefix ?? ""
        // A prefixed name without a namespace takes the one its prefix has in force.
        let inForce = element.namespace == nil && !prefix.isEmpty && declarations.scope[prefix] != nil
        if !inForce, let problem = declarations.bind(prefix, to: element.namespace ?? "", forElement: true) {
            throw refuse(problem)
        }
        var written: Set<String> = []
        var attributes: [(name: String, value: String)] = []
        for attribute in element.attributes {
            guard XMLNameCheck.isQualifiedName(attribute.name), attribute.name != "xmlns",
                attribute.prefix != "xmlns"
            else { throw refuse("'\(attribute.name)' is not an attribute name it can have") }
            var name = attribute.name
            if let uri = attribute.namespace {
                if let attributePrefix = attribute.prefix {
                    if let problem = declarations.bind(attributePrefix, to: uri) { throw refuse(problem) }
                } else {
                    // An unprefixed attribute is in no namespace: it needs a prefix of its URI.
                    name = declarations.prefix(for: uri) + ":" + attribute.localName
                }
            } else if let attributePrefix = attribute.prefix, attributePrefix != "xml",
                declarations.scope[attributePrefix] == nil
            {
                throw refuse("the prefix of attribute '\(attribute.name)' is bound to no namespace")
            }
            let expanded = "{\(attribute.namespace ?? declarations.scope[attribute.prefix ?? "\u{0}"] ?? "")}"
            guard written.insert(expanded + attribute.localName).inserted else {
                throw refuse("it has attribute '\(attribute.name)' twice")
            }
            attributes.append((name, attribute.value))
        }
        writer.raw(UInt8(ascii: "<"))
        writer.raw(element.name)
        for (prefix, uri) in declarations.added {
            try checked("a namespace URI of kept element <\(element.name)>", binding) {
                try $0.attribute(prefix.isEmpty ? "xmlns" : "xmlns:" + prefix, uri)
            }
        }
        for attribute in attributes {
            try checked("attribute '\(attribute.name)' of kept element <\(element.name)>", binding) {
                try $0.attribute(attribute.name, attribute.value)
            }
        }
        guard !element.content.isEmpty else {
            writer.raw(UInt8(ascii: "/"))
            writer.raw(UInt8(ascii: ">"))
            return nil
        }
        writer.raw(UInt8(ascii: ">"))
        return KeptLevel(element: element, close: Array("</\(element.name)>".utf8), scope: declarations.scope)
    }
}

/// The namespace declarations one kept element's start tag needs, given those in force.
private struct KeptDeclarations {
    /// Prefix to URI in force inside the element (`""`: the default namespace; an empty
    /// URI: none).
    var scope: [String: String]
    /// The declarations to write, in order.
    var added: [(prefix: String, uri: String)] = []

    init(scope: [String: String]) {
        self.scope = scope
    }

    /// Makes `prefix` stand for `uri` on the element, declaring it when it does not yet;
    /// the problem, when the element already declares the prefix otherwise.
    mutating func bind(_ prefix: String, to uri: String, forElement: Bool = false) -> String? {
        if prefix == "xml" {
            return uri == NamespacePlan.xmlNamespace ? nil : "the prefix 'xml' stands for its own namespace only"
        }
        if uri == NamespacePlan.xmlNamespace { return "its namespace needs the prefix 'xml'" }
        if prefix == "xmlns" { return "'xmlns' is not a prefix it can use" }
        if uri.isEmpty, !prefix.isEmpty {
            return forElement
                ? "its prefix '\(prefix)' needs a namespace" : "the prefix '\(prefix)' cannot be undeclared in XML 1.0"
        }
        if (scope[prefix] ?? "") == uri { return nil }
        if added.contains(where: { $0.prefix == prefix }) {
            return "the prefix '\(prefix)' would stand for two namespaces on it"
        }
        added.append((prefix, uri))
        scope[prefix] = uri
        return nil
    }

    /// A prefix for `uri` on an attribute: one in force, else a new `nsN`, declared.
    mutating func prefix(for uri: String) -> String {
        if let bound = scope.filter({ !$0.key.isEmpty && $0.value == uri }).keys.sorted().first { return bound }
        var number = 1
        while scope["ns\(number)"] != nil { number += 1 }
        let prefix = "ns\(number)"
        _ = bind(prefix, to: uri)
        return prefix
    }
}
