/// A simple type narrowed by facets: the base's Swift type, with a check at binding time
/// that reports a value outside the facets as a located error.
public struct SimpleRestriction: Sendable, Hashable {
    /// The restricted type.
    public var base: TypeReference
    /// The constraints on its values.
    public var facets: Facets

    /// Creates a restriction.
    ///
    /// - Parameters:
    ///   - base: The restricted type.
    ///   - facets: The constraints.
    public init(base: TypeReference, facets: Facets = Facets()) {
        self.base = base
        self.facets = facets
    }
}
