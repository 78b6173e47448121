extension ClassDefinition {
    /// Makes the declaration just before it required: an element that gives a required
    /// property no value, or a required child slot no child (`.child`: one,
    /// `.children`: at least one), is an error at the element's origin, naming it.
    ///
    /// ```swift
    /// mapping(Bean.self, element: "bean").property(\.id).required().property(\.clazz, xml: "class")
    /// mapping(Server.self, element: "server").child(\.connector).required()
    /// ```
    ///
    /// - Returns: The definition with that declaration marked required. Called before any
    ///   declaration, it is a registration error (see ``RegistrationError``).
    @inlinable
    public func required() -> Self {
        Self(
            declarations: declarations.modifyingLast(
                ".required()",
                property: {
                    $0.isRequired = true
                    return nil
                },
                slot: {
                    $0.isRequired = true
                    return nil
                }))
    }

    /// Sets what happens to attributes and child elements of this element that its
    /// mapping does not declare, overriding the binder's ``ParseOptions/unknownContent``.
    ///
    /// - Parameter policy: ``UnknownContentPolicy/error``, ``UnknownContentPolicy/warning``,
    ///   ``UnknownContentPolicy/ignore`` or a callback.
    /// - Returns: The definition with the policy set.
    @inlinable
    public func unknownContent(_ policy: UnknownContentPolicy) -> Self {
        Self(declarations: declarations.setting(unknownContent: policy))
    }

    /// Adds a check run when an element of this type is complete: its properties and
    /// children are bound, and it has not yet been handed to its parent.
    ///
    /// Report problems through the context; they point at the element's start tag, or at
    /// one of its attributes. A thrown error is reported as an error too.
    ///
    /// ```swift
    /// mapping(Bean.self, element: "bean")
    ///     .validate { bean, context in
    ///         if bean.clazz == nil && bean.factory == nil {
    ///             context.error("a bean needs a 'class' or a 'factory'")
    ///         }
    ///     }
    /// ```
    ///
    /// - Parameter check: Receives the completed object and a context to report to.
    /// - Returns: The definition with the check added.
    @inlinable
    public func validate(_ check: @escaping @Sendable (T, ValidationContext) throws -> Void) -> Self {
        let isClass = declarations.access.isClass
        return Self(
            declarations: declarations.adding { object, context in
                try check(ObjectStorage.value(object, as: T.self, isClass: isClass), context)
            })
    }
}
