import Foundation
import XMLBind

// The XML-RPC grammar as the core binder reads it: one class per element, filled during
// one parse by `XMLRPCReader.binder`'s declarations (which every located diagnostic comes
// from) and folded into `XMLRPCValue` as the message is taken (`XMLRPCReader.Fold`).
// They never leave the call that parsed them, so they need not be `Sendable`.

/// `<methodCall>`: `<methodName>` and optional `<params>`.
final class MethodCallElement: Bindable, OriginAware {
    var origin: Origin?
    var methodName: String?
    var params: ParamsElement?
    init() {}
}

/// `<methodResponse>`: `<params>` with one `<param>`, or `<fault>`.
final class MethodResponseElement: Bindable, OriginAware {
    var origin: Origin?
    var params: ParamsElement?
    var fault: FaultElement?
    init() {}
}

/// `<params>`: the `<param>`s in order.
final class ParamsElement: Bindable {
    var params: [ParamElement] = []
    init() {}
}

/// `<param>`, holding one `<value>`.
final class ParamElement: Bindable {
    var value: ValueElement?
    init() {}
}

/// `<fault>`, holding a `<value>` with the struct of `faultCode` and `faultString`.
final class FaultElement: Bindable {
    var value: ValueElement?
    init() {}
}

/// `<value>`: at most one typed element, or text of its own (a string).
///
/// It keeps its start tag's byte offset (``ByteOffsetAware``), not its origin, which would
/// cost expat a line and column count for every value of the document: the fold keeps the
/// offsets in document order, and a node works out the origin of one when asked.
final class ValueElement: Bindable, ByteOffsetAware {
    var byteOffset = -1
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
    var structValue: StructElement?
    var arrayValue: ArrayElement?
    var nilValue: NilElement?
    init() {}
}

/// `<struct>`: its members in document order.
final class StructElement: Bindable {
    var members: [MemberElement] = []
    init() {}
}

/// `<member>`: `<name>` and `<value>`, in either order.
final class MemberElement: Bindable {
    var name: String?
    var value: ValueElement?
    init() {}
}

/// `<array>`, holding `<data>`.
final class ArrayElement: Bindable {
    var data: DataElement?
    init() {}
}

/// `<data>`: the array's values in order.
final class DataElement: Bindable {
    var values: [ValueElement] = []
    init() {}
}

/// `<nil/>` or `<ex:nil/>`.
final class NilElement: Bindable {
    init() {}
}
