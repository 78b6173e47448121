/// How often each child may appear under a content model, and which choices exclude each
/// other.
extension DTDModelBuilder {
    /// The fewest and most times (`nil`: unbounded) each name may appear in a particle.
    static func bounds(of particle: DTDContentParticle) -> [String: (Int, Int?)] {
        var inner: [String: (Int, Int?)]
        switch particle {
        case .element(let name, _):
            inner = [name: (1, 1)]
        case .sequence(let parts, _):
            inner = [:]
            for part in parts {
                for (name, bound) in bounds(of: part) {
                    let sum = inner[name] ?? (0, 0)
                    inner[name] = (sum.0 + bound.0, add(sum.1, bound.1))
                }
            }
        case .choice(let parts, _):
            let branches = parts.map { bounds(of: $0) }
            let names = Set(branches.flatMap(\.keys))
            inner = [:]
            for name in names {
                let each = branches.map { $0[name] ?? (0, 0) }
                let fewest = each.map(\.0).min() ?? 0
                let most = each.contains { $0.1 == nil } ? nil : each.compactMap(\.1).max()
                inner[name] = (fewest, most)
            }
        }
        let occurrence = particle.occurrence
        return inner.mapValues { bound in
            let fewest = occurrence.allowsNone ? 0 : bound.0
            let most = occurrence.allowsMany ? (bound.1 == 0 ? 0 : nil) : bound.1
            return (fewest, most)
        }
    }

    private static func add(_ left: Int?, _ right: Int?) -> Int? {
        guard let left, let right else { return nil }
        return left + right
    }

    /// The choices whose branches are single elements named nowhere else, and that are not
    /// repeated (by themselves or by a group around them): a document holds one of each.
    static func exclusiveChoices(in particle: DTDContentParticle) -> [[String]] {
        let counts = Dictionary(particle.elementNames.map { ($0, 1) }, uniquingKeysWith: +)
        var found: [[String]] = []
        func visit(_ particle: DTDContentParticle, repeated: Bool) {
            let repeated = repeated || particle.occurrence.allowsMany
            switch particle {
            case .element:
                return
            case .sequence(let parts, _):
                for part in parts { visit(part, repeated: repeated) }
            case .choice(let parts, _):
                let names = parts.compactMap { part -> String? in
                    guard case .element(let name, let occurrence) = part, !occurrence.allowsMany else { return nil }
                    return name
                }
                if !repeated, names.count == parts.count, names.count > 1, names.allSatisfy({ counts[$0] == 1 }) {
                    found.append(names)
                }
                for part in parts { visit(part, repeated: repeated) }
            }
        }
        visit(particle, repeated: false)
        return found
    }
}
