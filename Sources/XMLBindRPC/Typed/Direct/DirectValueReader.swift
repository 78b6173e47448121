import XMLBind

/// A top-level `<value>` read straight into the target type of a typed decode: what the
/// ``DirectBinders`` binder of that type hands its `<param>`.
final class DirectValue: Bindable, @unchecked Sendable {
    /// The decoded value (of the binder's target type).
    var value: Any?
    init() {}
}

/// Reads each top-level `<value>` into `T` from the binder's reader events, through a stack of
/// ``DirectSink``s: a ``TreeSink`` for the value itself, whose compact value `T`'s wire reader
/// then reads, and one per open member or array element below it. (A struct or an array of
/// structs is read by a ``StructValueReader`` instead.)
final class DirectValueReader<T: XMLRPCDecodable>: ElementReader {
    typealias Value = DirectValue

    private let root: DirectSink
    private let take: () throws -> T
    /// The innermost open sink, and the ones it is inside (the root first), in a state and a
    /// stack held in `let`s: `var` stored properties are checked for exclusivity at every
    /// access. Events go to the sink in ``current`` as it is held there, so that passing one
    /// on retains nothing; only a push and a pop of a member's or an element's sink do.
    private let current: ReaderState<DirectSink>
    private let parents = ReaderStack<DirectSink>(capacity: 8)
    private struct Progress {
        /// Whether a top-level `<value>` is open (its end tag not read yet).
        var isOpen = false
        /// Whether a top-level `<value>` has been read, and not taken by ``finish()``.
        var isComplete = false
    }
    private let progress = ReaderState(Progress())

    init() {
        let tree = TreeSink()
        let reader = wireReader(for: T.self).read
        root = tree
        take = {
            guard let value = tree.result else { throw DirectSink.Refusal(description: "no value") }
            return try Self.read(value, with: reader)
        }
        current = ReaderState(root)
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
            parents.removeAll()
            progress.value = Progress(isOpen: true)
            current.value = root
            root.begin(element)
            return
        }
        guard progress.value.isOpen else { throw DirectSink.Refusal(description: "an element outside the value") }
        if let child = try current.value.start(element) {
            child.begin(element)
            parents.push(current.value)
            current.value = child
        }
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        guard progress.value.isOpen else { throw DirectSink.Refusal(description: "an end without a start") }
        guard try current.value.end(text) else { return }
        guard var ended = parents.pop() else {
            progress.value = Progress(isComplete: true)
            return
        }
        // The parent becomes the current sink and the ended one is handed to it, without a
        // retain or a release.
        swap(&ended, &current.value)
        try current.value.childEnded(ended)
    }

    func finish() throws -> DirectValue {
        guard progress.value.isComplete else { throw DirectSink.Refusal(description: "no value") }
        progress.value.isComplete = false
        let result = DirectValue()
        result.value = try take()
        return result
    }
}

/// An array type whose elements a ``StructValueReader`` reads.
protocol DirectArrayTarget {
    /// The maker of readers of this array type, when its elements are structs a
    /// ``StructValueReader`` reads.
    static func structReaderMaker() -> (@Sendable () -> any ElementReader<DirectValue>)?
}

extension Array: DirectArrayTarget where Element: XMLRPCDecodable {
    static func structReaderMaker() -> (@Sendable () -> any ElementReader<DirectValue>)? {
        guard let structType = Element.self as? any XMLRPCStructConvertible.Type else { return nil }
        return structType.structReaderMaker(isArray: true)
    }
}

extension XMLRPCStructConvertible {
    /// The maker of readers of `Self` (or, with `isArray`, of `[Self]`).
    static func structReaderMaker(isArray: Bool) -> (@Sendable () -> any ElementReader<DirectValue>)? {
        StructValueReader<Self>.maker(isArray: isArray)
    }
}
