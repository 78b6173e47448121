/// How many times a field may appear: XML Schema's `minOccurs` and `maxOccurs`, a DTD's
/// `?`, `*` and `+`, an attribute's `use`.
public struct Occurrence: Sendable, Hashable, CustomStringConvertible {
    /// The fewest times; `0` makes the field optional.
    public var minimum: Int
    /// The most times; `nil` for unbounded.
    public var maximum: Int?

    /// Creates bounds.
    ///
    /// - Parameters:
    ///   - minimum: The fewest times.
    ///   - maximum: The most times, `nil` for unbounded.
    public init(minimum: Int, maximum: Int?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Exactly once.
    public static let required = Occurrence(minimum: 1, maximum: 1)
    /// At most once.
    public static let optional = Occurrence(minimum: 0, maximum: 1)
    /// Any number of times.
    public static let any = Occurrence(minimum: 0, maximum: nil)
    /// At least once.
    public static let oneOrMore = Occurrence(minimum: 1, maximum: nil)

    /// Whether more than one may appear: a Swift array.
    public var isRepeated: Bool { maximum.map { $0 > 1 } ?? true }
    /// Whether none may appear.
    public var isOptional: Bool { minimum == 0 }

    /// `minOccurs..maxOccurs`, as `1..1`, `0..*`.
    public var description: String { "\(minimum)..\(maximum.map(String.init) ?? "*")" }
}
