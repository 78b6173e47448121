import Foundation
import XMLBind

/// `<value>` as the binder fills it: at most one typed element, or text of its own.
///
/// A value keeps the byte offset of its start tag (``ByteOffsetAware``), not its origin: a
/// located error names a value, but the line and column are only worked out for the one
/// an error is about (``XMLRPCDocument/origin(atByteOffset:)``), where an ``Origin`` would
/// cost expat a line and column count for every value of the document.
///
/// The wire classes are filled by the binder during a parse and never changed after it, so
/// an ``XMLRPCNode`` can share them across threads (hence `@unchecked Sendable`). Their
/// properties keep Swift's dynamic exclusivity checks: unchecked exclusivity is unsafe code,
/// which stays in XMLBind's audited layer.
final class WireValue: Bindable, ByteOffsetAware, @unchecked Sendable {
    /// Where the `<value>` start tag is in the document; -1 for a value built in Swift.
    var byteOffset = -1
    /// Text right inside `<value>`: the value when no typed element is given (a string).
    var text: String?
    var int: Int32?
    var i4: Int32?
    var i8: Int64?
    var extensionI8: Int64?
    var boolean: Bool?
    var string: String?
    var double: Double?
    var dateTime: Date?
    var base64: Data?
    var structValue: WireStruct?
    var arrayValue: WireArray?
    var nilValue: WireNil?

    init() {}

    /// How many typed elements the `<value>` held (more than one is an error).
    var typedElementCount: Int {
        var count = 0
        if int != nil { count += 1 }
        if i4 != nil { count += 1 }
        if i8 != nil { count += 1 }
        if extensionI8 != nil { count += 1 }
        if boolean != nil { count += 1 }
        if string != nil { count += 1 }
        if double != nil { count += 1 }
        if dateTime != nil { count += 1 }
        if base64 != nil { count += 1 }
        if structValue != nil { count += 1 }
        if arrayValue != nil { count += 1 }
        if nilValue != nil { count += 1 }
        return count
    }
}

/// `<struct>`: its members in document order.
final class WireStruct: Bindable, @unchecked Sendable {
    var members: [WireMember] = []
    init() {}
}

/// `<member>`: `<name>` and `<value>`, in either order.
final class WireMember: Bindable, @unchecked Sendable {
    var name: String?
    var value: WireValue?
    init() {}
}

/// `<array>`, holding `<data>`.
final class WireArray: Bindable, @unchecked Sendable {
    var data: WireData?
    init() {}
}

/// `<data>`: the array's values in order.
final class WireData: Bindable, @unchecked Sendable {
    var values: [WireValue] = []
    init() {}
}

/// `<nil/>` or `<ex:nil/>`.
final class WireNil: Bindable, @unchecked Sendable {
    init() {}
}
