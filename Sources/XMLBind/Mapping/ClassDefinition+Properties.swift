extension ClassDefinition {

    /// Declares a property read from an attribute **or** a child element's text.
    ///
    /// An attribute `name="…"` on the element and a child element `<name>…</name>` both set it.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the value.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func property<V: XMLValueConvertible>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: V.xmlConversion, default: defaultValue))
    }

    /// Declares a property, with its own conversion, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the value instead of the type's built-in conversion.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func property<V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .either, conversion: conversion, default: defaultValue))
    }

    /// Declares an optional property, with a conversion of the wrapped type, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the wrapped value.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func property<V>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) -> Self {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .either, conversion: conversion.optional,
                default: defaultValue.map { .some($0) }))
    }

    /// Declares an enum property, read through its raw value, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func property<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .either, conversion: RawValueText.conversion(), default: defaultValue))
    }

    /// Declares an optional enum property, read through its raw value, read from an attribute **or** a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func property<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .either, conversion: RawValueText.conversion().optional,
                default: defaultValue.map { .some($0) }))
    }

    /// Declares a property read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the value.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func attribute<V: XMLValueConvertible>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: V.xmlConversion, default: defaultValue))
    }

    /// Declares a property, with its own conversion, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the value instead of the type's built-in conversion.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func attribute<V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .attribute, conversion: conversion, default: defaultValue))
    }

    /// Declares an optional property, with a conversion of the wrapped type, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the wrapped value.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func attribute<V>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) -> Self {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .attribute, conversion: conversion.optional,
                default: defaultValue.map { .some($0) }))
    }

    /// Declares an enum property, read through its raw value, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func attribute<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .attribute, conversion: RawValueText.conversion(), default: defaultValue))
    }

    /// Declares an optional enum property, read through its raw value, read only from an attribute of the element.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func attribute<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .attribute, conversion: RawValueText.conversion().optional,
                default: defaultValue.map { .some($0) }))
    }

    /// Declares a property read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set; its type's built-in conversion reads the value.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func element<V: XMLValueConvertible>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: V.xmlConversion, default: defaultValue))
    }

    /// Declares a property, with its own conversion, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the value instead of the type's built-in conversion.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func element<V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) -> Self {
        adding(PropertyBinding(keyPath, xml: xml, form: .element, conversion: conversion, default: defaultValue))
    }

    /// Declares an optional property, with a conversion of the wrapped type, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - conversion: Reads the wrapped value.
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    public func element<V>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) -> Self {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .element, conversion: conversion.optional,
                default: defaultValue.map { .some($0) }))
    }

    /// Declares an enum property, read through its raw value, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func element<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .element, conversion: RawValueText.conversion(), default: defaultValue))
    }

    /// Declares an optional enum property, read through its raw value, read only from a child element's text.
    ///
    /// - Parameters:
    ///   - keyPath: The optional property to set.
    ///   - xml: The XML name; the key path's property name when omitted. `prefix:local`
    ///     names match by the prefix the document writes (or the binder's prefix map).
    ///   - defaultValue: The value to store when the document gives none; without it, the
    ///     property keeps the value its type's `init()` gave it.
    /// - Returns: The definition with the property added.
    @inlinable
    @_disfavoredOverload
    public func element<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, V?> & Sendable, xml: String? = nil, default defaultValue: V? = nil
    ) -> Self
    where V.RawValue: XMLValueConvertible {
        adding(
            PropertyBinding(
                keyPath, xml: xml, form: .element, conversion: RawValueText.conversion().optional,
                default: defaultValue.map { .some($0) }))
    }

}
