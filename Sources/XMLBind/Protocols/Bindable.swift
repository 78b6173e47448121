/// A type the binder can create for an element: it has an initializer without arguments.
///
/// Classes and structs both work. The binder calls ``init()`` when an element's start
/// tag is read, then fills the properties declared in the type's ``ClassDefinition``.
/// Registering a mapping also creates a few instances, to learn where the type keeps
/// its properties; keep `init()` free of side effects. Mark classes `final` where you
/// can: the stored properties of a `final` class (or a struct) are written directly,
/// while those of other classes go through their key paths, which is slower.
///
/// What else the binder hands a type depends on the protocols it conforms to:
/// ``OriginAware``, ``ByteOffsetAware``, ``NamespaceAware``, ``AttributeContainer``,
/// ``Ancestor`` and ``ChildrenProvider``. The binder looks each one up once, when the
/// mapping is made, for the registered type itself, so a subclass that adds one of them
/// to a `Bindable` base class is served through its own conformance; nothing is looked up
/// per element.
public protocol Bindable: SendableMetatype {
    /// Creates an empty instance, to be filled from the document.
    init()
}
