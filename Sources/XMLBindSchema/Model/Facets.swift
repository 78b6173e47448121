/// XML Schema's constraining facets on a simple type's values, as the input writes them.
///
/// Bounds are kept as text (`minInclusive="0.5"`) and read by the emitter for the base's
/// Swift type, so that a decimal bound loses no digits.
public struct Facets: Sendable, Hashable {
    /// The exact length in characters (or items, for a list).
    public var length: Int?
    /// The fewest characters.
    public var minLength: Int?
    /// The most characters.
    public var maxLength: Int?
    /// Regular expressions (XML Schema's dialect), any of which the value must match.
    public var patterns: [String]
    /// The least value allowed, inclusive.
    public var minInclusive: String?
    /// The greatest value allowed, inclusive.
    public var maxInclusive: String?
    /// The value must be greater than this.
    public var minExclusive: String?
    /// The value must be less than this.
    public var maxExclusive: String?
    /// The most significant digits of a decimal.
    public var totalDigits: Int?
    /// The most digits after a decimal's point.
    public var fractionDigits: Int?

    /// Creates facets.
    public init(
        length: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil, patterns: [String] = [],
        minInclusive: String? = nil, maxInclusive: String? = nil, minExclusive: String? = nil,
        maxExclusive: String? = nil, totalDigits: Int? = nil, fractionDigits: Int? = nil
    ) {
        self.length = length
        self.minLength = minLength
        self.maxLength = maxLength
        self.patterns = patterns
        self.minInclusive = minInclusive
        self.maxInclusive = maxInclusive
        self.minExclusive = minExclusive
        self.maxExclusive = maxExclusive
        self.totalDigits = totalDigits
        self.fractionDigits = fractionDigits
    }

    /// Whether no facet is set.
    public var isEmpty: Bool { self == Facets() }
}
