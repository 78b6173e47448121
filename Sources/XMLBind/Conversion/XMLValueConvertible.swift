#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A type with a built-in ``Conversion``, so its properties need no `conversion:`.
///
/// The library conforms `String`, `Bool`, every `Int` and `UInt` width, `Double`,
/// `Float`, `Decimal`, `URL`, `UUID`, `Date` (ISO 8601), `Data` (base64), optionals of
/// these, and arrays of these (a whitespace-separated list). `RawRepresentable` enums
/// whose raw value is one of these work without conforming. Conform your own types to
/// give them a default conversion:
///
/// ```swift
/// extension Version: XMLValueConvertible {
///     static var xmlConversion: Conversion<Version> {
///         Conversion(parse: { try Version(parsing: $0) }, format: { $0.description })
///     }
/// }
/// ```
public protocol XMLValueConvertible: SendableMetatype {
    /// The conversion used for properties of this type.
    static var xmlConversion: Conversion<Self> { get }
}

extension String: XMLValueConvertible {
    /// The text as it is: entities decoded, whitespace kept.
    public static var xmlConversion: Conversion<String> {
        Conversion(bytes: { String(decoding: $0, as: UTF8.self) }, format: { $0 }, isPlainText: true)
    }
}

extension Bool: XMLValueConvertible {
    /// `true` or `1`, `false` or `0` (XML Schema's boolean), surrounding whitespace ignored.
    public static var xmlConversion: Conversion<Bool> {
        Conversion(
            bytes: { raw in
                let bytes = XMLWhitespace.trimmed(raw)
                if XMLWhitespace.equal(bytes, "true") || XMLWhitespace.equal(bytes, "1") { return true }
                if XMLWhitespace.equal(bytes, "false") || XMLWhitespace.equal(bytes, "0") { return false }
                throw ConversionError("expected true, false, 1 or 0")
            },
            format: { $0 ? "true" : "false" }, isPlainBool: true)
    }
}

extension Optional: XMLValueConvertible where Wrapped: XMLValueConvertible {
    /// The wrapped type's conversion; a value present in the document is never `nil`.
    public static var xmlConversion: Conversion<Wrapped?> {
        Wrapped.xmlConversion.optional
    }
}

extension Array: XMLValueConvertible where Element: XMLValueConvertible {
    /// A whitespace-separated list of the element type's values (like XML Schema's `xs:list`).
    public static var xmlConversion: Conversion<[Element]> {
        Conversion.list(of: Element.xmlConversion)
    }
}

extension Int: XMLValueConvertible {
    /// Decimal digits with an optional sign; out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<Int> { IntegerText.conversion() }
}
extension Int8: XMLValueConvertible {
    /// Decimal digits with an optional sign; out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<Int8> { IntegerText.conversion() }
}
extension Int16: XMLValueConvertible {
    /// Decimal digits with an optional sign; out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<Int16> { IntegerText.conversion() }
}
extension Int32: XMLValueConvertible {
    /// Decimal digits with an optional sign; out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<Int32> { IntegerText.conversion() }
}
extension Int64: XMLValueConvertible {
    /// Decimal digits with an optional sign; out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<Int64> { IntegerText.conversion() }
}
extension UInt: XMLValueConvertible {
    /// Decimal digits; negative and out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<UInt> { IntegerText.conversion() }
}
extension UInt8: XMLValueConvertible {
    /// Decimal digits; negative and out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<UInt8> { IntegerText.conversion() }
}
extension UInt16: XMLValueConvertible {
    /// Decimal digits; negative and out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<UInt16> { IntegerText.conversion() }
}
extension UInt32: XMLValueConvertible {
    /// Decimal digits; negative and out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<UInt32> { IntegerText.conversion() }
}
extension UInt64: XMLValueConvertible {
    /// Decimal digits; negative and out-of-range values are errors, not wrapped.
    public static var xmlConversion: Conversion<UInt64> { IntegerText.conversion() }
}

extension Double: XMLValueConvertible {
    /// Decimal or scientific notation, `INF`, `-INF` and `NaN`; written in the shortest
    /// form that reads back to the same value.
    public static var xmlConversion: Conversion<Double> {
        FloatingText.conversion()
    }
}

extension Float: XMLValueConvertible {
    /// Decimal or scientific notation, `INF`, `-INF` and `NaN`; written in the shortest
    /// form that reads back to the same value.
    public static var xmlConversion: Conversion<Float> {
        FloatingText.conversion()
    }
}
