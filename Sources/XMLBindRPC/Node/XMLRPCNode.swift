import Foundation
import XMLBind

/// A value of an XML-RPC response (or request), read without unwrapping:
/// `response[0]["people"][9]["age"].int32`.
///
/// Subscripts never fail: a missing index or member, or a step into a value that is not an
/// array or struct, gives a node that holds nothing, whose getters all return nil. Getters
/// return nil too when the value is of another type: ``string`` of an int is nil. The node
/// a call returns stands for the response's parameters, so `response[0]` is the first (and
/// usually only) one.
///
/// A node read from a document knows where its value came from (``origin``), so that an
/// error can point at a value of the wrong type. Nodes are immutable and `Sendable`.
public struct XMLRPCNode: Sendable, CustomStringConvertible {
    /// The value, or nil when the node holds nothing. A response's parameters are held as
    /// an array, so `node[0]` is the first.
    public let value: XMLRPCValue?
    /// The steps from the message's values to this node's parent (nil under a root).
    let parent: NodeTrail?
    /// The last step to this node, kept inline (a trail object is made only for a node
    /// whose children are made); nil for a root.
    let step: NodeTrail.Step?
    let document: XMLRPCDocument?

    init(value: XMLRPCValue?, parent: NodeTrail? = nil, step: NodeTrail.Step? = nil, document: XMLRPCDocument?) {
        self.value = value
        self.parent = parent
        self.step = step
        self.document = document
    }

    /// The steps from the root to this node, such as `[0]["age"]`; empty for the root.
    public var path: String { step.map { NodeTrail.path(of: $0, after: parent) } ?? "" }

    /// The steps to this node as one object, which its children share: nil for a root.
    var trail: NodeTrail? { step.map { NodeTrail(parent: parent, step: $0) } }

    /// A node holding `value`, as handlers and tests build them.
    public init(_ value: XMLRPCValue) {
        self.init(value: value, document: nil)
    }

    /// A node holding a list of values, as a response's parameters are.
    public init(list values: [XMLRPCValue]) {
        self.init(value: .array(values), document: nil)
    }

    /// The node one step down from this one, holding `value` (nothing when nil); `trail` is
    /// this node's, made once for all the children a caller makes.
    private func child(_ value: XMLRPCValue?, _ step: NodeTrail.Step, under trail: NodeTrail?) -> XMLRPCNode {
        XMLRPCNode(value: value, parent: trail, step: step, document: document)
    }

    /// The values directly inside: an array's elements or the parameters.
    private var elements: [XMLRPCValue]? {
        if case .array(let values) = value { return values }
        return nil
    }

    /// The members of a struct value.
    private var structMembers: XMLRPCStruct? {
        if case .struct(let members) = value { return members }
        return nil
    }

    /// The element at `index` of an array (or of the parameters); a node holding nothing
    /// when there is none.
    public subscript(index: Int) -> XMLRPCNode {
        // Not `nil` in a conditional: XMLRPCValue is ExpressibleByNilLiteral, and would take it as `.nil`.
        guard let values = elements, values.indices.contains(index) else {
            return child(nil, .index(index), under: trail)
        }
        return child(values[index], .index(index), under: trail)
    }

    /// The first member named `key` of a struct; a node holding nothing when there is none.
    public subscript(key: String) -> XMLRPCNode {
        guard let members = structMembers, let position = members.members.firstIndex(where: { $0.name == key })
        else { return child(nil, .member(position: -1, name: key), under: trail) }
        return child(members[position].value, .member(position: position, name: key), under: trail)
    }

    /// Whether the node holds a value (false past a missing index or member).
    public var exists: Bool { value != nil }

    /// The elements of an array (or the parameters).
    public var array: [XMLRPCNode]? {
        guard let elements else { return nil }
        let trail = self.trail
        return elements.enumerated().map { child($0.element, .index($0.offset), under: trail) }
    }

    /// The members of a struct by name (the first of a repeated name wins).
    public var dictionary: [String: XMLRPCNode]? {
        members.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
    }

    /// The members of a struct as ordered name–node pairs.
    public var members: [(name: String, node: XMLRPCNode)]? {
        guard let members = structMembers else { return nil }
        let trail = self.trail
        return members.enumerated().map { position, member in
            (member.name, child(member.value, .member(position: position, name: member.name), under: trail))
        }
    }

    /// A string value (`<string>` or text right inside `<value>`).
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }
    /// An `<int>` or `<i4>` value.
    public var int32: Int32? {
        if case .int(let number) = value { return number }
        return nil
    }
    /// An integer value of either width: `<int>`, `<i4>`, `<i8>`.
    public var int64: Int64? {
        switch value {
        case .int(let number): Int64(number)
        case .i8(let number): number
        default: nil
        }
    }
    /// A `<double>` value.
    public var double: Double? {
        if case .double(let number) = value { return number }
        return nil
    }
    /// A `<boolean>` value.
    public var bool: Bool? {
        if case .boolean(let flag) = value { return flag }
        return nil
    }
    /// A `<dateTime.iso8601>` value.
    public var date: Date? {
        if case .dateTime(let date) = value { return date }
        return nil
    }
    /// A `<base64>` value.
    public var data: Data? {
        if case .base64(let data) = value { return data }
        return nil
    }
    /// Whether the value is `<nil/>`.
    public var isNil: Bool {
        if case .nil? = value { return true }
        return false
    }
    /// The number of elements of an array (or parameters), or of members of a struct.
    public var count: Int? { elements?.count ?? structMembers?.count }
    /// The value's XML-RPC type name (`int`, `struct`, …), or nil when the node holds nothing.
    public var typeName: String? { value?.typeName }

    /// Where the value's `<value>` element starts in the document it was read from.
    ///
    /// Worked out when asked for, from the document the node was read from.
    public var origin: Origin? {
        byteOffset.flatMap { document?.origin(atByteOffset: $0) }
    }

    /// Where the value's `<value>` start tag is in the document it was read from.
    var byteOffset: Int? {
        guard exists, let step, let document else { return nil }
        return document.byteOffset(of: step, after: parent)
    }

    /// The value as an indented tree, one value per line, as `xmlbind rpc` prints it.
    public var description: String {
        guard let value else { return "(no value at \(path.isEmpty ? "the root" : path))" }
        return XMLRPCTreePrinter.tree(value)
    }
}

/// The way from a message's values down to a node: each step's position (a parameter's or
/// an element's index, a member's place in its struct) and how the node's path names it.
/// Followed only when a path or an origin is asked for.
final class NodeTrail: Sendable {
    enum Step: Sendable {
        case index(Int)
        /// A member's place in its struct (-1: no such member) and its name.
        case member(position: Int, name: String)
        /// A step whose path is given whole (`parameter 2`), at a position.
        case label(String, position: Int)

        var position: Int {
            switch self {
            case .index(let index): index
            case .member(let position, _), .label(_, let position): position
            }
        }
    }

    let parent: NodeTrail?
    let step: Step

    init(parent: NodeTrail?, step: Step) {
        self.parent = parent
        self.step = step
    }

    static func path(of step: Step, after parent: NodeTrail?) -> String {
        switch step {
        case .label(let label, _): label
        case .index(let index): (parent.map { path(of: $0.step, after: $0.parent) } ?? "") + "[\(index)]"
        case .member(_, let name): (parent.map { path(of: $0.step, after: $0.parent) } ?? "") + "[\"\(name)\"]"
        }
    }
}
