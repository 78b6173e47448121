import Foundation

/// An XML Schema built-in simple type, as the generated schema names a property's type.
///
/// The schema takes it from the property's Swift type when the property uses its type's
/// built-in conversion. A property with a conversion of its own (such as
/// `Conversion.date(format: "yyyy-MM-dd")`) may write another form: name its type with
/// ``XMLSchemaGenerator/schemaType(_:for:)``.
public struct XMLSchemaType: Sendable, Hashable, CustomStringConvertible {
    /// The local name in the XML Schema namespace, such as `int`.
    public var name: String

    /// A built-in type by its local name.
    ///
    /// - Parameter name: `int`, `date`, `gYear`, …
    public init(_ name: String) { self.name = name }

    /// `xs:string`.
    public static let string = XMLSchemaType("string")
    /// `xs:boolean`.
    public static let boolean = XMLSchemaType("boolean")
    /// `xs:byte`.
    public static let byte = XMLSchemaType("byte")
    /// `xs:short`.
    public static let short = XMLSchemaType("short")
    /// `xs:int`.
    public static let int = XMLSchemaType("int")
    /// `xs:long`.
    public static let long = XMLSchemaType("long")
    /// `xs:unsignedByte`.
    public static let unsignedByte = XMLSchemaType("unsignedByte")
    /// `xs:unsignedShort`.
    public static let unsignedShort = XMLSchemaType("unsignedShort")
    /// `xs:unsignedInt`.
    public static let unsignedInt = XMLSchemaType("unsignedInt")
    /// `xs:unsignedLong`.
    public static let unsignedLong = XMLSchemaType("unsignedLong")
    /// `xs:float`.
    public static let float = XMLSchemaType("float")
    /// `xs:double`.
    public static let double = XMLSchemaType("double")
    /// `xs:decimal`.
    public static let decimal = XMLSchemaType("decimal")
    /// `xs:dateTime`.
    public static let dateTime = XMLSchemaType("dateTime")
    /// `xs:date`.
    public static let date = XMLSchemaType("date")
    /// `xs:base64Binary`.
    public static let base64Binary = XMLSchemaType("base64Binary")
    /// `xs:anyURI`.
    public static let anyURI = XMLSchemaType("anyURI")

    /// `xs:name`.
    public var description: String { "xs:\(name)" }

    /// The type the built-in conversion of a Swift type reads and writes, if it has one.
    static func builtIn(for type: Any.Type) -> XMLSchemaType? {
        let table: [(Any.Type, XMLSchemaType)] = [
            (String.self, .string), (Bool.self, .boolean), (Int.self, .long), (Int64.self, .long), (Int32.self, .int),
            (Int16.self, .short), (Int8.self, .byte), (UInt.self, .unsignedLong), (UInt64.self, .unsignedLong),
            (UInt32.self, .unsignedInt), (UInt16.self, .unsignedShort), (UInt8.self, .unsignedByte),
            (Double.self, .double), (Float.self, .float), (Decimal.self, .decimal), (Date.self, .dateTime),
            (Data.self, .base64Binary), (URL.self, .anyURI), (UUID.self, .string),
        ]
        return table.first { ObjectIdentifier($0.0) == ObjectIdentifier(type) }?.1
    }
}
