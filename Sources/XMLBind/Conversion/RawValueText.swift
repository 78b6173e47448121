/// Conversions for `RawRepresentable` enums, through their raw value's conversion.
///
/// For a `CaseIterable` enum, a value that is no case gets an error that lists the
/// valid values (up to 20) and suggests the closest (`HTTPS` → `https`).
@usableFromInline
enum RawValueText {
    @usableFromInline
    static func conversion<V: RawRepresentable & SendableMetatype>() -> Conversion<V>
    where V.RawValue: XMLValueConvertible {
        let raw = V.RawValue.xmlConversion
        let decode = raw.decode
        let encode = raw.encode
        let allowed = allowedValues(of: V.self, format: encode)
        let reason = "not a valid \(V.self) value" + listed(allowed)
        return Conversion(
            bytes: { bytes in
                guard let value = V(rawValue: try decode(bytes)) else {
                    // Only on failure: the suggestion is worked out from the text as written.
                    let written = String(decoding: bytes, as: UTF8.self)
                    let suggestion = Suggestion.closest(to: written, among: allowed)
                    var error = ConversionError(reason + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
                    error.suggestion = suggestion
                    throw error
                }
                return value
            },
            format: { encode($0.rawValue) })
    }

    /// Every case's raw value as text, for a `CaseIterable` enum; none otherwise.
    private static func allowedValues<V: RawRepresentable>(of type: V.Type, format: (V.RawValue) -> String)
        -> [String]
    {
        guard let iterable = type as? any CaseIterable.Type else { return [] }
        func all<C: CaseIterable>(_ type: C.Type) -> [V] { C.allCases.compactMap { $0 as? V } }
        return all(iterable).map { format($0.rawValue) }
    }

    /// `; expected one of: a, b, c`, or `; expected one of 25 values` past 20.
    private static func listed(_ values: [String]) -> String {
        guard !values.isEmpty else { return "" }
        guard values.count <= 20 else { return "; expected one of \(values.count) values" }
        return "; expected one of: " + values.joined(separator: ", ")
    }
}
