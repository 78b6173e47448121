import XMLBind

/// Reads a sample's root element, and everything in it, into a tree of
/// ``SampleElement``s, through the binder, so that reading a sample is held to the same
/// limits as binding a document (depth, names, attributes, text, entities).
final class SampleTreeReader: ElementReader {
    private var open: [SampleElement] = []
    private var root = SampleElement()
    private var prefixes: [String: String] = [:]

    func start(_ element: ReaderElement) throws {
        if element.depth == 0 {
            open.removeAll()
            prefixes.removeAll()
        }
        let qualified = element.qualifiedName
        if let namespace = element.namespace, let colon = qualified.firstIndex(of: ":"),
            prefixes[String(qualified[..<colon])] == nil
        {
            prefixes[String(qualified[..<colon])] = namespace
        }
        let node = SampleElement(
            name: QualifiedName(namespace: element.namespace, element.name.string),
            attributes: element.attributes.filter { !Self.isNamespaceDeclaration($0) })
        open.last?.children.append(node)
        open.append(node)
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        guard let node = open.popLast() else { throw ElementReaderError("an end tag with no start") }
        node.text = text.string
        if open.isEmpty {
            node.prefixes = prefixes
            root = node
        }
    }

    func finish() throws -> SampleElement { root }

    private static func isNamespaceDeclaration(_ attribute: XMLAttribute) -> Bool {
        attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:")
    }
}
