/// Mappings the binder cannot honour exactly, found when they are registered.
///
/// Every declaration is checked when its mapping is registered: a name that cannot be
/// derived (a computed property) needs `xml:`; two declarations that could take the same
/// element or attribute are ambiguous until `xml:` tells them apart; a modifier such as
/// ``ClassDefinition/required()`` applies to the declaration just before it and must fit
/// it. ``XMLBinder/register(_:)`` throws it (typed, so a `catch` needs no cast), with
/// every problem of every mapping given.
///
/// ```
/// XMLBind: cannot register the mappings:
///   Counter <counter>, declaration 2 .attribute(<computed Int>): cannot tell the name of a
///   computed property; declare it with xml:
/// ```
public struct RegistrationError: Error, Sendable, CustomStringConvertible {
    /// One declaration that cannot be registered.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The mapped Swift type, as written in messages (`Counter`).
        public let typeName: String
        /// The mapping's element name as registered (`counter`, `c:define`).
        public let element: String
        /// The declaration: its position among the mapping's declarations (1-based) and
        /// its form (`declaration 2 .attribute(\.count)`); `nil` for the mapping as a whole.
        public let declaration: String?
        /// What is wrong, and what to write instead.
        public let message: String

        /// `Counter <counter>, declaration 2 .attribute(\.count): message`.
        public var description: String {
            "\(typeName) <\(element)>" + (declaration.map { ", \($0)" } ?? "") + ": \(message)"
        }
    }

    /// Every problem found, in registration and declaration order.
    public let problems: [Problem]

    /// All the problems, one a line, as ``XMLBinder/register(_:)`` prints them.
    public var description: String {
        "XMLBind: cannot register the mappings:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
