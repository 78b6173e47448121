import Foundation
import XMLBind

/// Turns Swift values into XML-RPC values, following the table in <doc:XMLRPC>.
///
/// `String` → string; `Int`, `Int32`, `Int16`, `Int8`, `UInt16`, `UInt8` → int (an `Int`,
/// `Int64`, `UInt32`, `UInt` or `UInt64` outside 32 bits → i8, unless i8 is turned off);
/// `Bool` → boolean; `Double`, `Float` → double; `Date` → dateTime.iso8601; `Data` →
/// base64; arrays → array; `[String: Any]` → struct (members sorted by name, since a
/// dictionary has no order; use `KeyValuePairs` or ``XMLRPCStruct`` to choose one);
/// `nil` → nil; ``XMLRPCRawValueRepresentable`` types as their kind; ``XMLRPCValue`` and
/// ``XMLRPCNode`` as they are; any other ``XMLRPCEncodable`` type (an
/// ``XMLRPCStructConvertible`` struct of your own, say) as its ``XMLRPCEncodable/xmlrpcValue()``
/// gives it, also inside arrays and dictionaries. Anything else is an
/// ``XMLRPCError/Code/encoding`` error.
public struct XMLRPCEncoder: Sendable {
    /// Whether integers beyond 32 bits may be sent as `<i8>` (the default); when false they
    /// are an encoding error, for servers that know only the base types.
    public var allowsI8: Bool

    /// Creates an encoder.
    public init(allowsI8: Bool = true) {
        self.allowsI8 = allowsI8
    }

    /// The XML-RPC value for a Swift value.
    ///
    /// - Parameter value: Any value of the table's types, nested as deep as needed.
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) naming the place and type
    ///   of a value XML-RPC cannot carry.
    public func value(_ value: Any) throws(XMLRPCError) -> XMLRPCValue {
        try encode(value, at: "value")
    }

    /// The values of a call's parameters.
    ///
    /// - Throws: ``XMLRPCError`` naming the parameter (`parameter 2`) that cannot be sent.
    public func parameters(_ values: [Any]) throws(XMLRPCError) -> [XMLRPCValue] {
        try values.enumerated().map { (index, value) throws(XMLRPCError) in
            try encode(value, at: "parameter \(index + 1)")
        }
    }

    private func integer(_ value: Int64, at place: String) throws(XMLRPCError) -> XMLRPCValue {
        if let small = Int32(exactly: value) { return .int(small) }
        guard allowsI8 else {
            throw .encoding("\(place): \(value) does not fit a 32-bit XML-RPC int, and i8 is turned off")
        }
        return .i8(value)
    }

    private func encode(_ value: Any, at place: String) throws(XMLRPCError) -> XMLRPCValue {
        switch value {
        case let value as XMLRPCValue: return value
        case let text as String: return .string(text)
        case let text as Substring: return .string(String(text))
        case let flag as Bool: return .boolean(flag)
        // Every width through Int64: those within 32 bits are an <int> whatever `allowsI8` says.
        case let number as any BinaryInteger:
            guard let exact = Int64(exactly: number) else {
                throw .encoding("\(place): \(number) does not fit 64 bits")
            }
            return try integer(exact, at: place)
        case let number as Double: return .double(number)
        // A Float's shortest text read as a Double: 3.44 stays 3.44, not 3.440000057220459.
        case let number as Float: return .double(Double(String(number)) ?? Double(number))
        case let date as Date: return .dateTime(date)
        case let data as Data: return .base64(data)
        case let members as XMLRPCStruct: return .struct(members)
        case let raw as any XMLRPCRawValueRepresentable: return try rawValue(raw, at: place)
        case let pairs as KeyValuePairs<String, Any>: return try structValue(pairs.map { $0 }, at: place)
        case let dictionary as [String: Any]:
            return try structValue(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, at: place)
        case let array as [Any]:
            return .array(
                try array.enumerated().map { (index, element) throws(XMLRPCError) in
                    try encode(element, at: "\(place)[\(index)]")
                })
        case let optional as any OptionalBox:
            guard let wrapped = optional.wrappedAny else { return .nil }
            return try encode(wrapped, at: place)
        // Last, so the table's own types keep their forms above: an XMLRPCStructConvertible
        // type (or any other XMLRPCEncodable) is sent as its own encoding says.
        case let encodable as any XMLRPCEncodable:
            do {
                return try encodable.xmlrpcValue()
            } catch {
                throw .encoding("\(place): \(error.message)")
            }
        default:
            throw .encoding(
                "\(place): XML-RPC cannot carry a value of type \(type(of: value)); "
                    + "conform it to XMLRPCStructConvertible, XMLRPCEncodable or XMLRPCRawValueRepresentable, "
                    + "or pass an XMLRPCValue")
        }
    }

    private func structValue(_ members: [(String, Any)], at place: String) throws(XMLRPCError) -> XMLRPCValue {
        .struct(
            XMLRPCStruct(
                try members.map { (name, member) throws(XMLRPCError) in
                    XMLRPCStruct.Member(name: name, value: try encode(member, at: "\(place), member '\(name)'"))
                }))
    }

    private func rawValue(_ raw: any XMLRPCRawValueRepresentable, at place: String) throws(XMLRPCError) -> XMLRPCValue {
        let kind = type(of: raw).xmlrpcKind
        let text = raw.xmlrpcRawValue
        let value: XMLRPCValue? =
            switch kind {
            case .string: .string(text)
            case .int: Int32(text.trimmingCharacters(in: .whitespaces)).map { .int($0) }
            case .double: Double(text.trimmingCharacters(in: .whitespaces)).map { .double($0) }
            case .boolean: try? .boolean(Bool.xmlConversion.parse(text))
            case .dateTime: XMLRPCDateTime.parse(text).map { .dateTime($0) }
            case .base64: Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { .base64($0) }
            }
        guard let value else {
            throw .encoding("\(place): \(type(of: raw)) gave \"\(text)\", which is not a valid \(kind.rawValue)")
        }
        return value
    }
}

/// Lets the encoder see through an `Optional` held in an `Any`.
protocol OptionalBox {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalBox {
    var wrappedAny: Any? { self.map { $0 as Any } }
}
