/// One mapping's ``ElementReader`` within one parse, as the engine calls it: without the
/// mapping's type, which only ``TypedReaderSession`` knows.
///
/// The engine holds the session of the element being read and calls it once per event
/// (a class method call, then the reader's own through its protocol).
class ReaderSession {
    func start(_ element: ReaderElement) throws {}

    func end(_ element: ReaderElement, text: ReaderText) throws {}

    /// The finished value, held as the engine holds the objects it makes.
    func finish() throws -> HeldObject {
        throw ElementReaderError("this mapping has no element reader")
    }
}

/// The session of a reader of values of the mapped type `T`.
final class TypedReaderSession<T: Bindable>: ReaderSession {
    let reader: any ElementReader<T>
    /// Whether `T` is a class (held as itself) or a struct (held in a box).
    let isClass: Bool

    init(_ reader: any ElementReader<T>, isClass: Bool) {
        self.reader = reader
        self.isClass = isClass
    }

    override func start(_ element: ReaderElement) throws {
        try reader.start(element)
    }

    override func end(_ element: ReaderElement, text: ReaderText) throws {
        try reader.end(element, text: text)
    }

    override func finish() throws -> HeldObject {
        let value = try reader.finish()
        return HeldObject(retaining: isClass ? ObjectStorage.reference(to: value) : StructBox(value))
    }
}
