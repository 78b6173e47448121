extension ClassDefinition {
    /// Declares that the element holds at most one of the child elements these key paths
    /// are declared for: XML Schema's `choice`.
    ///
    /// Each key path names a declaration made before or after the choice, with `.element`
    /// (or the list and map forms of `.elements`) or `.child`: the choice is between the
    /// element's own child elements. An
    /// element that holds two of them is an error at the second
    /// (``XMLBindError/Code/choiceConflict``), with a note at the first; in lenient mode
    /// the first stays, with a warning, as for a value given twice. A choice does not
    /// make a member required: an element may hold none (add a `.validate` check, or
    /// `.required()` on a single member, when one must be given).
    ///
    /// ```swift
    /// mapping(Payment.self, element: "payment")
    ///     .element(\.card)
    ///     .element(\.iban)
    ///     .child(\.voucher)
    ///     .choice(\.card, \.iban, \.voucher)
    /// ```
    ///
    /// ```
    /// p.xml:3:3: error: <payment> holds only one of <card>, <iban> or <voucher>: <iban> follows <card>
    /// ```
    ///
    /// The check reads the bits the binder keeps of the properties given so far, so it costs
    /// nothing per element beyond one test per member value. Writing is unchanged: an
    /// object that gives one member is written with that element.
    ///
    /// - Parameters:
    ///   - keyPaths: Two or more key paths, each declared in this mapping as a child
    ///     element (a value, a list or map of values, or one child object).
    ///   - message: The error's message, in place of the one that names the elements.
    /// - Returns: The definition with the choice added. A key path that no declaration
    ///   binds, or that an attribute, the element's text, a nested path or `.children`
    ///   binds, is a registration error (see ``RegistrationError``).
    @inlinable
    public func choice(_ keyPaths: (PartialKeyPath<T> & Sendable)..., message: String? = nil) -> Self {
        Self(declarations: declarations.adding(ChoiceDeclaration(keyPaths: keyPaths, message: message)))
    }
}

/// A `.choice(…)` as declared: the key paths of its members, resolved to declarations
/// when the mapping is compiled (see ``ElementBinding/Choice``).
@usableFromInline
struct ChoiceDeclaration: Sendable {
    @usableFromInline let keyPaths: [AnyKeyPath & Sendable]
    @usableFromInline let message: String?

    @inlinable
    init(keyPaths: [AnyKeyPath & Sendable], message: String?) {
        self.keyPaths = keyPaths
        self.message = message
    }

    /// The declaration as written, for messages: `.choice(\.card, \.iban)`.
    var declarationText: String {
        ".choice(" + keyPaths.map { "\\." + XMLName.propertyName(of: $0) }.joined(separator: ", ") + ")"
    }
}
