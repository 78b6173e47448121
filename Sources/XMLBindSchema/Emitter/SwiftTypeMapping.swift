/// The Swift type each of XML Schema's built-in types becomes in generated code.
///
/// The rule is: the Swift type that holds every value of the XML type and writes it back
/// as the same value. So `xs:int` is `Int32` and `xs:unsignedShort` is `UInt16` (their
/// exact ranges); `xs:integer` is `Int` (unbounded in XML; a value beyond 64 bits is
/// refused with a located error rather than rounded); `xs:decimal` is `Decimal` (base 10,
/// no binary rounding of `0.1`); `xs:boolean` is `Bool`; `xs:base64Binary` and
/// `xs:hexBinary` are `Data`. Dates, times and durations stay `String`: XML Schema's
/// `dateTime` may omit its time zone and keep any number of fraction digits, `date`,
/// `gYear` and `duration` have no Foundation type at all, and a `Date` would hold none of
/// that faithfully, so the text is kept and written back unchanged. `xs:anyURI` stays
/// `String` for the same reason (`URL` re-encodes). `xs:QName` is `XMLQualifiedName`: its
/// prefix is resolved where the document writes it, and the writer declares the namespace
/// for the prefix it writes, so the name means the same wherever the value is written
/// (a QName with facets, or in a list, stays `String`: those are checked, or split, on the
/// text). The list types `NMTOKENS`, `IDREFS` and `ENTITIES` are `[String]`.
public enum SwiftTypeMapping {
    /// The Swift type's name for a built-in type.
    ///
    /// - Parameter type: The built-in XML Schema type.
    /// - Returns: The Swift type, as written in source (`Int32`, `[String]`).
    public static func swiftType(for type: BuiltinType) -> String {
        switch type {
        case .boolean: "Bool"
        case .decimal: "Decimal"
        case .float: "Float"
        case .double: "Double"
        case .integer, .nonPositiveInteger, .negativeInteger: "Int"
        case .nonNegativeInteger, .positiveInteger: "UInt"
        case .long: "Int64"
        case .int: "Int32"
        case .short: "Int16"
        case .byte: "Int8"
        case .unsignedLong: "UInt64"
        case .unsignedInt: "UInt32"
        case .unsignedShort: "UInt16"
        case .unsignedByte: "UInt8"
        case .hexBinary, .base64Binary: "Data"
        case .nmTokens, .idRefs, .entities: "[String]"
        case .qName: "XMLQualifiedName"
        case .anyType, .anySimpleType, .string, .normalizedString, .token, .language, .name, .ncName, .nmToken, .id,
            .idRef, .entity, .notation, .anyURI, .duration, .dateTime, .time, .date, .gYearMonth, .gYear,
            .gMonthDay, .gDay, .gMonth:
            "String"
        }
    }

    /// The facets a built-in type implies beyond its Swift type's range: `positiveInteger`
    /// is at least 1, `negativeInteger` at most -1, `nonPositiveInteger` at most 0.
    static func impliedFacets(of type: BuiltinType) -> Facets {
        switch type {
        case .positiveInteger: Facets(minInclusive: "1")
        case .negativeInteger: Facets(maxInclusive: "-1")
        case .nonPositiveInteger: Facets(maxInclusive: "0")
        default: Facets()
        }
    }

    /// Whether values of the type are ordered, so range facets apply.
    static func isOrdered(_ swiftType: String) -> Bool {
        [
            "Decimal", "Float", "Double", "Int", "UInt", "Int64", "Int32", "Int16", "Int8", "UInt64", "UInt32",
            "UInt16",
            "UInt8",
        ].contains(swiftType)
    }
}
