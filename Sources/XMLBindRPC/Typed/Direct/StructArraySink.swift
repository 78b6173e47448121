import XMLBind

/// A ``DirectSink`` that reads an array value straight into `[S]`, each element through one
/// reused ``StructSink``.
final class StructArraySink<S: XMLRPCStructConvertible>: DirectSink {
    private let element: StructSink<S>
    /// The elements read so far, and whether the array has ended: states held in `let`s (a
    /// `var` stored property is checked for exclusivity at every access).
    private let items = ReaderState<[S]>([])
    private let isComplete = ReaderState(false)

    /// A sink for `[S]`, or nil when `S` has no ``StructSink``.
    static func make() -> StructArraySink? {
        StructSink<S>.make().map(StructArraySink.init)
    }

    private init(_ element: StructSink<S>) {
        self.element = element
    }

    /// The array read, after `</value>`.
    func take() throws -> [S] {
        guard isComplete.value else { throw Refusal(description: "no array") }
        isComplete.value = false
        let taken = items.value
        items.value = []
        return taken
    }

    override func began() {
        isComplete.value = false
        items.value = []
    }

    override func arrayBegan() throws {
        items.value = []
    }

    override func elementSink() throws -> DirectSink {
        element
    }

    override func elementEnded(_ child: DirectSink) throws {
        let item = try element.take()
        items.value.append(item)
    }

    override func arrayEnded() throws {
        isComplete.value = true
    }
}
