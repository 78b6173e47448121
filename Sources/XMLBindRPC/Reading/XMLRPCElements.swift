import Foundation
import XMLBind

// The XML-RPC grammar as the core binder reads it: one class per element, filled during one
// parse by `XMLRPCReader`'s declarations (which every located diagnostic comes from). The
// classes a parameter's value goes through are generic over the struct a `<value>` holds:
// `StructElement` (members by name) for the value tree, folded into `XMLRPCValue`
// (`XMLRPCReader.Fold`), or a type of your own for a typed reading (`TypedReader`). They
// never leave the call that parsed them, so they need not be `Sendable`.

/// `<methodCall>`: `<methodName>` and optional `<params>`.
final class MethodCallElement<Object: Bindable>: Bindable, ByteOffsetAware {
    var byteOffset = -1
    var methodName: String?
    var params: ParamsElement<Object>?
    init() {}
}

/// `<methodResponse>`: `<params>` with one `<param>`, or `<fault>`.
final class MethodResponseElement<Object: Bindable>: Bindable, ByteOffsetAware {
    var byteOffset = -1
    var params: ParamsElement<Object>?
    var fault: FaultElement?
    init() {}
}

/// `<params>`: the `<param>`s in order.
final class ParamsElement<Object: Bindable>: Bindable {
    var params: [ParamElement<Object>] = []
    init() {}
}

/// `<param>`, holding one `<value>`.
final class ParamElement<Object: Bindable>: Bindable {
    var value: ValueElement<Object>?
    init() {}
}

/// `<fault>`, holding a `<value>` with the struct of `faultCode` and `faultString`.
final class FaultElement: Bindable {
    var value: ValueElement<StructElement>?
    init() {}
}

/// `<value>`: at most one typed element, or text of its own (a string).
///
/// It keeps its start tag's byte offset (``ByteOffsetAware``), not its origin, which would
/// cost expat a line and column count for every value of the document: the fold keeps the
/// offsets in document order, and a node works out the origin of one when asked.
final class ValueElement<Object: Bindable>: Bindable, ByteOffsetAware {
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
    var object: Object?
    var array: ArrayElement<Object>?
    var nilValue: NilElement?
    init() {}
}

/// `<struct>` of the value tree: its members in document order.
final class StructElement: Bindable {
    var members: [MemberElement] = []
    init() {}
}

/// `<member>`: `<name>` and `<value>`, in either order.
final class MemberElement: Bindable {
    var name: String?
    var value: ValueElement<StructElement>?
    init() {}
}

/// `<array>`, holding `<data>`.
final class ArrayElement<Object: Bindable>: Bindable {
    var data: DataElement<Object>?
    init() {}
}

/// `<data>`: the array's values in order.
final class DataElement<Object: Bindable>: Bindable {
    var values: [ValueElement<Object>] = []
    init() {}
}

/// `<nil/>` or `<ex:nil/>`.
final class NilElement: Bindable {
    init() {}
}
