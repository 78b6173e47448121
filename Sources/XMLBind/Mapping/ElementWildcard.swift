/// Which namespaces the child elements kept by ``ClassDefinition/otherElements(_:namespaces:)``
/// may be in: the `namespace` attribute of XML Schema's `xs:any`.
///
/// A child element outside them is unknown content, as without the slot (reported, or
/// skipped, as the unknown-content policy says).
///
/// ```swift
/// .otherElements(\.extensions, namespaces: .any)                           // ##any
/// .otherElements(\.extensions, namespaces: .other(than: "urn:app"))        // ##other
/// .otherElements(\.extensions, namespaces: .only(["urn:app", nil]))        // "##targetNamespace ##local"
/// ```
public struct ElementWildcard: Sendable, Hashable, CustomStringConvertible {
    /// The namespace URIs (`nil`: no namespace) that are admitted, or, when ``excludes``,
    /// the ones that are not.
    public let namespaces: Set<String?>
    /// Whether ``namespaces`` lists the namespaces left out instead of those admitted.
    public let excludes: Bool

    /// Elements in any namespace, or in none (`##any`).
    public static let any = ElementWildcard(namespaces: [], excludes: true)

    /// Elements in a namespace other than `namespace`, and not in no namespace (`##other`
    /// of a schema whose target namespace is `namespace`; `nil` for a schema without one).
    ///
    /// - Parameter namespace: The namespace left out besides no namespace.
    /// - Returns: The constraint.
    public static func other(than namespace: String?) -> ElementWildcard {
        ElementWildcard(namespaces: [namespace, nil], excludes: true)
    }

    /// Elements in one of these namespaces (`nil`: in no namespace, `##local`).
    ///
    /// - Parameter namespaces: The admitted namespace URIs.
    /// - Returns: The constraint.
    public static func only(_ namespaces: Set<String?>) -> ElementWildcard {
        ElementWildcard(namespaces: namespaces, excludes: false)
    }

    /// Elements in none of these namespaces (`nil`: leaves out elements in no namespace).
    ///
    /// - Parameter namespaces: The namespace URIs left out.
    /// - Returns: The constraint.
    public static func except(_ namespaces: Set<String?>) -> ElementWildcard {
        ElementWildcard(namespaces: namespaces, excludes: true)
    }

    private init(namespaces: Set<String?>, excludes: Bool) {
        self.namespaces = namespaces
        self.excludes = excludes
    }

    /// Whether an element in `namespace` (`nil`: in none) is admitted.
    ///
    /// - Parameter namespace: The element's namespace URI.
    /// - Returns: Whether the constraint admits it.
    public func admits(_ namespace: String?) -> Bool {
        namespaces.contains(namespace) != excludes
    }

    /// `##any`, `##other`-like `not …` or the admitted list, for messages.
    public var description: String {
        if excludes, namespaces.isEmpty { return "any namespace" }
        let listed = namespaces.map { $0.map { "'\($0)'" } ?? "no namespace" }.sorted().joined(separator: ", ")
        return excludes ? "any namespace but \(listed)" : listed
    }
}
