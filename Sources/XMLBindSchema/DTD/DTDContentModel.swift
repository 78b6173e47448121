/// What an element type may contain: XML's `contentspec`.
public enum DTDContentModel: Sendable, Hashable, CustomStringConvertible {
    /// `EMPTY`: nothing at all.
    case empty
    /// `ANY`: any declared elements and text, in any order.
    case any
    /// `(#PCDATA)` or `(#PCDATA | a | b)*`: text, with the named elements mixed in anywhere
    /// (none for text only).
    case mixed([String])
    /// Element content: only elements, as the particle says (whitespace between them is
    /// not content).
    case children(DTDContentParticle)

    /// The element names the model mentions, each once, in the order they first appear.
    public var childNames: [String] {
        switch self {
        case .empty, .any: []
        case .mixed(let names): Array(orderedUnique: names)
        case .children(let particle): Array(orderedUnique: particle.elementNames)
        }
    }

    /// The model in DTD syntax, such as `(test?, family*, prefer?)` or `(#PCDATA)`.
    public var description: String {
        switch self {
        case .empty: "EMPTY"
        case .any: "ANY"
        case .mixed(let names) where names.isEmpty: "(#PCDATA)"
        case .mixed(let names): "(#PCDATA | " + names.joined(separator: " | ") + ")*"
        case .children(let particle):
            if case .element = particle { "(" + particle.description + ")" } else { particle.description }
        }
    }
}

extension Array where Element: Hashable {
    /// The elements of `sequence`, each kept at its first place only.
    init(orderedUnique sequence: some Sequence<Element>) {
        var seen = Set<Element>()
        self = sequence.filter { seen.insert($0).inserted }
    }
}
