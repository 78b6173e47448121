import Foundation

extension Int32: XMLRPCCodable {
    /// `int`.
    public static var xmlrpcTypeName: String { "int" }
    /// Reads an `<int>` or `<i4>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.int32, expected: "int")
    }
    /// An `<int>`.
    public func xmlrpcValue() -> XMLRPCValue { .int(self) }
}

extension Int64: XMLRPCCodable {
    /// `i8`.
    public static var xmlrpcTypeName: String { "i8" }
    /// Reads an `<int>`, `<i4>` or `<i8>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.int64, expected: "int or i8")
    }
    /// An `<int>` when the value fits 32 bits, an `<i8>` otherwise.
    public func xmlrpcValue() -> XMLRPCValue { Int32(exactly: self).map { .int($0) } ?? .i8(self) }
}

extension Int: XMLRPCCodable {
    /// `int`.
    public static var xmlrpcTypeName: String { "int" }
    /// Reads an `<int>`, `<i4>` or `<i8>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.int64.flatMap({ Int(exactly: $0) }), expected: "int")
    }
    /// An `<int>` when the value fits 32 bits, an `<i8>` otherwise.
    public func xmlrpcValue() -> XMLRPCValue { Int64(self).xmlrpcValue() }
}

extension Bool: XMLRPCCodable {
    /// `boolean`.
    public static var xmlrpcTypeName: String { "boolean" }
    /// Reads a `<boolean>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.bool, expected: "boolean")
    }
    /// A `<boolean>`.
    public func xmlrpcValue() -> XMLRPCValue { .boolean(self) }
}

extension String: XMLRPCCodable {
    /// `string`.
    public static var xmlrpcTypeName: String { "string" }
    /// Reads a `<string>` or text right inside `<value>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.string, expected: "string")
    }
    /// A `<string>`.
    public func xmlrpcValue() -> XMLRPCValue { .string(self) }
}

extension Double: XMLRPCCodable {
    /// `double`.
    public static var xmlrpcTypeName: String { "double" }
    /// Reads a `<double>`, or an integer value (clients often send `1` for `1.0`).
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.double ?? node.int64.map(Double.init), expected: "double")
    }
    /// A `<double>`.
    public func xmlrpcValue() -> XMLRPCValue { .double(self) }
}

extension Date: XMLRPCCodable {
    /// `dateTime.iso8601`.
    public static var xmlrpcTypeName: String { "dateTime.iso8601" }
    /// Reads a `<dateTime.iso8601>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.date, expected: "dateTime.iso8601")
    }
    /// A `<dateTime.iso8601>`.
    public func xmlrpcValue() -> XMLRPCValue { .dateTime(self) }
}

extension Data: XMLRPCCodable {
    /// `base64`.
    public static var xmlrpcTypeName: String { "base64" }
    /// Reads a `<base64>`.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.data, expected: "base64")
    }
    /// A `<base64>`.
    public func xmlrpcValue() -> XMLRPCValue { .base64(self) }
}

extension XMLRPCValue: XMLRPCCodable {
    /// `value`: any type.
    public static var xmlrpcTypeName: String { "value" }
    /// Reads any value.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try node.required(node.value, expected: "a value")
    }
    /// The value itself.
    public func xmlrpcValue() -> XMLRPCValue { self }
}

extension XMLRPCNode: XMLRPCCodable {
    /// `value`: any type.
    public static var xmlrpcTypeName: String { "value" }
    /// The node itself (it must hold a value).
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        guard node.exists else { throw node.mismatch(expected: "a value") }
        self = node
    }
    /// The node's value.
    public func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue {
        guard let value else { throw .encoding("the node \(path) holds no value") }
        return value
    }
}

extension Optional: XMLRPCTyped {
    /// The wrapped type's name.
    public static var xmlrpcTypeName: String { (Wrapped.self as? any XMLRPCTyped.Type)?.xmlrpcTypeName ?? "value" }
}

extension Optional: XMLRPCDecodable where Wrapped: XMLRPCDecodable {
    /// `nil` for `<nil/>` or a missing value, otherwise the wrapped type's reading.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = node.exists && !node.isNil ? try Wrapped(xmlrpc: node) : nil
    }
}

extension Optional: XMLRPCEncodable where Wrapped: XMLRPCEncodable {
    /// `<nil/>` for nil, otherwise the wrapped value.
    public func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue {
        guard let self else { return .nil }
        return try self.xmlrpcValue()
    }
}

extension Array: XMLRPCTyped {
    /// `array`.
    public static var xmlrpcTypeName: String { "array" }
}

extension Array: XMLRPCDecodable where Element: XMLRPCDecodable {
    /// Reads an `<array>`, every element as `Element`; an array of structs of your own
    /// by one typed reading (see ``XMLRPCStructConvertible``).
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        if TypedReader.structType(of: Element.self) != nil {
            self = try TypedReader.decode(Self.self, from: node)
            return
        }
        guard let elements = node.array else { throw node.mismatch(expected: "array") }
        self = try elements.map { (element) throws(XMLRPCError) in try Element(xmlrpc: element) }
    }
}

extension Array: XMLRPCEncodable where Element: XMLRPCEncodable {
    /// An `<array>`.
    public func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue {
        // Structs of your own are written by their mappings, and read back.
        if TypedReader.structType(of: Element.self) != nil { return try TypedWriting.value(of: self) }
        return .array(try map { (element) throws(XMLRPCError) in try element.xmlrpcValue() })
    }
}

extension Dictionary: XMLRPCTyped {
    /// `struct`.
    public static var xmlrpcTypeName: String { "struct" }
}

extension Dictionary: XMLRPCDecodable where Key == String, Value: XMLRPCDecodable {
    /// Reads a `<struct>`, every member as `Value` (the first of a repeated name wins).
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        guard let members = node.members else { throw node.mismatch(expected: "struct") }
        var result: [String: Value] = [:]
        for (name, member) in members where result[name] == nil {
            result[name] = try Value(xmlrpc: member)
        }
        self = result
    }
}

extension Dictionary: XMLRPCEncodable where Key == String, Value: XMLRPCEncodable {
    /// A `<struct>` with the members sorted by name (a dictionary has no order of its own).
    public func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue {
        let members = try sorted { $0.key < $1.key }.map { (name, value) throws(XMLRPCError) in
            XMLRPCStruct.Member(name: name, value: try value.xmlrpcValue())
        }
        return .struct(XMLRPCStruct(members))
    }
}
