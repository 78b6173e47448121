import Foundation
import XMLBind

/// The plain state of a ``StructValueReader``, outside the generic class: a type nested in a
/// generic class is generic too, and a stack of such frames is neither specialized nor laid
/// out without looking its metadata up at run time.
enum StructReading {
    /// What an open element is.
    enum Kind: UInt8 {
        /// The top-level `<value>`, a `<value>` in `<data>`, a scalar member's `<value>`.
        case rootValue, itemValue, memberValue
        case scalar, array, data, structure, member, name
    }

    /// An open element: plain values only, so that pushing and popping retains nothing.
    struct Frame {
        var kind: Kind
        /// For ``Kind/scalar``: which typed element.
        var scalar = DirectSink.ScalarKind.string
        /// A value's typed element, a member's `<value>`, an array's `<data>`: whether it has
        /// been opened (a second one is refused).
        var hasChild = false
        /// Whether a member's `<name>` has been opened.
        var hasName = false
    }

    /// What the open struct has read; each field is changed in one statement.
    struct Fields {
        /// The positions read, a bit each.
        var found: UInt64 = 0
        /// The position after the last one read: the name looked for first.
        var next = 0
        /// The position of the open member's name; -1 for a name not declared, nil before `</name>`.
        var position: Int?
        /// A member's value read before its `<name>`.
        var pending: CompactValue?
        /// A scalar member's payload, from its typed element's end to its `</value>`.
        var payload: CompactValue.Payload?
        /// Whether a top-level `<value>` has been read, and not taken by ``StructValueReader/finish()``.
        var isComplete = false
    }
}

/// Reads each top-level `<value>` straight into `S`, or into `[S]`, from the binder's reader
/// events: what a direct typed decode (``XMLRPCCodec/decodeResponse(_:as:file:)``) reads a
/// struct or an array of structs with, as ``XMLRPCStructMapping``'s one-pass reading does
/// from the tree. Each member's name is looked up in the mapping's
/// ``XMLRPCStructMapping/ReadingPlan`` (the next declared name first), the first member of a
/// name read into its property, members not declared passed over (read and dropped, so that
/// they are checked).
///
/// The open elements are plain frames on a ``ReaderStack`` and the rest of its state is in
/// ``ReaderState``s, all held in `let`s: a `var` stored property is checked for exclusivity
/// at every access, and a stack of sink objects retains and releases one per event. A scalar
/// member named before its value, and not read yet, is stored straight from its payload,
/// without a compact value. Any other member's value (a nested struct, an array, a member
/// whose `<name>` comes after its `<value>`, one not declared) is read by a ``TreeSink`` into
/// a compact value, which the mapping's member reading then reads.
///
/// It checks the events as ``WireValueReader`` does, or more strictly, and refuses (throws
/// ``DirectSink/Refusal``) whatever it does not read exactly as the two-step path would: a
/// member of the wrong type, a conversion that fails, a value that needs a node, a missing
/// required member, a shape other than `S` or `[S]`. The codec then reads the document the
/// two-step way, whose result or error is the one a caller sees.
final class StructValueReader<S: XMLRPCStructConvertible>: ElementReader {
    typealias Value = DirectValue
    private typealias Frame = StructReading.Frame
    private typealias Fields = StructReading.Fields

    private let isArray: Bool
    private let mapping: XMLRPCStructMapping<S>
    private let plan: XMLRPCStructMapping<S>.ReadingPlan
    private let names: MemberNameTable
    private let frames = ReaderStack<Frame>(capacity: 16)
    private let fields = ReaderState(Fields())
    /// The struct being read: made fresh before each one, and moved out when it ends.
    private let object: ReaderState<S>
    /// The array's elements read so far: pushed onto a stack (appending to an array in generic
    /// code looks the array type's metadata up every time) and taken as one array at the end.
    private let items = ReaderStack<S>(capacity: 64)
    /// Reads the member values that are not stored from their payload; while it reads one,
    /// ``delegated`` holds its open sinks and every event goes to them.
    private let tree = TreeSink()
    private let delegated = ReaderStack<DirectSink>(capacity: 8)

    /// The maker of readers of `S` (`isArray: false`) or `[S]`, or nil when `S`'s mapping is
    /// read member by member in declaration order (repeated names, or more members than one
    /// pass tracks): that reading makes nodes.
    static func maker(isArray: Bool) -> (@Sendable () -> any ElementReader<DirectValue>)? {
        guard S.xmlrpcMembers.readingPlan.isUsable else { return nil }
        return { StructValueReader(isArray: isArray) }
    }

    private init(isArray: Bool) {
        self.isArray = isArray
        mapping = S.xmlrpcMembers
        plan = mapping.readingPlan
        names = MemberNameTable(names: plan.names, positions: plan.positions)
        object = ReaderState(mapping.make())
    }

    func start(_ element: ReaderElement) throws {
        guard !element.hasAttributes else { throw Refusal(description: "an attribute") }
        if element.depth == 0 {
            // One reader reads every top-level <value> of a parse; a refused one leaves its state.
            frames.removeAll()
            delegated.removeAll()
            fields.value = Fields()
            items.removeAll(keepingCapacity: false)
            object.value = mapping.make()
            frames.push(Frame(kind: .rootValue))
            return
        }
        if let sink = delegated.top {
            if let child = try sink.start(element) {
                child.begin(element)
                delegated.push(child)
            }
            return
        }
        // Popped and pushed back rather than changed through `modifyTop`: its closure is not
        // inlined. A refusal leaves the frames as they are, for the next value to reset.
        guard var open = frames.pop() else { throw Refusal(description: "an element outside the value") }
        let opened = try child(of: &open, element)
        frames.push(open)
        if let opened { frames.push(opened) }
    }

    /// The frame of `element`, a start tag inside `open`, whose flags it updates; nil when a
    /// member's value goes to the tree sink.
    @inline(__always)
    private func child(of open: inout Frame, _ element: ReaderElement) throws -> Frame? {
        let name = element.name
        let inNoNamespace = !element.hasNamespace
        switch open.kind {
        case .rootValue, .itemValue, .memberValue:
            guard !open.hasChild else { throw Refusal(description: "a second typed element") }
            open.hasChild = true
            guard inNoNamespace else { return try Self.extensionFrame(element, in: open) }
            if name.count == 6, name == ("struct" as StaticString) {
                guard open.kind == .itemValue || (open.kind == .rootValue && !isArray) else {
                    throw Refusal(description: "a struct")
                }
                fields.value.found = 0
                fields.value.next = 0
                return Frame(kind: .structure)
            }
            if name.count == 5, name == ("array" as StaticString) {
                guard open.kind == .rootValue, isArray else { throw Refusal(description: "an array") }
                return Frame(kind: .array)
            }
            guard open.kind == .memberValue else { throw Refusal(description: "a scalar") }
            return Frame(kind: .scalar, scalar: try DirectSink.scalarKind(name))
        case .structure:
            guard inNoNamespace, name.count == 6, name == ("member" as StaticString) else {
                throw Refusal(description: "not a <member> in <struct>")
            }
            fields.value.position = nil
            fields.value.pending = nil
            return Frame(kind: .member)
        case .member:
            guard inNoNamespace else { throw Refusal(description: "an element in a namespace") }
            if name.count == 5, name == ("value" as StaticString) {
                guard !open.hasChild else { throw Refusal(description: "a second <value>") }
                open.hasChild = true
                return memberValueFrame(element)
            }
            guard name.count == 4, name == ("name" as StaticString), !open.hasName else {
                throw Refusal(description: "not one <name> and one <value> in <member>")
            }
            open.hasName = true
            return Frame(kind: .name)
        case .array:
            guard inNoNamespace, name.count == 4, name == ("data" as StaticString), !open.hasChild else {
                throw Refusal(description: "not one <data> in <array>")
            }
            open.hasChild = true
            return Frame(kind: .data)
        case .data:
            guard inNoNamespace, name.count == 5, name == ("value" as StaticString) else {
                throw Refusal(description: "not a <value> in <data>")
            }
            return Frame(kind: .itemValue)
        case .scalar, .name:
            throw Refusal(description: "an element inside a scalar")
        }
    }

    /// A member's `<value>`: read here when it is a scalar member named before its value and
    /// not read yet, else handed to the tree sink.
    private func memberValueFrame(_ element: ReaderElement) -> Frame? {
        if let position = fields.value.position, position >= 0, fields.value.found & (1 << position) == 0,
            plan.scalarPositions & (1 << position) != 0
        {
            fields.value.payload = nil
            return Frame(kind: .memberValue)
        }
        tree.begin(element)
        delegated.push(tree)
        return nil
    }

    /// `<ex:i8>` or `<ex:nil>`, which only a scalar member's value may hold.
    @inline(never)
    private static func extensionFrame(_ element: ReaderElement, in open: Frame) throws -> Frame {
        guard open.kind == .memberValue, element.isInNamespace(XMLRPCWire.extensionsNamespace) else {
            throw Refusal(description: "an element in a namespace")
        }
        let name = element.name
        if name == ("i8" as StaticString) { return Frame(kind: .scalar, scalar: .extensionI8) }
        if name == ("nil" as StaticString) { return Frame(kind: .scalar, scalar: .nilValue) }
        throw Refusal(description: "an unknown extension element")
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        if let sink = delegated.top {
            guard try sink.end(text) else { return }
            _ = delegated.pop()
            if let parent = delegated.top {
                try parent.childEnded(sink)
            } else {
                try treeValueEnded()
            }
            return
        }
        guard let frame = frames.pop() else { throw Refusal(description: "an end without a start") }
        switch frame.kind {
        case .scalar:
            fields.value.payload = try DirectSink.payload(frame.scalar, text)
        case .memberValue:
            try scalarMemberEnded(frame, text)
        case .name:
            let next = fields.value.next
            let position = text.withUTF8 { names.position(of: $0, next: next) }
            fields.value.position = position
        case .member:
            try DirectSink.expectNoText(text)
            guard frame.hasName, frame.hasChild else {
                throw Refusal(description: "a member without a name or a value")
            }
            guard let pending = fields.value.pending.take() else { return }
            guard let position = fields.value.position else { throw Refusal(description: "a member without a name") }
            try store(pending, at: position)
        case .structure:
            try DirectSink.expectNoText(text)
            guard plan.required & ~fields.value.found == 0 else {
                throw Refusal(description: "a required member is missing")
            }
        case .itemValue:
            guard frame.hasChild else { throw Refusal(description: "a scalar") }
            try DirectSink.expectNoText(text)
            // Moved out, with a fresh object in its place for the next element.
            var read = mapping.make()
            swap(&read, &object.value)
            items.push(read)
        case .data, .array:
            try DirectSink.expectNoText(text)
        case .rootValue:
            guard frame.hasChild else { throw Refusal(description: "a scalar") }
            try DirectSink.expectNoText(text)
            fields.value.isComplete = true
        }
    }

    /// A scalar member's `</value>`: its payload (its typed element's, or the text of a
    /// `<value>` without one) stored into its property.
    @inline(__always)
    private func scalarMemberEnded(_ frame: Frame, _ text: ReaderText) throws {
        let payload: CompactValue.Payload
        if frame.hasChild {
            try DirectSink.expectNoText(text)
            guard let read = fields.value.payload.take() else { throw Refusal(description: "a value without content") }
            payload = read
        } else {
            payload = .text(text.string)
        }
        guard let position = fields.value.position, position >= 0 else {
            throw Refusal(description: "a scalar member without a name")
        }
        guard plan.storePayload(&object.value, position, payload) else {
            throw Refusal(description: "member \(plan.names[position]) of another type")
        }
        fields.value.next = position + 1
        fields.value.found |= 1 << position
    }

    /// The tree sink has read a member's value.
    private func treeValueEnded() throws {
        guard let value = tree.result else { throw Refusal(description: "a member without a value") }
        if let position = fields.value.position {
            try store(value, at: position)
        } else {
            fields.value.pending = value
        }
    }

    /// Reads a member's value into its property, unless the name is not declared or was read.
    private func store(_ value: CompactValue, at position: Int) throws {
        guard position >= 0 else { return }
        fields.value.next = position + 1
        let bit: UInt64 = 1 << position
        guard fields.value.found & bit == 0 else { return }
        fields.value.found |= bit
        var neededNode = false
        do {
            try plan.dispatch(&object.value, position, value) {
                neededNode = true
                return XMLRPCNode(storage: .value(value), path: "", document: nil)
            }
        } catch {
            throw Refusal(description: "member \(plan.names[position]): \(error)")
        }
        guard !neededNode else { throw Refusal(description: "member \(plan.names[position]) needs a node") }
    }

    func finish() throws -> DirectValue {
        guard fields.value.isComplete else { throw Refusal(description: "no value") }
        fields.value.isComplete = false
        let result = DirectValue()
        if isArray {
            result.value = items.take(last: items.count)
        } else {
            result.value = object.value
        }
        return result
    }

    private typealias Refusal = DirectSink.Refusal
}
