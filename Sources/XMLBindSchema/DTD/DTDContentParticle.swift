/// One part of an element content model: a child element, a sequence or a choice, each
/// with how often it occurs.
public indirect enum DTDContentParticle: Sendable, Hashable, CustomStringConvertible {
    /// A child element by name.
    case element(String, DTDOccurrence)
    /// `(a, b, c)`: the particles in this order.
    case sequence([DTDContentParticle], DTDOccurrence)
    /// `(a | b | c)`: one of the particles.
    case choice([DTDContentParticle], DTDOccurrence)

    /// How often this particle occurs where it stands.
    public var occurrence: DTDOccurrence {
        switch self {
        case .element(_, let occurrence), .sequence(_, let occurrence), .choice(_, let occurrence): occurrence
        }
    }

    /// Every element name inside the particle, in document order, repeats included.
    public var elementNames: [String] {
        switch self {
        case .element(let name, _): [name]
        case .sequence(let parts, _), .choice(let parts, _): parts.flatMap(\.elementNames)
        }
    }

    /// The particle in DTD syntax: `name?`, `(a, b)*`, `(a | b)+`.
    public var description: String {
        switch self {
        case .element(let name, let occurrence): name + occurrence.rawValue
        case .sequence(let parts, let occurrence):
            "(" + parts.map(\.description).joined(separator: ", ") + ")" + occurrence.rawValue
        case .choice(let parts, let occurrence):
            "(" + parts.map(\.description).joined(separator: " | ") + ")" + occurrence.rawValue
        }
    }
}

/// How often a content particle occurs: XML's `?`, `*` and `+`, or once.
public enum DTDOccurrence: String, Sendable, Hashable, CaseIterable {
    /// Exactly once (no suffix).
    case once = ""
    /// `?`: zero or one time.
    case optional = "?"
    /// `*`: any number of times.
    case zeroOrMore = "*"
    /// `+`: at least once.
    case oneOrMore = "+"

    /// Whether the particle may be left out.
    public var allowsNone: Bool { self == .optional || self == .zeroOrMore }
    /// Whether the particle may occur more than once.
    public var allowsMany: Bool { self == .zeroOrMore || self == .oneOrMore }

    /// The occurrence of a particle with occurrence `inner` inside a group with this one:
    /// `(a?)+` lets `a` be absent and repeat.
    ///
    /// - Parameter inner: The inner particle's occurrence.
    /// - Returns: The combined occurrence.
    public func combined(with inner: DTDOccurrence) -> DTDOccurrence {
        let none = allowsNone || inner.allowsNone
        let many = allowsMany || inner.allowsMany
        switch (none, many) {
        case (false, false): return .once
        case (true, false): return .optional
        case (false, true): return .oneOrMore
        case (true, true): return .zeroOrMore
        }
    }
}
