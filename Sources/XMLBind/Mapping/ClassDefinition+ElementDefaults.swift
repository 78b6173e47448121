extension ClassDefinition {
    /// Makes the most recently declared element's `default:` fill an *empty* element, as
    /// XML Schema's element defaults (`<xs:element name="size" default="10"/>`) mean.
    ///
    /// ```swift
    /// mapping(Box.self, element: "box")
    ///     .element(\.size, xml: "size", default: 10).defaultWhenEmpty()   // size: Int?
    /// // <box><size/></box> binds with size == 10 and is written back <box><size>10</size></box>;
    /// // <box/> leaves size nil
    /// ```
    ///
    /// An absent element is not given the default (a schema's default fills only an element
    /// that is there), and a required one is still missing. Writing spells the value out,
    /// the default too: documents write it far more often than they leave the element empty,
    /// and a reader that applies the schema reads both the same; a `nil` optional is left
    /// out as usual. Whitespace alone counts as empty.
    ///
    /// - Returns: The definition with that property marked. After a declaration without
    ///   `default:`, after an attribute, a list or a child slot, it is a registration error
    ///   (see ``RegistrationError``).
    @inlinable
    public func defaultWhenEmpty() -> Self {
        Self(
            declarations: declarations.modifyingLast(
                ".defaultWhenEmpty()",
                property: { property in
                    guard property.defaultText != nil else {
                        return ".defaultWhenEmpty() needs a declaration with a default: value to fill the element with"
                    }
                    guard property.form == .element, property.collection == nil, !property.takesWholeText else {
                        return ".defaultWhenEmpty() applies to an element holding one value (.element)"
                    }
                    property.defaultsWhenEmpty = true
                    return nil
                }, slot: nil))
    }
}
