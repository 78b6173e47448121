/// The object under construction for one element, behind a type-erased reference.
///
/// Structs are built in place through their key paths; classes are held by reference.
/// Each ``ElementBinding`` only ever receives boxes it made itself, so its setters can
/// downcast without a check.
class InstanceBox {
    /// The finished object, as the parent or the caller receives it.
    var object: Any { fatalError("InstanceBox is abstract") }
}

final class TypedBox<T>: InstanceBox {
    var value: T

    init(_ value: T) {
        self.value = value
    }

    override var object: Any { value }

    /// The box's typed view; valid because a binding's setters only see its own boxes.
    @inline(__always)
    static func of(_ box: InstanceBox) -> TypedBox<T> {
        unsafeDowncast(box, to: TypedBox<T>.self)
    }
}
