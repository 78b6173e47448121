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
}
