import XMLBind

/// A top-level `<value>` read straight into the target type of a typed decode: what the
/// ``DirectBinders`` binder of that type hands its `<param>`.
final class DirectValue: Bindable, @unchecked Sendable {
    /// The decoded value (of the binder's target type).
    var value: Any?
    init() {}
}

/// Reads each top-level `<value>` into `T` from the binder's reader events, through a stack of
/// ``DirectSink``s: one for the value itself (a ``StructArraySink`` for `[S]`, a ``StructSink``
/// for `S`, else a ``TreeSink`` whose compact value `T`'s wire reader then reads), and one per
/// open member or array element below it.
final class DirectValueReader<T: XMLRPCDecodable>: ElementReader {
    typealias Value = DirectValue

    private let root: DirectSink
    private let take: () throws -> T
    /// The open sinks, the root first. A stack and a state held in `let`s: `var` stored
    /// properties are checked for exclusivity at every access.
    private let sinks = ReaderStack<DirectSink>(capacity: 8)
    private let isComplete = ReaderState(false)

    init() {
        if let structType = T.self as? any XMLRPCStructConvertible.Type,
            let made = structType.directRoot(T.self)
        {
            (root, take) = made
        } else if let arrayType = T.self as? any DirectArrayTarget.Type, let made = arrayType.directRoot(T.self) {
            (root, take) = made
        } else {
            let tree = TreeSink()
            let reader = wireReader(for: T.self).read
            root = tree
            take = {
                guard let value = tree.result else { throw DirectSink.Refusal(description: "no value") }
                return try Self.read(value, with: reader)
            }
        }
    }

    /// `reader`'s value of `wire`; refused when it fails or needs a node.
    static func read(
        _ wire: CompactValue, with reader: (CompactValue, () -> XMLRPCNode) throws(XMLRPCError) -> T
    ) throws -> T {
        var neededNode = false
        let value = try reader(wire) {
            neededNode = true
            return XMLRPCNode(storage: .value(wire), path: "", document: nil)
        }
        guard !neededNode else { throw DirectSink.Refusal(description: "the value needs a node") }
        return value
    }

    func start(_ element: ReaderElement) throws {
        guard !element.hasAttributes else { throw DirectSink.Refusal(description: "an attribute") }
        if element.depth == 0 {
            sinks.removeAll()
            isComplete.value = false
            root.begin(element)
            sinks.push(root)
            return
        }
        guard let top = sinks.top else { throw DirectSink.Refusal(description: "an element outside the value") }
        if let child = try top.start(element) {
            child.begin(element)
            sinks.push(child)
        }
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        guard let top = sinks.top else { throw DirectSink.Refusal(description: "an end without a start") }
        guard try top.end(text) else { return }
        _ = sinks.pop()
        if let parent = sinks.top {
            try parent.childEnded(top)
        } else {
            isComplete.value = true
        }
    }

    func finish() throws -> DirectValue {
        guard isComplete.value else { throw DirectSink.Refusal(description: "no value") }
        isComplete.value = false
        let result = DirectValue()
        result.value = try take()
        return result
    }
}

extension XMLRPCStructConvertible {
    /// The root sink of a direct decode into `Self` (`target` is `Self`, as the caller holds it).
    static func directRoot<T>(_ target: T.Type) -> (DirectSink, () throws -> T)? {
        guard let sink = StructSink<Self>.make() else { return nil }
        return (
            sink,
            {
                guard let value = try sink.take() as? T else { throw DirectSink.Refusal(description: "another type") }
                return value
            }
        )
    }
}

/// An array type whose elements a ``StructArraySink`` reads.
protocol DirectArrayTarget {
    static func directRoot<T>(_ target: T.Type) -> (DirectSink, () throws -> T)?
}

extension Array: DirectArrayTarget where Element: XMLRPCDecodable {
    static func directRoot<T>(_ target: T.Type) -> (DirectSink, () throws -> T)? {
        guard let structType = Element.self as? any XMLRPCStructConvertible.Type else { return nil }
        return structType.directArrayRoot(T.self)
    }
}

extension XMLRPCStructConvertible {
    /// The root sink of a direct decode into `[Self]`.
    static func directArrayRoot<T>(_ target: T.Type) -> (DirectSink, () throws -> T)? {
        guard let sink = StructArraySink<Self>.make() else { return nil }
        return (
            sink,
            {
                guard let value = try sink.take() as? T else { throw DirectSink.Refusal(description: "another type") }
                return value
            }
        )
    }
}
