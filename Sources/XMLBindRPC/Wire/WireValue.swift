import Foundation
import XMLBind

/// `<value>` as the binder fills it: at most one typed element, or text of its own.
///
/// The wire classes are the reference mapping of the format: the binder fills them during a
/// parse, and every located diagnostic comes from their declarations. A document they accept
/// is kept as ``CompactValue``s, which nodes and typed reads work on.
///
/// A value keeps the byte offset of its start tag (``ByteOffsetAware``), not its origin,
/// which would cost expat a line and column count for every value of the document.
///
/// The wire classes are filled by the binder during a parse and never changed after it
/// (hence `@unchecked Sendable`). Their properties keep Swift's dynamic exclusivity checks:
/// unchecked exclusivity is unsafe code, which stays in XMLBind's audited layer.
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
