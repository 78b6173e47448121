import Foundation

/// One XML-RPC value, of any of the protocol's types.
///
/// | Case | Element |
/// | --- | --- |
/// | ``int(_:)`` | `<int>` or `<i4>` (32 bits) |
/// | ``i8(_:)`` | `<i8>` (64 bits, the common extension; `<ex:i8>` is read too) |
/// | ``boolean(_:)`` | `<boolean>` (`1` or `0`) |
/// | ``string(_:)`` | `<string>`, or text right inside `<value>` |
/// | ``double(_:)`` | `<double>` |
/// | ``dateTime(_:)`` | `<dateTime.iso8601>`, written `YYYYMMDDTHH:MM:SS` in UTC |
/// | ``base64(_:)`` | `<base64>` |
/// | ``struct(_:)`` | `<struct>`, members in order |
/// | ``array(_:)`` | `<array><data>` |
/// | ``nil`` | `<nil/>` (`<ex:nil/>` is read too) |
public enum XMLRPCValue: Sendable, Hashable {
    /// A 32-bit integer.
    case int(Int32)
    /// A 64-bit integer (`<i8>`).
    case i8(Int64)
    /// A boolean.
    case boolean(Bool)
    /// A string.
    case string(String)
    /// A double-precision number.
    case double(Double)
    /// A point in time (XML-RPC carries whole seconds and no zone; UTC is assumed).
    case dateTime(Date)
    /// Bytes, sent as base64.
    case base64(Data)
    /// A struct: named members, in the order sent.
    case `struct`(XMLRPCStruct)
    /// An array of values.
    case array([XMLRPCValue])
    /// No value (`<nil/>`).
    case `nil`

    /// The value's kind as a word for messages (`int`, `struct`, …).
    public var typeName: String {
        switch self {
        case .int: "int"
        case .i8: "i8"
        case .boolean: "boolean"
        case .string: "string"
        case .double: "double"
        case .dateTime: "dateTime.iso8601"
        case .base64: "base64"
        case .struct: "struct"
        case .array: "array"
        case .nil: "nil"
        }
    }
}

extension XMLRPCValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An ``int(_:)`` when the literal fits 32 bits, otherwise an ``i8(_:)``.
    public init(integerLiteral value: Int64) { self = Int32(exactly: value).map { .int($0) } ?? .i8(value) }
    /// A ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A ``boolean(_:)``.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An ``array(_:)``.
    public init(arrayLiteral elements: XMLRPCValue...) { self = .array(elements) }
    /// A ``struct(_:)`` with the members in the order written.
    public init(dictionaryLiteral elements: (String, XMLRPCValue)...) {
        self = .struct(XMLRPCStruct(elements.map { XMLRPCStruct.Member(name: $0.0, value: $0.1) }))
    }
    /// ``nil``.
    public init(nilLiteral: ()) { self = .nil }
}
