import Foundation
import XMLBind

/// A decoded `<value>`, as nodes and typed reads see it: a small immutable value.
///
/// The binder's wire objects (``WireValue``, ``WireStruct``, …) are the reference mapping of
/// the format, which every located diagnostic comes from; a document they accept is kept as
/// a tree of these instead: a value is its start tag's byte offset and a ``Payload``, stored
/// inline where it is kept (a member, an array's element, a node), a struct's members an
/// array of name–value pairs, an array's elements an array of values. Nothing is allocated
/// for a scalar (a string's text aside, when it is too long to be stored in the `String`),
/// nor for a `<struct>`, `<member>`, `<array>`, `<data>` or `<nil/>` beyond its one array.
///
/// A value keeps the byte offset of its start tag, not its origin: the line and column are
/// only worked out for the one an error is about (``XMLRPCDocument/origin(atByteOffset:)``).
struct CompactValue: Bindable, Sendable {
    /// What a `<value>` holds: its one typed element, or its own text.
    enum Payload: Sendable {
        /// Text right inside `<value>`, without a typed element: a string.
        case text(String)
        case int(Int32)
        case i4(Int32)
        case i8(Int64)
        /// `ex:i8`, in the Apache extensions namespace.
        case extensionI8(Int64)
        case boolean(Bool)
        case string(String)
        case double(Double)
        case dateTime(Date)
        case base64(Data)
        /// `<struct>`: its members in document order.
        case members([CompactMember])
        /// `<array>`: its values in order.
        case values([CompactValue])
        /// `<nil/>` or `<ex:nil/>`.
        case `nil`
    }

    /// Where the `<value>` start tag is in the document; -1 for a value built in Swift.
    let byteOffset: Int
    let payload: Payload

    init(byteOffset: Int = -1, payload: Payload) {
        self.byteOffset = byteOffset
        self.payload = payload
    }

    /// An empty untyped value (`<value/>`); the binder's mappings need one to start from.
    init() {
        self.init(payload: .text(""))
    }

    /// An `<int>` or `<i4>` value.
    var int32: Int32? {
        switch payload {
        case .int(let number), .i4(let number): number
        default: nil
        }
    }

    /// An `<i8>` value (not `<ex:i8>`: a fault's code is read as it always was).
    var i8: Int64? {
        if case .i8(let number) = payload { return number }
        return nil
    }

    /// An integer value of either width: `<int>`, `<i4>`, `<i8>`, `<ex:i8>`.
    var int64: Int64? {
        switch payload {
        case .int(let number), .i4(let number): Int64(number)
        case .i8(let number), .extensionI8(let number): number
        default: nil
        }
    }

    var boolean: Bool? {
        if case .boolean(let flag) = payload { return flag }
        return nil
    }

    var double: Double? {
        if case .double(let number) = payload { return number }
        return nil
    }

    var dateTime: Date? {
        if case .dateTime(let date) = payload { return date }
        return nil
    }

    var base64: Data? {
        if case .base64(let data) = payload { return data }
        return nil
    }

    /// The members of a struct value.
    var members: [CompactMember]? {
        if case .members(let members) = payload { return members }
        return nil
    }

    /// The values of an array value.
    var values: [CompactValue]? {
        if case .values(let values) = payload { return values }
        return nil
    }

    /// Whether the value is `<nil/>`.
    var isNil: Bool {
        if case .nil = payload { return true }
        return false
    }

    /// The text of a string value (typed or not), or nil for other types.
    var stringValue: String? {
        switch payload {
        case .string(let text), .text(let text): text
        default: nil
        }
    }

    /// The first member named `name` of a struct value.
    func member(_ name: String) -> CompactValue? {
        members?.first { $0.name == name }?.value
    }
}

/// A struct's `<member>`: its name and value.
struct CompactMember: Sendable {
    let name: String
    let value: CompactValue
}
