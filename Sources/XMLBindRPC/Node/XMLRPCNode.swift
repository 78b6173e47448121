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
    enum Storage {
        case value(CompactValue)
        case list([CompactValue])
        case missing
    }

    /// The last step to this node; the whole path is only spelled out when asked for, since
    /// most nodes are read and dropped without ever being named in a message.
    enum Step {
        case none
        case index(Int)
        case key(String)
        /// A path given whole (`parameter 2`).
        case label(String)
    }

    let storage: Storage
    let parentPath: String
    let step: Step
    let document: XMLRPCDocument?

    init(storage: Storage, parentPath: String = "", step: Step, document: XMLRPCDocument?) {
        self.storage = storage
        self.parentPath = parentPath
        self.step = step
        self.document = document
    }

    init(storage: Storage, path: String, document: XMLRPCDocument?) {
        self.init(storage: storage, step: path.isEmpty ? .none : .label(path), document: document)
    }

    /// The steps from the root to this node, such as `[0]["age"]`; empty for the root.
    public var path: String {
        switch step {
        case .none: parentPath
        case .index(let index): parentPath + "[" + String(index) + "]"
        case .key(let key): parentPath + "[\"" + key + "\"]"
        case .label(let label): label
        }
    }

    /// A node holding `value`, as handlers and tests build them.
    public init(_ value: XMLRPCValue) {
        self.init(storage: .value(CompactValue(value)), path: "", document: nil)
    }

    /// A node holding a list of values, as a response's parameters are.
    public init(list values: [XMLRPCValue]) {
        self.init(storage: .list(values.map(CompactValue.init)), path: "", document: nil)
    }

    var wire: CompactValue? {
        if case .value(let wire) = storage { return wire }
        return nil
    }

    /// The node one step down from this one, holding `wire` (nothing when nil).
    func child(_ wire: CompactValue?, step: Step) -> XMLRPCNode {
        XMLRPCNode(storage: wire.map { .value($0) } ?? .missing, parentPath: path, step: step, document: document)
    }

    /// Children that share this node's path, computed once.
    private func children(_ wires: [CompactValue]) -> [XMLRPCNode] {
        let path = self.path
        return wires.enumerated().map {
            XMLRPCNode(storage: .value($0.element), parentPath: path, step: .index($0.offset), document: document)
        }
    }

    /// The element at `index` of an array (or of the parameters); a node holding nothing
    /// when there is none.
    public subscript(index: Int) -> XMLRPCNode {
        let step = Step.index(index)
        switch storage {
        case .list(let values):
            return child(values.indices.contains(index) ? values[index] : nil, step: step)
        case .value(let wire):
            guard let values = wire.values, values.indices.contains(index) else {
                return child(nil, step: step)
            }
            return child(values[index], step: step)
        case .missing:
            return child(nil, step: step)
        }
    }

    /// The first member named `key` of a struct; a node holding nothing when there is none.
    public subscript(key: String) -> XMLRPCNode {
        child(wire?.member(key), step: .key(key))
    }

    /// Whether the node holds a value (false past a missing index or member).
    public var exists: Bool {
        if case .missing = storage { return false }
        return true
    }

    /// The value, or nil when the node holds nothing.
    public var value: XMLRPCValue? {
        switch storage {
        case .value(let wire): wire.xmlrpcValue
        case .list(let values): .array(values.map(\.xmlrpcValue))
        case .missing: nil
        }
    }

    /// The elements of an array (or the parameters).
    public var array: [XMLRPCNode]? {
        switch storage {
        case .list(let values):
            return children(values)
        case .value(let wire):
            guard let values = wire.values else { return nil }
            return children(values)
        case .missing:
            return nil
        }
    }

    /// The members of a struct by name (the first of a repeated name wins).
    public var dictionary: [String: XMLRPCNode]? {
        guard let members = wire?.members else { return nil }
        var result: [String: XMLRPCNode] = [:]
        for member in members {
            guard result[member.name] == nil else { continue }
            result[member.name] = child(member.value, step: .key(member.name))
        }
        return result
    }

    /// The members of a struct as ordered name–node pairs.
    public var members: [(name: String, node: XMLRPCNode)]? {
        guard let members = wire?.members else { return nil }
        return members.map { ($0.name, child($0.value, step: .key($0.name))) }
    }

    /// A string value (`<string>` or text right inside `<value>`).
    public var string: String? { wire?.stringValue }
    /// An `<int>` or `<i4>` value.
    public var int32: Int32? { wire?.int32 }
    /// An integer value of either width: `<int>`, `<i4>`, `<i8>`.
    public var int64: Int64? { wire?.int64 }
    /// A `<double>` value.
    public var double: Double? { wire?.double }
    /// A `<boolean>` value.
    public var bool: Bool? { wire?.boolean }
    /// A `<dateTime.iso8601>` value.
    public var date: Date? { wire?.dateTime }
    /// A `<base64>` value.
    public var data: Data? { wire?.base64 }
    /// Whether the value is `<nil/>`.
    public var isNil: Bool { wire?.isNil ?? false }
    /// The number of elements of an array (or parameters), or of members of a struct.
    public var count: Int? {
        switch storage {
        case .list(let values): values.count
        case .value(let wire): wire.values?.count ?? wire.members?.count
        case .missing: nil
        }
    }
    /// The value's XML-RPC type name (`int`, `struct`, …), or nil when the node holds nothing.
    public var typeName: String? {
        switch storage {
        case .list: "array"
        case .value(let wire): wire.typeName
        case .missing: nil
        }
    }

    /// Where the value's `<value>` element starts in the document it was read from.
    ///
    /// Worked out when asked for, from the document the node was read from.
    public var origin: Origin? {
        guard let wire, let document else { return nil }
        return document.origin(atByteOffset: wire.byteOffset)
    }

    /// The value as an indented tree, one value per line, as `xmlbind rpc` prints it.
    public var description: String {
        guard let value else { return "(no value at \(path.isEmpty ? "the root" : path))" }
        return XMLRPCTreePrinter.tree(value)
    }
}
