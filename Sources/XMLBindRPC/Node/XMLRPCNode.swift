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
/// A node read from a document knows where its value came from (``origin``), so that
/// ``XMLRPCStructMapping`` can point at a wrong member. Nodes are immutable and `Sendable`.
public struct XMLRPCNode: Sendable, CustomStringConvertible {
    enum Storage: Sendable {
        case value(XMLRPCValue)
        case list([XMLRPCValue])
        case missing
    }

    let storage: Storage
    /// The steps from the message's values to this node; nil for a root.
    let trail: NodeTrail?
    let document: XMLRPCDocument?

    init(storage: Storage, trail: NodeTrail?, document: XMLRPCDocument?) {
        self.storage = storage
        self.trail = trail
        self.document = document
    }

    /// The steps from the root to this node, such as `[0]["age"]`; empty for the root.
    public var path: String { trail?.path ?? "" }

    /// A node holding `value`, as handlers and tests build them.
    public init(_ value: XMLRPCValue) {
        self.init(storage: .value(value), trail: nil, document: nil)
    }

    /// A node holding a list of values, as a response's parameters are.
    public init(list values: [XMLRPCValue]) {
        self.init(storage: .list(values), trail: nil, document: nil)
    }

    /// The value, when the node holds one value (not a list, not nothing).
    private var single: XMLRPCValue? {
        if case .value(let value) = storage { return value }
        return nil
    }

    /// The node one step down from this one, holding `value` (nothing when nil).
    func child(_ value: XMLRPCValue?, _ step: NodeTrail.Step) -> XMLRPCNode {
        XMLRPCNode(
            storage: value.map { .value($0) } ?? .missing, trail: NodeTrail(parent: trail, step: step),
            document: document)
    }

    /// The values directly inside: an array's elements or the parameters.
    private var elements: [XMLRPCValue]? {
        switch storage {
        case .list(let values): values
        case .value(.array(let values)): values
        default: nil
        }
    }

    /// The members of a struct value.
    private var structMembers: XMLRPCStruct? {
        if case .value(.struct(let members)) = storage { return members }
        return nil
    }

    /// The element at `index` of an array (or of the parameters); a node holding nothing
    /// when there is none.
    public subscript(index: Int) -> XMLRPCNode {
        // Not `nil` in a conditional: XMLRPCValue is ExpressibleByNilLiteral, and would take it as `.nil`.
        guard let values = elements, values.indices.contains(index) else { return child(nil, .index(index)) }
        return child(values[index], .index(index))
    }

    /// The first member named `key` of a struct; a node holding nothing when there is none.
    public subscript(key: String) -> XMLRPCNode {
        guard let members = structMembers, let position = members.members.firstIndex(where: { $0.name == key })
        else { return child(nil, .member(position: -1, name: key)) }
        return child(members[position].value, .member(position: position, name: key))
    }

    /// Whether the node holds a value (false past a missing index or member).
    public var exists: Bool {
        if case .missing = storage { return false }
        return true
    }

    /// The value, or nil when the node holds nothing.
    public var value: XMLRPCValue? {
        switch storage {
        case .value(let value): value
        case .list(let values): .array(values)
        case .missing: nil
        }
    }

    /// The elements of an array (or the parameters).
    public var array: [XMLRPCNode]? {
        elements.map { $0.enumerated().map { child($0.element, .index($0.offset)) } }
    }

    /// The members of a struct by name (the first of a repeated name wins).
    public var dictionary: [String: XMLRPCNode]? {
        guard let members = structMembers else { return nil }
        var result: [String: XMLRPCNode] = [:]
        for (position, member) in members.enumerated() where result[member.name] == nil {
            result[member.name] = child(member.value, .member(position: position, name: member.name))
        }
        return result
    }

    /// The members of a struct as ordered name–node pairs.
    public var members: [(name: String, node: XMLRPCNode)]? {
        structMembers.map {
            $0.enumerated().map {
                ($0.element.name, child($0.element.value, .member(position: $0.offset, name: $0.element.name)))
            }
        }
    }

    /// A string value (`<string>` or text right inside `<value>`).
    public var string: String? {
        if case .value(.string(let text)) = storage { return text }
        return nil
    }
    /// An `<int>` or `<i4>` value.
    public var int32: Int32? {
        if case .value(.int(let number)) = storage { return number }
        return nil
    }
    /// An integer value of either width: `<int>`, `<i4>`, `<i8>`.
    public var int64: Int64? {
        switch storage {
        case .value(.int(let number)): Int64(number)
        case .value(.i8(let number)): number
        default: nil
        }
    }
    /// A `<double>` value.
    public var double: Double? {
        if case .value(.double(let number)) = storage { return number }
        return nil
    }
    /// A `<boolean>` value.
    public var bool: Bool? {
        if case .value(.boolean(let flag)) = storage { return flag }
        return nil
    }
    /// A `<dateTime.iso8601>` value.
    public var date: Date? {
        if case .value(.dateTime(let date)) = storage { return date }
        return nil
    }
    /// A `<base64>` value.
    public var data: Data? {
        if case .value(.base64(let data)) = storage { return data }
        return nil
    }
    /// Whether the value is `<nil/>`.
    public var isNil: Bool {
        if case .value(.nil) = storage { return true }
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
        guard exists, let trail, let document else { return nil }
        return document.byteOffset(of: trail)
    }

    /// The value as an indented tree, one value per line, as `xmlbind rpc` prints it.
    public var description: String {
        guard let value else { return "(no value at \(path.isEmpty ? "the root" : path))" }
        return XMLRPCTreePrinter.tree(value)
    }
}

/// The way from a message's values down to a node: each step's position (a parameter's or
/// an element's index, a member's place in its struct) and how the node's path names it.
/// Made per node, and only followed when a path or an origin is asked for.
final class NodeTrail: Sendable {
    enum Step: Sendable {
        case index(Int)
        /// A member's place in its struct (-1: no such member) and its name.
        case member(position: Int, name: String)
    }

    let parent: NodeTrail?
    let step: Step
    /// A path given whole in place of the steps to here (`parameter 2`).
    let label: String?

    init(parent: NodeTrail?, step: Step, label: String? = nil) {
        self.parent = parent
        self.step = step
        self.label = label
    }

    var path: String {
        if let label { return label }
        let prefix = parent?.path ?? ""
        switch step {
        case .index(let index): return prefix + "[" + String(index) + "]"
        case .member(_, let name): return prefix + "[\"" + name + "\"]"
        }
    }

    /// The positions from the root down to here.
    var positions: [Int] {
        var positions: [Int] = []
        var trail: NodeTrail? = self
        while let step = trail?.step {
            switch step {
            case .index(let index): positions.append(index)
            case .member(let position, _): positions.append(position)
            }
            trail = trail?.parent
        }
        return positions.reversed()
    }
}
