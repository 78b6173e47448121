import XMLBind

/// A ``DirectSink`` that reads an array value straight into `[S]`, each element through one
/// reused ``StructSink``.
final class StructArraySink<S: XMLRPCStructConvertible>: DirectSink {
    private let element: StructSink<S>
    private var items: [S] = []
    private var isComplete = false

    /// A sink for `[S]`, or nil when `S` has no ``StructSink``.
    static func make() -> StructArraySink? {
        StructSink<S>.make().map(StructArraySink.init)
    }

    private init(_ element: StructSink<S>) {
        self.element = element
    }

    /// The array read, after `</value>`.
    func take() throws -> [S] {
        guard isComplete else { throw Refusal(description: "no array") }
        isComplete = false
        let taken = items
        items = []
        return taken
    }

    override func began() {
        isComplete = false
        items = []
    }

    override func arrayBegan() throws {
        items = []
    }

    override func elementSink() throws -> DirectSink {
        element
    }

    override func elementEnded(_ child: DirectSink) throws {
        items.append(try element.take())
    }

    override func arrayEnded() throws {
        isComplete = true
    }
}
