extension ClassDefinition {
    /// Makes the most recently declared property required: an element that gives it no
    /// value is an error at the element's origin, naming the property.
    ///
    /// ```swift
    /// mapping(Bean.self, element: "bean").property(\.id).required().property(\.clazz, xml: "class")
    /// ```
    ///
    /// - Returns: The definition with that property marked required. Called before any
    ///   property is declared, it changes nothing.
    @inlinable
    public func required() -> Self {
        Self(declarations: declarations.changingLastProperty { $0.isRequired = true })
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
