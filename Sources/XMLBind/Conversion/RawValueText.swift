/// Conversions for `RawRepresentable` enums, through their raw value's conversion.
@usableFromInline
enum RawValueText {
    @usableFromInline
    static func conversion<V: RawRepresentable & SendableMetatype>() -> Conversion<V>
    where V.RawValue: XMLValueConvertible {
        let raw = V.RawValue.xmlConversion
        let decode = raw.decode
        let encode = raw.encode
        let reason = "not a valid \(V.self) value" + allowedValues(of: V.self, format: encode)
        return Conversion(
            bytes: { bytes in
                guard let value = V(rawValue: try decode(bytes)) else { throw ConversionError(reason) }
                return value
            },
            format: { encode($0.rawValue) })
    }

    /// `; expected one of: a, b, c` for a `CaseIterable` enum, else nothing.
    private static func allowedValues<V: RawRepresentable>(of type: V.Type, format: (V.RawValue) -> String) -> String {
        guard let iterable = type as? any CaseIterable.Type else { return "" }
        func all<C: CaseIterable>(_ type: C.Type) -> [V] { C.allCases.compactMap { $0 as? V } }
        let cases = all(iterable)
        guard !cases.isEmpty, cases.count <= 20 else { return "" }
        return "; expected one of: " + cases.map { format($0.rawValue) }.joined(separator: ", ")
    }
}
