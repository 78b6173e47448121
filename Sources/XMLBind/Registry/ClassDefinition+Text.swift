extension ClassDefinition {
    /// Declares a property read from the element's own character data.
    ///
    /// The text directly inside the element, gathered across entity references, CDATA
    /// sections and the pieces expat delivers, and converted once at the end tag. Text
    /// inside child elements is not part of it.
    ///
    /// - Parameter keyPath: The property to set; its type's built-in conversion reads the text.
    /// - Returns: The definition with the property added.
    public func text<V: XMLValueConvertible>(_ keyPath: WritableKeyPath<T, V> & Sendable) -> Self {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: V.xmlConversion))
    }

    /// Declares a property read from the element's own character data, with its own conversion.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - conversion: Reads the text instead of the type's built-in conversion.
    /// - Returns: The definition with the property added.
    public func text<V>(_ keyPath: WritableKeyPath<T, V> & Sendable, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: conversion))
    }

    /// Declares an optional property read from the element's own character data, with a
    /// conversion of the wrapped type.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - conversion: Reads the wrapped value.
    /// - Returns: The definition with the property added.
    public func text<V>(_ keyPath: WritableKeyPath<T, V?> & Sendable, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: conversion.optional))
    }

    /// Declares an enum property read from the element's own character data, through its raw value.
    ///
    /// - Parameter keyPath: The property to set.
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func text<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V> & Sendable) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: RawValueText.conversion()))
    }

    /// Declares an optional enum property read from the element's own character data,
    /// through its raw value.
    ///
    /// - Parameter keyPath: The optional property to set.
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func text<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V?> & Sendable) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: nil, form: .text, conversion: RawValueText.conversion().optional))
    }
}
