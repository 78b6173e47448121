#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `${NAME}` substitution in attribute values and text, before conversion.
///
/// Off unless set in ``ParseOptions/substitution``. `${NAME}` is replaced by the
/// variable's value, `${NAME:-fallback}` by the fallback when the variable is not set
/// (the fallback may itself contain `${…}`), and `$${` stands for a literal `${`. Names
/// are letters, digits, `_`, `.` and `-`. An unset variable without a fallback, or a
/// `${` without its `}`, is an error pointing at the `${`. Fallbacks nest at most
/// ``ParseLimits/maximumSubstitutionNesting`` deep, and the bytes variables add to a
/// document are held to ``ParseLimits/maximumAmplification`` as entity expansion is (see
/// <doc:Substitution>).
public struct VariableSubstitution: Sendable, Hashable {
    /// Values looked up first.
    public var variables: [String: String]
    /// Whether names not in ``variables`` are looked up in the process environment.
    public var usesEnvironment: Bool

    /// Creates a substitution.
    ///
    /// - Parameters:
    ///   - variables: Values by name, looked up first.
    ///   - usesEnvironment: Whether to look up names in the process environment next.
    public init(variables: [String: String] = [:], usesEnvironment: Bool = false) {
        self.variables = variables
        self.usesEnvironment = usesEnvironment
    }

    /// A substitution from the process environment alone.
    public static var environment: VariableSubstitution {
        VariableSubstitution(usesEnvironment: true)
    }
}
