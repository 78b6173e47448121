extension ClassDefinition {
    /// Sets where the most recently declared `.property` is written: as an attribute or
    /// as a child element, whatever ``WritingOptions/propertyForm`` says.
    ///
    /// ```swift
    /// mapping(Define.self, element: "define").property(\.key).property(\.value).written(as: .element)
    /// // <define key="poolSize"><value>16</value></define>
    /// ```
    ///
    /// Reading is unchanged: a `.property` is read from either. Declarations made with
    /// `.attribute`, `.element` or `.text`, or with a nested path, are always written
    /// where they say.
    ///
    /// - Parameter form: ``WritingOptions/PropertyForm/attribute`` or ``WritingOptions/PropertyForm/element``.
    /// - Returns: The definition with that property's form set. After anything but a
    ///   `.property` declaration without a path, it is a registration error (see
    ///   ``RegistrationError``).
    @inlinable
    public func written(as form: WritingOptions.PropertyForm) -> Self {
        Self(
            declarations: declarations.modifyingLast(
                ".written(as:)",
                property: { property in
                    guard property.form == .either,
                        !(property.declaredXMLName?.utf8.contains(UInt8(ascii: "/")) ?? false)
                    else {
                        return ".written(as:) applies to a .property declaration without a path, which is read from "
                            + "either form"
                    }
                    property.writtenForm = form
                    return nil
                }, slot: nil))
    }

    /// Sets where this definition's `.property` declarations are written, overriding
    /// ``WritingOptions/propertyForm``; a declaration's own ``written(as:)`` still wins.
    ///
    /// - Parameter form: ``WritingOptions/PropertyForm/attribute`` or ``WritingOptions/PropertyForm/element``.
    /// - Returns: The definition with the form set.
    @inlinable
    public func propertiesWritten(as form: WritingOptions.PropertyForm) -> Self {
        Self(declarations: declarations.setting(propertyForm: form))
    }

    /// Writes the most recently declared property's text as a CDATA section, for values
    /// that people read in the file (scripts, SQL, markup).
    ///
    /// `]]>` inside the value is split across two sections, and a carriage return is
    /// written as a character reference between sections, so the value reads back exactly.
    /// An attribute cannot hold CDATA: a `.property` marked this way is written as a
    /// child element, and an `.attribute` declaration cannot be marked.
    /// Reading is unchanged (CDATA is always read as text).
    ///
    /// - Returns: The definition with that property marked. After an `.attribute` or a
    ///   child slot, it is a registration error (see ``RegistrationError``).
    @inlinable
    public func writtenAsCDATA() -> Self {
        Self(
            declarations: declarations.modifyingLast(
                ".writtenAsCDATA()",
                property: { property in
                    guard property.form != .attribute else { return "an attribute cannot hold CDATA" }
                    property.writesCDATA = true
                    return nil
                }, slot: nil))
    }

    /// Leaves the most recently declared property out of written documents when its value
    /// equals its declared `default:`, as XML Schema's and DTDs' attribute defaults mean.
    ///
    /// A document without the attribute binds to the default, and is written back without
    /// it, so writing never adds what the document left to its schema:
    ///
    /// ```swift
    /// mapping(Order.self, element: "order")
    ///     .attribute(\.priority, xml: "priority", default: .normal).omittedWhenDefault()
    /// // <order/> binds with priority == .normal and is written <order/>
    /// ```
    ///
    /// A document that gives the default value explicitly is written without it too: the
    /// same information for a reader that applies the default. ``WritingOptions/omitsDefaultValues``
    /// does this for every property; this does it for one, whatever the options say.
    ///
    /// - Returns: The definition with that property marked. After a declaration without
    ///   `default:`, or after a child slot, it is a registration error (see ``RegistrationError``).
    @inlinable
    public func omittedWhenDefault() -> Self {
        Self(
            declarations: declarations.modifyingLast(
                ".omittedWhenDefault()",
                property: { property in
                    guard property.defaultText != nil else {
                        return ".omittedWhenDefault() needs a declaration with a default: value to compare with"
                    }
                    property.omitsDefault = true
                    return nil
                }, slot: nil))
    }
}
