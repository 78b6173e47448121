import Foundation
import XMLBind

/// The plain state of a ``StructValueReader``, outside the generic class: a type nested in a
/// generic class is generic too, and its state would neither be specialized nor laid out
/// without looking its metadata up at run time.
enum StructReading {
    /// What the innermost open element is. The elements a struct reader reads nest in one
    /// order (the top-level `<value>`, `<array>`, `<data>`, an element's `<value>`, `<struct>`,
    /// `<member>`, its `<name>` or its scalar `<value>`, the typed scalar), and at most one of
    /// each kind is open at a time: the innermost one's kind tells every open element's, so
    /// no stack of frames is kept, and each kind's flags are fields of their own.
    enum Place: UInt8 {
        /// The top-level `<value>`, a `<value>` in `<data>`, a scalar member's `<value>`.
        case rootValue, itemValue, memberValue
        case scalar, array, data, structure, member, name
    }

    /// What the open elements have read; each field is changed in one statement.
    struct Fields {
        var place = Place.rootValue
        /// Whether a top-level `<value>` is open.
        var isOpen = false
        /// Which typed element the open scalar is.
        var scalar = DirectSink.ScalarKind.string
        /// Whether the open top-level `<value>`, element `<value>`, member `<value>` has had its
        /// typed element, the `<array>` its `<data>`, the `<member>` its `<name>` and its
        /// `<value>` (a second one is refused).
        var rootHasChild = false
        var itemHasChild = false
        var memberValueHasChild = false
        var arrayHasData = false
        var memberHasName = false
        var memberHasValue = false
        /// The positions read, a bit each.
        var found: UInt64 = 0
        /// The position after the last one read: the name looked for first.
        var next = 0
        /// The position of the open member's name; -1 for a name not declared, nil before `</name>`.
        var position: Int?
        /// A member's value read before its `<name>`.
        var pending: CompactValue?
        /// Whether the open scalar member's typed element has been stored.
        var hasStored = false
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
/// Where it is (the innermost open element's kind, which tells the others') and what it has
/// read are plain fields in ``ReaderState``s, the elements of an array on a ``ReaderStack``,
/// all held in `let`s: a `var` stored property is checked for exclusivity at every access,
/// and a stack of sink objects retains and releases one per event. A scalar
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
    private typealias Fields = StructReading.Fields

    private let isArray: Bool
    private let mapping: XMLRPCStructMapping<S>
    private let plan: XMLRPCStructMapping<S>.ReadingPlan
    private let names: MemberNameTable
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
            delegated.removeAll()
            fields.value = Fields(isOpen: true)
            items.removeAll(keepingCapacity: false)
            object.value = mapping.make()
            return
        }
        if let sink = delegated.top {
            if let child = try sink.start(element) {
                child.begin(element)
                delegated.push(child)
            }
            return
        }
        guard fields.value.isOpen else { throw Refusal(description: "an element outside the value") }
        let name = element.name
        let inNoNamespace = !element.hasNamespace
        switch fields.value.place {
        case .rootValue:
            guard !fields.value.rootHasChild else { throw Refusal(description: "a second typed element") }
            fields.value.rootHasChild = true
            if isArray {
                guard inNoNamespace, name.count == 5, name == ("array" as StaticString) else {
                    throw Refusal(description: "not an array")
                }
                fields.value.arrayHasData = false
                fields.value.place = .array
            } else {
                try beginStruct(name, inNoNamespace)
            }
        case .itemValue:
            guard !fields.value.itemHasChild else { throw Refusal(description: "a second typed element") }
            fields.value.itemHasChild = true
            try beginStruct(name, inNoNamespace)
        case .memberValue:
            guard !fields.value.memberValueHasChild else { throw Refusal(description: "a second typed element") }
            fields.value.memberValueHasChild = true
            // A struct or an array is no scalar kind: refused here.
            let kind = inNoNamespace ? try DirectSink.scalarKind(name) : try DirectSink.extensionKind(element)
            fields.value.scalar = kind
            fields.value.place = .scalar
        case .structure:
            guard inNoNamespace, name.count == 6, name == ("member" as StaticString) else {
                throw Refusal(description: "not a <member> in <struct>")
            }
            fields.value.memberHasName = false
            fields.value.memberHasValue = false
            fields.value.position = nil
            fields.value.pending = nil
            fields.value.place = .member
        case .member:
            guard inNoNamespace else { throw Refusal(description: "an element in a namespace") }
            if name.count == 5, name == ("value" as StaticString) {
                guard !fields.value.memberHasValue else { throw Refusal(description: "a second <value>") }
                fields.value.memberHasValue = true
                beginMemberValue(element)
                return
            }
            guard name.count == 4, name == ("name" as StaticString), !fields.value.memberHasName else {
                throw Refusal(description: "not one <name> and one <value> in <member>")
            }
            fields.value.memberHasName = true
            fields.value.place = .name
        case .array:
            guard inNoNamespace, name.count == 4, name == ("data" as StaticString), !fields.value.arrayHasData else {
                throw Refusal(description: "not one <data> in <array>")
            }
            fields.value.arrayHasData = true
            fields.value.place = .data
        case .data:
            guard inNoNamespace, name.count == 5, name == ("value" as StaticString) else {
                throw Refusal(description: "not a <value> in <data>")
            }
            fields.value.itemHasChild = false
            fields.value.place = .itemValue
        case .scalar, .name:
            throw Refusal(description: "an element inside a scalar")
        }
    }

    /// `<struct>` in the top-level `<value>` (of a struct) or in an element's `<value>`.
    @inline(__always)
    private func beginStruct(_ name: ReaderName, _ inNoNamespace: Bool) throws {
        guard inNoNamespace, name.count == 6, name == ("struct" as StaticString) else {
            throw Refusal(description: "not a struct")
        }
        fields.value.found = 0
        fields.value.next = 0
        fields.value.place = .structure
    }

    /// A member's `<value>`: read here when it is a scalar member named before its value and
    /// not read yet, else handed to the tree sink (the place stays the member's).
    private func beginMemberValue(_ element: ReaderElement) {
        if let position = fields.value.position, position >= 0, fields.value.found & (1 << position) == 0,
            plan.scalarPositions & (1 << position) != 0
        {
            fields.value.memberValueHasChild = false
            fields.value.hasStored = false
            fields.value.place = .memberValue
            return
        }
        tree.begin(element)
        delegated.push(tree)
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
        guard fields.value.isOpen else { throw Refusal(description: "an end without a start") }
        switch fields.value.place {
        case .scalar:
            // Only a scalar member's value holds a typed scalar: stored as it ends.
            try storeScalar(try DirectSink.payload(fields.value.scalar, text))
            fields.value.hasStored = true
            fields.value.place = .memberValue
        case .memberValue:
            try scalarMemberEnded(text)
            fields.value.place = .member
        case .name:
            let next = fields.value.next
            let position = text.withUTF8 { names.position(of: $0, next: next) }
            fields.value.position = position
            fields.value.place = .member
        case .member:
            try DirectSink.expectNoText(text)
            guard fields.value.memberHasName, fields.value.memberHasValue else {
                throw Refusal(description: "a member without a name or a value")
            }
            fields.value.place = .structure
            guard let pending = fields.value.pending.take() else { return }
            guard let position = fields.value.position else { throw Refusal(description: "a member without a name") }
            try store(pending, at: position)
        case .structure:
            try DirectSink.expectNoText(text)
            guard plan.required & ~fields.value.found == 0 else {
                throw Refusal(description: "a required member is missing")
            }
            fields.value.place = isArray ? .itemValue : .rootValue
        case .itemValue:
            guard fields.value.itemHasChild else { throw Refusal(description: "a scalar") }
            try DirectSink.expectNoText(text)
            // Moved out, with a fresh object in its place for the next element.
            var read = mapping.make()
            swap(&read, &object.value)
            items.push(read)
            fields.value.place = .data
        case .data:
            try DirectSink.expectNoText(text)
            fields.value.place = .array
        case .array:
            try DirectSink.expectNoText(text)
            fields.value.place = .rootValue
        case .rootValue:
            guard fields.value.rootHasChild else { throw Refusal(description: "a scalar") }
            try DirectSink.expectNoText(text)
            fields.value.isOpen = false
            fields.value.isComplete = true
        }
    }

    /// A scalar member's `</value>`: its typed element was stored as it ended; the text of a
    /// `<value>` without one is stored now.
    @inline(__always)
    private func scalarMemberEnded(_ text: ReaderText) throws {
        if fields.value.memberValueHasChild {
            try DirectSink.expectNoText(text)
            guard fields.value.hasStored else { throw Refusal(description: "a value without content") }
        } else {
            try storeScalar(.text(text.string))
        }
    }

    /// Stores the open scalar member's payload into its property.
    @inline(__always)
    private func storeScalar(_ payload: CompactValue.Payload) throws {
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
