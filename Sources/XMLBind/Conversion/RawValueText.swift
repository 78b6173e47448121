/// Conversions for `RawRepresentable` enums, through their raw value's conversion.
enum RawValueText {
    static func conversion<V: RawRepresentable & SendableMetatype>() -> Conversion<V> where V.RawValue: XMLValueConvertible {
        let raw = V.RawValue.xmlConversion
        let decode = raw.decode
        let encode = raw.encode
        return Conversion(
            bytes: { bytes in
                let rawValue = try decode(bytes)
                guard let value = V(rawValue: rawValue) else {
                    throw ConversionError("not a valid \(V.self) value")
                }
                return value
            },
            format: { encode($0.rawValue) })
    }
}
