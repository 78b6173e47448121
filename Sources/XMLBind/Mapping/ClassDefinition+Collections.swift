extension ClassDefinition {
    /// Declares a list read from every matching child element (or attribute of each
    /// matching element), in document order.
    ///
    /// ```swift
    /// mapping(MimeType.self, element: "mime-type")
    ///     .elements(\.superTypes, xml: "sub-class-of/@type")   // <sub-class-of type="…"/>, repeated
    ///     .elements(\.globs, xml: "glob/@pattern")
    /// mapping(Country.self, element: "country")
    ///     .elements(\.codes, xml: "countryList/iso3166Id")   // one <countryList>, many <iso3166Id>
    /// ```
    ///
    /// Each value is converted on its own; one that fails is an error at its element. A
    /// list written back gives each value its own element (the last element of the path
    /// repeats; the elements before it are written once).
    ///
    /// - Parameters:
    ///   - keyPath: The array to append to; its element type's built-in conversion reads each value.
    ///   - xml: The element name or path (`a/b`, `a/b/@c`); the key path's property name when omitted.
    /// - Returns: The definition with the list added.
    @inlinable
    public func elements<V: XMLValueConvertible>(_ keyPath: WritableKeyPath<T, [V]> & Sendable, xml: String? = nil)
        -> Self
    {
        adding(PropertyBinding.list(keyPath, xml: xml, conversion: V.xmlConversion))
    }

    /// Declares a list read from every matching child element, with its own conversion of each value.
    ///
    /// - Parameters:
    ///   - keyPath: The array to append to.
    ///   - xml: The element name or path; the key path's property name when omitted.
    ///   - conversion: Reads each value.
    /// - Returns: The definition with the list added.
    @inlinable
    public func elements<V>(
        _ keyPath: WritableKeyPath<T, [V]> & Sendable, xml: String? = nil, conversion: Conversion<V>
    ) -> Self {
        adding(PropertyBinding.list(keyPath, xml: xml, conversion: conversion))
    }

    /// Declares a list of enum values, each read through its raw value, from every matching child element.
    ///
    /// - Parameters:
    ///   - keyPath: The array to append to.
    ///   - xml: The element name or path; the key path's property name when omitted.
    /// - Returns: The definition with the list added.
    @inlinable
    @_disfavoredOverload
    public func elements<V: RawRepresentable & SendableMetatype>(
        _ keyPath: WritableKeyPath<T, [V]> & Sendable, xml: String? = nil
    ) -> Self where V.RawValue: XMLValueConvertible {
        adding(PropertyBinding.list(keyPath, xml: xml, conversion: RawValueText.conversion()))
    }

    /// Declares a map read from every matching child element, keyed by an attribute of each.
    ///
    /// ```swift
    /// mapping(MimeType.self, element: "mime-type")
    ///     .element(\.comment)                                        // <comment>, no xml:lang
    ///     .elements(\.translatedComments, xml: "comment", key: "xml:lang") // <comment xml:lang="de">
    /// ```
    ///
    /// An element with the key attribute goes to the map; a plain property declared for the
    /// same element name takes the one without it. Two elements with one key are an error
    /// at the second, with a note at the first. Written back sorted by key.
    ///
    /// - Parameters:
    ///   - keyPath: The dictionary to fill; its value type's built-in conversion reads each value.
    ///   - xml: The element name; the key path's property name when omitted.
    ///   - key: The attribute of each element whose value is the key (`xml:lang`, `id`, `@id`).
    /// - Returns: The definition with the map added.
    @inlinable
    public func elements<V: XMLValueConvertible>(
        _ keyPath: WritableKeyPath<T, [String: V]> & Sendable, xml: String? = nil, key: String
    ) -> Self {
        adding(PropertyBinding.map(keyPath, xml: xml, key: key, conversion: V.xmlConversion))
    }

    /// Declares a map read from every matching child element, keyed by an attribute of
    /// each, with its own conversion of each value.
    ///
    /// - Parameters:
    ///   - keyPath: The dictionary to fill.
    ///   - xml: The element name; the key path's property name when omitted.
    ///   - key: The attribute of each element whose value is the key.
    ///   - conversion: Reads each value.
    /// - Returns: The definition with the map added.
    @inlinable
    public func elements<V>(
        _ keyPath: WritableKeyPath<T, [String: V]> & Sendable, xml: String? = nil, key: String,
        conversion: Conversion<V>
    ) -> Self {
        adding(PropertyBinding.map(keyPath, xml: xml, key: key, conversion: conversion))
    }
}
