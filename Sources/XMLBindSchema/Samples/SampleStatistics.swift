import XMLBind

/// What the samples say about each element name, across every sample and every place the
/// element occurs: its attributes and how often each is there, its children and how many of
/// each one occurrence holds, its text, and which types all their values fit.
struct SampleStatistics {
    struct ElementRecord {
        var occurrences = 0
        var origin: Origin?
        var attributeOrder: [QualifiedName] = []
        var attributeCounts: [QualifiedName: Int] = [:]
        var attributeTypes: [QualifiedName: SampleValueType] = [:]
        var childOrder: [QualifiedName] = []
        /// The fewest and most children of each name one occurrence holds.
        var childMinimum: [QualifiedName: Int] = [:]
        var childMaximum: [QualifiedName: Int] = [:]
        /// Whether one occurrence holds children of different names interleaved (`a b a`).
        var interleavesChildren = false
        var textCount = 0
        var textType = SampleValueType.all

        var hasText: Bool { textCount > 0 }
        var isSimple: Bool { attributeOrder.isEmpty && childOrder.isEmpty }
    }

    /// Element names in the order first met.
    private(set) var order: [QualifiedName] = []
    private(set) var records: [QualifiedName: ElementRecord] = [:]
    /// The samples' root elements, each once, in the order met.
    private(set) var roots: [QualifiedName] = []
    /// The prefixes the samples write, for writing back with the same ones.
    private(set) var prefixes: [String: String] = [:]

    /// Counts a sample's root element and everything in it.
    mutating func add(root: SampleElement, file: String?) {
        if !roots.contains(root.name) { roots.append(root.name) }
        add(root, file: file)
    }

    mutating func notePrefix(_ prefix: String, namespace: String) {
        if prefix != "xml", prefixes[prefix] == nil { prefixes[prefix] = namespace }
    }

    private mutating func add(_ element: SampleElement, file: String?) {
        if records[element.name] == nil {
            order.append(element.name)
            records[element.name] = ElementRecord(origin: element.origin)
        }
        var record = records[element.name] ?? ElementRecord()
        let isFirst = record.occurrences == 0
        record.occurrences += 1
        for attribute in element.attributes {
            let name = Self.attributeName(attribute)
            if let colon = attribute.name.firstIndex(of: ":"), let namespace = attribute.namespace {
                notePrefix(String(attribute.name[..<colon]), namespace: namespace)
            }
            if record.attributeCounts[name] == nil { record.attributeOrder.append(name) }
            record.attributeCounts[name, default: 0] += 1
            record.attributeTypes[name] = record.attributeTypes[name, default: .all].intersection(.of(attribute.value))
        }
        var counts: [QualifiedName: Int] = [:]
        var seenOrder: [QualifiedName] = []
        for child in element.children {
            if counts[child.name] == nil {
                seenOrder.append(child.name)
            } else if seenOrder.last != child.name {
                record.interleavesChildren = true
            }
            counts[child.name, default: 0] += 1
        }
        for (index, name) in seenOrder.enumerated() where !record.childOrder.contains(name) {
            // A new name goes right after the one before it in this occurrence, so that the
            // fields' order is one every sample's children are written back in.
            let previous = index > 0 ? record.childOrder.firstIndex(of: seenOrder[index - 1]) : nil
            record.childOrder.insert(name, at: previous.map { $0 + 1 } ?? 0)
            // A child first seen now was absent from every earlier occurrence.
            record.childMinimum[name] = isFirst ? counts[name] : 0
        }
        for name in record.childOrder {
            let count = counts[name] ?? 0
            record.childMinimum[name] = min(record.childMinimum[name] ?? count, count)
            record.childMaximum[name] = max(record.childMaximum[name] ?? 0, count)
        }
        if !element.text.allSatisfy(\.isWhitespace) {
            record.textCount += 1
            record.textType.formIntersection(.of(element.text))
        }
        records[element.name] = record
        for child in element.children { add(child, file: file) }
    }

    /// An attribute's name: its namespace and local part.
    static func attributeName(_ attribute: XMLAttribute) -> QualifiedName {
        let local = attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name
        return QualifiedName(namespace: attribute.namespace, local)
    }
}
