#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Decimal: XMLValueConvertible {
    /// Decimal digits with an optional sign, fraction and exponent, parsed exactly.
    public static var xmlConversion: Conversion<Decimal> {
        Conversion(
            bytes: { raw in
                let bytes = XMLWhitespace.trimmed(raw)
                guard FloatingText.isDecimalNumber(bytes) else { throw ConversionError("not a decimal number") }
                let text = String(decoding: bytes, as: UTF8.self)
                guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                    throw ConversionError("not a decimal number")
                }
                return value
            },
            format: { $0.description })
    }
}

extension URL: XMLValueConvertible {
    /// An absolute or relative URL reference, surrounding whitespace ignored.
    public static var xmlConversion: Conversion<URL> {
        Conversion(
            bytes: { raw in
                let text = String(decoding: XMLWhitespace.trimmed(raw), as: UTF8.self)
                guard !text.isEmpty, let url = URL(string: text) else { throw ConversionError("not a valid URL") }
                return url
            },
            format: { $0.absoluteString })
    }
}

extension UUID: XMLValueConvertible {
    /// The 8-4-4-4-12 hexadecimal form, either case; written in upper case.
    public static var xmlConversion: Conversion<UUID> {
        Conversion(
            bytes: { raw in
                let text = String(decoding: XMLWhitespace.trimmed(raw), as: UTF8.self)
                guard let uuid = UUID(uuidString: text) else { throw ConversionError("not a UUID") }
                return uuid
            },
            format: { $0.uuidString })
    }
}

extension Date: XMLValueConvertible {
    /// ISO 8601 in the proleptic Gregorian calendar, as XML Schema's `dateTime`: a
    /// date-time with a time zone (`2024-05-01T12:30:00Z`, `2024-05-01T14:30:00+02:00`,
    /// any number of fraction digits) or a calendar date (`2024-05-01`, midnight UTC).
    /// Written as a UTC date-time with the fewest fraction digits that read back to the
    /// same `Date` (at least to the microsecond, rounded to nearest). See <doc:Conversions>.
    public static var xmlConversion: Conversion<Date> {
        Conversion(
            bytes: { raw in
                if let date = ISO8601Text.parse(XMLWhitespace.trimmed(raw)) { return date }
                throw ConversionError("not an ISO 8601 date")
            },
            format: { ISO8601Text.format($0) })
    }
}

extension Data: XMLValueConvertible {
    /// Base64; whitespace (line breaks in long values) is ignored.
    public static var xmlConversion: Conversion<Data> {
        Conversion(
            bytes: { raw in
                let compact = raw.filter { !XMLWhitespace.isWhitespace($0) }
                guard let data = Data(base64Encoded: Data(compact)) else { throw ConversionError("not valid base64") }
                return data
            },
            format: { $0.base64EncodedString() })
    }
}
