extension ClassDefinition {
    /// Declares a property read from the element's own character data.
    ///
    /// The text directly inside the element, gathered across entity references, CDATA
    /// sections and the pieces expat delivers, and converted once at the end tag. Text
    /// inside child elements is not part of it.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the text.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func text<V: XMLValueConvertible>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: V.xmlConversion, default: defaultValue))
    }

    /// Declares a property read from the element's own character data, with its own conversion.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - conversion: Reads the text instead of the type's built-in conversion.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func text<V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, conversion: Conversion<V>, default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: conversion, default: defaultValue))
    }

    /// Declares an optional property read from the element's own character data, with a
    /// conversion of the wrapped type.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - conversion: Reads the wrapped value.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func text<V>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, conversion: Conversion<V>, default defaultValue: V? = nil
    ) -> Self {
        adding(
            PropertyBinding(
                keyPath, xml: nil, form: .text, conversion: conversion.optional, default: defaultValue.map { .some($0) }
            ))
    }

    /// Declares an enum property read from the element's own character data, through its raw value.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func text<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: nil, form: .text, conversion: RawValueText.conversion(), default: defaultValue))
    }

    /// Declares an optional enum property read from the element's own character data,
    /// through its raw value.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func text<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: nil, form: .text, conversion: RawValueText.conversion().optional,
                default: defaultValue.map { .some($0) }))
    }

    /// Makes the most recently declared `.text`, `.element` or `.property` take the
    /// element's whole text: its own character data and that of every element inside it,
    /// in document order (mixed content).
    ///
    /// ```swift
    /// // <doc:para>emit one <doc:tt>Files</doc:tt> signal</doc:para>  →  "emit one Files signal"
    /// mapping(Para.self, element: "doc:para").text(\.text).wholeText()
    /// mapping(Item.self, element: "item").element(\.title).wholeText()   // <title>A <b>bold</b> move</title>
    /// ```
    ///
    /// Elements inside are part of the text, not unknown content; on a `.text` declaration,
    /// declared properties and children of the mapping still bind as usual. Writing gives
    /// the text back as character data (the inline markup is not kept), which reads back
    /// as the same value.
    ///
    /// - Returns: The definition with that property taking the whole text. On an
    ///   `.attribute` declaration it is a registration error.
    @inlinable
    public func wholeText() -> Self {
        Self(
            declarations: declarations.modifyingLast(
                ".wholeText()",
                property: { property in
                    guard property.form != .attribute else { return ".wholeText() does not apply to an attribute" }
                    property.takesWholeText = true
                    return nil
                }, slot: nil))
    }
}
