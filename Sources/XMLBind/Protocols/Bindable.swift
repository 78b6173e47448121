/// A type the binder can create for an element: it has an initializer without arguments.
///
/// Classes and structs both work. The binder calls ``init()`` when an element's start
/// tag is read, then fills the properties declared in the type's ``ClassDefinition``.
public protocol Bindable: SendableMetatype {
    /// Creates an empty instance, to be filled from the document.
    init()
}
