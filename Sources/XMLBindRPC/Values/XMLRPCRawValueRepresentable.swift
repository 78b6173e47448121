/// The scalar XML-RPC types a ``XMLRPCRawValueRepresentable`` type can be sent as; the raw
/// values are the element names.
public enum XMLRPCValueKind: String, Sendable, Hashable, CaseIterable {
    /// `<int>`.
    case int
    /// `<double>`.
    case double
    /// `<boolean>`.
    case boolean
    /// `<string>`.
    case string
    /// `<dateTime.iso8601>`.
    case dateTime = "dateTime.iso8601"
    /// `<base64>`.
    case base64
}

/// A type of your own sent as one scalar XML-RPC value, as text of a chosen kind.
///
/// ```swift
/// enum Color: String, XMLRPCRawValueRepresentable {
///     case red, green
///     static var xmlrpcKind: XMLRPCValueKind { .string }
///     var xmlrpcRawValue: String { rawValue }
///     init?(xmlrpcRawValue: String) { self.init(rawValue: xmlrpcRawValue) }
/// }
/// try await client.call("paint", [Color.red])      // <value><string>red</string></value>
/// ```
///
/// The raw value must be valid text for its kind (`42` for `.int`, base64 for `.base64`,
/// `20240501T12:00:00` for `.dateTime`); a raw value that is not is an encoding error
/// when the call is written.
public protocol XMLRPCRawValueRepresentable {
    /// The element the value is sent in.
    static var xmlrpcKind: XMLRPCValueKind { get }
    /// The value's text.
    var xmlrpcRawValue: String { get }
    /// Creates a value from its text, or nil when the text does not stand for one.
    init?(xmlrpcRawValue: String)
}
