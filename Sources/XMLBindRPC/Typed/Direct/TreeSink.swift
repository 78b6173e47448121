import XMLBind

/// A ``DirectSink`` that builds the compact tree of a value it has no typed reading for:
/// a member of a type read through its generic reading (a scalar, a nested struct, a
/// dictionary), a member whose `<name>` comes after its `<value>`, a member the mapping does
/// not declare (read so that it is checked as the value reader checks it, then dropped).
final class TreeSink: DirectSink {
    /// The value read, after `</value>`.
    private(set) var result: CompactValue?
    private var payload: CompactValue.Payload?
    private var members: [CompactMember] = []
    private var values: [CompactValue] = []
    private var memberName: String?
    private var memberValue: CompactValue?
    /// The sink of the member or element being read (one at a time, so one serves them all).
    private var child: TreeSink?

    private var childSink: TreeSink {
        if let child { return child }
        let made = TreeSink()
        child = made
        return made
    }

    override func began() {
        result = nil
        payload = nil
    }

    override func valueEnded() throws {
        guard let payload else { throw Refusal(description: "a value without content") }
        result = CompactValue(byteOffset: byteOffset, payload: payload)
    }

    override func scalarEnded(_ payload: CompactValue.Payload) throws {
        self.payload = payload
    }

    override func structBegan() throws {
        members = []
    }

    override func memberBegan() throws {
        memberName = nil
        memberValue = nil
    }

    override func memberNamed(_ text: ReaderText) throws {
        memberName = text.string
    }

    override func memberValueSink() throws -> DirectSink {
        childSink
    }

    override func memberValueEnded(_ child: DirectSink) throws {
        memberValue = childSink.result
    }

    override func memberEnded() throws {
        guard let memberName, let memberValue else { throw Refusal(description: "a member without a name or a value") }
        members.append(CompactMember(name: memberName, value: memberValue))
    }

    override func structEnded() throws {
        payload = .members(members)
        members = []
    }

    override func arrayBegan() throws {
        values = []
    }

    override func elementSink() throws -> DirectSink {
        childSink
    }

    override func elementEnded(_ child: DirectSink) throws {
        guard let value = childSink.result else { throw Refusal(description: "an element without a value") }
        values.append(value)
    }

    override func arrayEnded() throws {
        payload = .values(values)
        values = []
    }
}
