/// One mapping's ``ElementReader`` within one parse, as the engine calls it: without the
/// mapping's type, which only ``TypedReaderSession`` knows.
///
/// The engine calls ``reader``'s start and end methods directly (they do not involve the
/// reader's value type, so the existential needs no opening at a type), one protocol call per
/// event; only ``finish()``, which makes the value, goes through the typed subclass.
class ReaderSession {
    /// The mapping's reader.
    let reader: any ElementReader

    init(_ reader: any ElementReader) {
        self.reader = reader
    }

    /// The finished value, held as the engine holds the objects it makes.
    func finish() throws -> HeldObject {
        throw ElementReaderError("this mapping has no element reader")
    }
}

/// The session of a reader of values of the mapped type `T`.
final class TypedReaderSession<T: Bindable>: ReaderSession {
    let typedReader: any ElementReader<T>
    /// Whether `T` is a class (held as itself) or a struct (held in a box).
    let isClass: Bool

    init(_ reader: any ElementReader<T>, isClass: Bool) {
        self.typedReader = reader
        self.isClass = isClass
        super.init(reader)
    }

    override func finish() throws -> HeldObject {
        let value = try typedReader.finish()
        return HeldObject(retaining: isClass ? ObjectStorage.reference(to: value) : StructBox(value))
    }
}
