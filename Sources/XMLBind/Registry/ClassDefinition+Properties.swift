extension ClassDefinition {

    /// Declares a property read from an attribute **or** a child element's text.
    ///
    /// An attribute `name="…"` on the element and a child element `<name>…</name>` both set it.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the value.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    public func property<V: XMLValueConvertible>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: V.xmlConversion))
    }

    /// Declares a property, with its own conversion, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the value instead of the type's built-in conversion.
    /// - Returns: The definition with the property added.
    public func property<V>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: conversion))
    }

    /// Declares an optional property, with a conversion of the wrapped type, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the wrapped value.
    /// - Returns: The definition with the property added.
    public func property<V>(_ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: conversion.optional))
    }

    /// Declares an enum property, read through its raw value, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func property<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: RawValueText.conversion()))
    }

    /// Declares an optional enum property, read through its raw value, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func property<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: RawValueText.conversion().optional))
    }


    /// Declares a property read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the value.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    public func attribute<V: XMLValueConvertible>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: V.xmlConversion))
    }

    /// Declares a property, with its own conversion, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the value instead of the type's built-in conversion.
    /// - Returns: The definition with the property added.
    public func attribute<V>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: conversion))
    }

    /// Declares an optional property, with a conversion of the wrapped type, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the wrapped value.
    /// - Returns: The definition with the property added.
    public func attribute<V>(_ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: conversion.optional))
    }

    /// Declares an enum property, read through its raw value, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func attribute<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: RawValueText.conversion()))
    }

    /// Declares an optional enum property, read through its raw value, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func attribute<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: RawValueText.conversion().optional))
    }


    /// Declares a property read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the value.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    public func element<V: XMLValueConvertible>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: V.xmlConversion))
    }

    /// Declares a property, with its own conversion, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the value instead of the type's built-in conversion.
    /// - Returns: The definition with the property added.
    public func element<V>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: conversion))
    }

    /// Declares an optional property, with a conversion of the wrapped type, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the wrapped value.
    /// - Returns: The definition with the property added.
    public func element<V>(_ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, conversion: Conversion<V>) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: conversion.optional))
    }

    /// Declares an enum property, read through its raw value, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func element<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: RawValueText.conversion()))
    }

    /// Declares an optional enum property, read through its raw value, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    /// - Returns: The definition with the property added.
    @_disfavoredOverload
    public func element<V: RawRepresentable & SendableMetatype>(_ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: RawValueText.conversion().optional))
    }

}
