/// XML Schema 1.0's built-in types, by their names in
/// `http://www.w3.org/2001/XMLSchema`.
///
/// Which Swift type each becomes is the emitter's table (see ``SwiftTypeMapping``), written
/// out in the "Generating models" article.
public enum BuiltinType: String, Sendable, Hashable, CaseIterable {
    case anyType, anySimpleType
    case string, normalizedString, token, language, name = "Name", ncName = "NCName", nmToken = "NMTOKEN"
    case nmTokens = "NMTOKENS", id = "ID", idRef = "IDREF", idRefs = "IDREFS", entity = "ENTITY"
    case entities = "ENTITIES", qName = "QName", notation = "NOTATION", anyURI
    case boolean
    case decimal, float, double
    case integer, nonPositiveInteger, negativeInteger, nonNegativeInteger, positiveInteger
    case long, int, short, byte, unsignedLong, unsignedInt, unsignedShort, unsignedByte
    case duration, dateTime, time, date, gYearMonth, gYear, gMonthDay, gDay, gMonth
    case hexBinary, base64Binary

    /// The namespace of XML Schema's built-in types.
    public static let namespace = "http://www.w3.org/2001/XMLSchema"
}
