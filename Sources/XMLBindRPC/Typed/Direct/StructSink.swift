import Foundation
import XMLBind

/// A ``DirectSink`` that reads a struct value straight into a ``XMLRPCStructConvertible``
/// type, as ``XMLRPCStructMapping``'s one-pass reading does from the tree: each member's name
/// looked up in the mapping's ``XMLRPCStructMapping/ReadingPlan`` (the next declared name
/// first), the first member of a name read into its property, members not declared passed
/// over (read and dropped, so that they are checked).
///
/// A member's value is read by a ``TreeSink`` into a compact value and stored with the
/// mapping's own member reading. Anything that reading would report (a wrong type, a
/// conversion that fails) or would need a node for (a type read through
/// ``XMLRPCDecodable/init(xmlrpc:)``), and a missing required member, refuse the document:
/// the two-step path then throws the error it always threw.
final class StructSink<S: XMLRPCStructConvertible>: DirectSink {
    private let mapping: XMLRPCStructMapping<S>
    private let plan: XMLRPCStructMapping<S>.ReadingPlan
    /// The declared names' UTF-8 bytes, by position.
    private let nameBytes: [[UInt8]]
    /// What the open struct has read. Fields and object are in ``ReaderState``s held in
    /// `let`s (a `var` stored property is checked for exclusivity at every access); each is
    /// changed in one statement, and the object is passed `inout` only to the plan's
    /// readings, which do not know the sink.
    private struct Progress {
        /// The positions read, a bit each.
        var found: UInt64 = 0
        /// The position after the last one read: the name looked for first.
        var next = 0
        var isComplete = false
        /// The position of the open member's name; -1 for a name not declared, nil before `</name>`.
        var position: Int?
        /// A member's value read before its `<name>`.
        var pending: CompactValue?
    }

    private let progress = ReaderState(Progress())
    private let object: ReaderState<S>
    private let values = TreeSink()
    private let scalars = ScalarSink()

    /// A sink for `S`, or nil when its mapping is read member by member in declaration order
    /// (repeated names, or more members than one pass tracks): that reading makes nodes.
    static func make() -> StructSink? {
        let mapping = S.xmlrpcMembers
        guard mapping.readingPlan.isUsable else { return nil }
        return StructSink(mapping)
    }

    private init(_ mapping: XMLRPCStructMapping<S>) {
        self.mapping = mapping
        plan = mapping.readingPlan
        nameBytes = plan.names.map { Array($0.utf8) }
        object = ReaderState(mapping.make())
    }

    /// The struct read, after `</value>`.
    func take() throws -> S {
        guard progress.value.isComplete else { throw Refusal(description: "no struct") }
        progress.value.isComplete = false
        return object.value
    }

    override func began() {
        progress.value.isComplete = false
    }

    override func structBegan() throws {
        object.value = mapping.make()
        progress.value.found = 0
        progress.value.next = 0
    }

    override func memberBegan() throws {
        progress.value.position = nil
        progress.value.pending = nil
    }

    override func memberNamed(_ text: ReaderText) throws {
        let position = text.withUTF8 { lookUp($0) }
        progress.value.position = position
    }

    /// The declared position of a name; -1 when it is not declared. ASCII names are compared
    /// as bytes; others as `String`s, which compare by canonical equivalence as the plan's
    /// dictionary does.
    private func lookUp(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        if name.contains(where: { $0 >= 0x80 }) {
            return plan.positions[String(decoding: name, as: UTF8.self)] ?? -1
        }
        let next = progress.value.next
        if next < nameBytes.count, Self.equal(nameBytes[next], name) { return next }
        for (index, bytes) in nameBytes.enumerated() where Self.equal(bytes, name) { return index }
        return -1
    }

    private static func equal(_ bytes: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == name.count else { return false }
        return bytes.withUnsafeBufferPointer { own in
            guard let start = own.baseAddress, let other = name.baseAddress else { return true }
            return memcmp(start, other, own.count) == 0
        }
    }

    override func memberValueSink() throws -> DirectSink {
        // A scalar member named before its value, and not read yet: its payload is stored as
        // it is, without a compact value.
        if let position = progress.value.position, position >= 0, progress.value.found & (1 << position) == 0,
            plan.scalarPositions & (1 << position) != 0
        {
            return scalars
        }
        return values
    }

    override func memberValueEnded(_ child: DirectSink) throws {
        let position = progress.value.position
        if child === scalars, let position {
            guard let payload = scalars.payload, plan.storePayload(&object.value, position, payload) else {
                throw Refusal(description: "member \(plan.names[position]) of another type")
            }
            progress.value.next = position + 1
            progress.value.found |= 1 << position
            return
        }
        guard let value = values.result else { throw Refusal(description: "a member without a value") }
        if let position {
            try store(value, at: position)
        } else {
            progress.value.pending = value
        }
    }

    override func memberEnded() throws {
        guard let pending = progress.value.pending else { return }
        progress.value.pending = nil
        guard let position = progress.value.position else { throw Refusal(description: "a member without a name") }
        try store(pending, at: position)
    }

    /// Reads a member's value into its property, unless the name is not declared or was read.
    private func store(_ value: CompactValue, at position: Int) throws {
        guard position >= 0 else { return }
        progress.value.next = position + 1
        let bit: UInt64 = 1 << position
        guard progress.value.found & bit == 0 else { return }
        progress.value.found |= bit
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

    override func structEnded() throws {
        guard plan.required & ~progress.value.found == 0 else {
            throw Refusal(description: "a required member is missing")
        }
        progress.value.isComplete = true
    }
}
