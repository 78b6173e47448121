import XMLBind

/// The fields of one complex type as they are collected: an element or attribute met twice
/// (a sequence that repeats an element, a base type's attribute restated) is one field.
struct ContentCollector {
    let owner: QualifiedName
    var fields: [Field] = []
    var choices: [[Int]] = []
    var base: TypeReference?
    var isMixed = false
    /// Whether children of different names may come in any order (see
    /// ``ComplexType/keepsChildOrder``): a repeated group or an `xs:all` with two names or
    /// more (an `xs:any` counts as one), or a name met again after another or after an
    /// `xs:any` (whose kept elements are otherwise written after the declared ones).
    var interleaves = false
    /// The element fields' indexes, each time one is added or met again, in order: the
    /// names a group holds, and whether a name comes back after another.
    var elementsMet: [Int] = []
    /// Attribute groups and model groups being expanded, so that a reference cycle ends.
    var expanding: Set<QualifiedName> = []

    init(owner: QualifiedName) {
        self.owner = owner
    }

    /// Adds a field, or merges it into the field of the same kind and name; its index.
    mutating func add(_ field: Field, builder: inout XSDModelBuilder) -> Int {
        let merges = field.kind == .element || field.kind == .attribute || field.kind == .text
        if merges,
            let index = fields.firstIndex(where: {
                $0.kind == field.kind && $0.qualifiedName == field.qualifiedName
            })
        {
            if field.kind == .attribute || field.kind == .text {
                // A restatement (in a derived type) replaces the base's declaration.
                fields[index] = field
                return index
            }
            if field.kind == .element {
                // `(a, b, a)`: the second `a` may come after `b`.
                if elementsMet.last != index { interleaves = true }
                elementsMet.append(index)
            }
            if fields[index].type != field.type {
                builder.warn(
                    "<\(field.name)> appears again in \(owner) with another type; the first type (\(fields[index].type)) is used",
                    at: field.origin)
            }
            let first = fields[index].occurrence
            let maximum = first.maximum.flatMap { one in field.occurrence.maximum.map { one + $0 } }
            fields[index].occurrence = Occurrence(minimum: first.minimum + field.occurrence.minimum, maximum: maximum)
            return index
        }
        if field.kind == .any || field.kind == .anyAttribute,
            let index = fields.firstIndex(where: { $0.kind == field.kind })
        {
            // Two wildcards keep what either admits: any namespace, unless both say the same.
            if fields[index].wildcard != field.wildcard { fields[index].wildcard = nil }
            if field.kind == .any { elementsMet.append(index) }
            return index
        }
        fields.append(field)
        if field.kind == .element || field.kind == .any {
            // `(any, a)`: an element after a wildcard's elements.
            if field.kind == .element, elementsMet.contains(where: { fields[$0].kind == .any }) { interleaves = true }
            elementsMet.append(fields.count - 1)
        }
        return fields.count - 1
    }

    /// Removes an attribute (`use="prohibited"` in a restriction).
    mutating func removeAttribute(_ name: QualifiedName) {
        fields.removeAll { $0.kind == .attribute && $0.qualifiedName == name }
    }
}

extension Occurrence {
    /// Bounds read from `minOccurs` and `maxOccurs` as written (`1` each when absent).
    static func parsing(minimum: String?, maximum: String?) -> Occurrence? {
        let low = minimum.map { Int($0.trimmingXMLSpace) } ?? 1
        let high: Int?? =
            maximum.map { $0.trimmingXMLSpace == "unbounded" ? .some(nil) : Int($0.trimmingXMLSpace).map { .some($0) } }
            ?? .some(1)
        guard let low, low >= 0, let high else { return nil }
        return Occurrence(minimum: low, maximum: high)
    }

    /// These bounds inside a particle with the outer bounds (a repeated sequence repeats its
    /// elements), kept within `Int`.
    func within(_ outer: Occurrence) -> Occurrence {
        let (low, lowOverflow) = minimum.multipliedReportingOverflow(by: outer.minimum)
        var high: Int?
        if let maximum, let outerMaximum = outer.maximum {
            let (product, overflow) = maximum.multipliedReportingOverflow(by: outerMaximum)
            high = overflow ? nil : product
        }
        return Occurrence(minimum: lowOverflow ? Int.max : low, maximum: high)
    }
}

extension String {
    /// The text without XML whitespace around it.
    var trimmingXMLSpace: String {
        String(drop { " \t\r\n".contains($0) }.reversed().drop { " \t\r\n".contains($0) }.reversed())
    }
}
