import XMLBind

/// A ``DirectSink`` that builds the compact tree of a value it has no typed reading for:
/// a member of a type read through its generic reading (a scalar, a nested struct, a
/// dictionary), a member whose `<name>` comes after its `<value>`, a member the mapping does
/// not declare (read so that it is checked as the value reader checks it, then dropped).
final class TreeSink: DirectSink {
    /// What the sink has read, in one ``ReaderState`` held in a `let` (a `var` stored
    /// property is checked for exclusivity at every access); each field is changed in one
    /// statement.
    private struct Fields {
        var result: CompactValue?
        var payload: CompactValue.Payload?
        var members: [CompactMember] = []
        var values: [CompactValue] = []
        var memberName: String?
        var memberValue: CompactValue?
        /// The sink of the member or element being read (one at a time, so one serves them all).
        var child: TreeSink?
    }

    private let fields = ReaderState(Fields())

    /// The value read, after `</value>`.
    var result: CompactValue? { fields.value.result }

    private var childSink: TreeSink {
        if let child = fields.value.child { return child }
        let made = TreeSink()
        fields.value.child = made
        return made
    }

    override func began() {
        fields.value.result = nil
        fields.value.payload = nil
    }

    override func valueEnded() throws {
        guard let payload = fields.value.payload else { throw Refusal(description: "a value without content") }
        fields.value.result = CompactValue(byteOffset: byteOffset, payload: payload)
    }

    override func scalarEnded(_ payload: consuming CompactValue.Payload) throws {
        fields.value.payload = payload
    }

    override func structBegan() throws {
        fields.value.members = []
    }

    override func memberBegan() throws {
        fields.value.memberName = nil
        fields.value.memberValue = nil
    }

    override func memberNamed(_ text: ReaderText) throws {
        fields.value.memberName = text.string
    }

    override func memberValueSink() throws -> DirectSink {
        childSink
    }

    override func memberValueEnded(_ child: DirectSink) throws {
        fields.value.memberValue = childSink.result
    }

    override func memberEnded() throws {
        guard let memberName = fields.value.memberName, let memberValue = fields.value.memberValue else {
            throw Refusal(description: "a member without a name or a value")
        }
        fields.value.members.append(CompactMember(name: memberName, value: memberValue))
    }

    override func structEnded() throws {
        let members = fields.value.members
        fields.value.members = []
        fields.value.payload = .members(members)
    }

    override func arrayBegan() throws {
        fields.value.values = []
    }

    override func elementSink() throws -> DirectSink {
        childSink
    }

    override func elementEnded(_ child: DirectSink) throws {
        guard let value = childSink.result else { throw Refusal(description: "an element without a value") }
        fields.value.values.append(value)
    }

    override func arrayEnded() throws {
        let values = fields.value.values
        fields.value.values = []
        fields.value.payload = .values(values)
    }
}
