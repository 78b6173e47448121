/// The mapping of one element to one Swift type, built fluently.
///
/// Start one with ``mapping(_:element:namespace:)``, declare its properties and children,
/// and hand it to ``XMLBinder/register(_:)``:
///
/// ```swift
/// mapping(Bean.self, element: "bean")
///     .property(\.id)                      // attribute id="…" or child <id>…</id>
///     .attribute(\.clazz, xml: "class")    // only the attribute class="…"
///     .children(\.properties)              // every registered child that is a Property
/// ```
///
/// A definition is a value: each call returns a new definition with one more
/// declaration, in declaration order.
public struct ClassDefinition<T: Bindable>: Sendable {
    /// The element this type binds to.
    let elementName: XMLName
    /// Declared properties, in declaration order.
    @usableFromInline var properties: [PropertyBinding] = []
    /// Declared typed children, in declaration order.
    @usableFromInline var childSlots: [ChildSlot] = []
    /// What to do with unknown attributes and child elements of this element; the
    /// binder's policy when `nil`.
    var unknownContentPolicy: UnknownContentPolicy?
    /// Checks run when an element is complete, in declaration order.
    var validators: [@Sendable (AnyObject, ValidationContext) throws -> Void] = []
    /// Properties and child slots together, in declaration order, for writing.
    var contentOrder: [DeclaredItem] = []
    /// How this definition's `.property` declarations are written (`.propertiesWritten(as:)`).
    var propertyForm: WritingOptions.PropertyForm?

    /// How the registry reaches the mapped type, specialised where the type is known.
    @usableFromInline let access: TypeAccess

    @usableFromInline
    init(elementName: XMLName, access: TypeAccess) {
        self.elementName = elementName
        self.access = access
    }

    /// This definition with one more property.
    @usableFromInline
    func adding(_ property: PropertyBinding) -> ClassDefinition<T> {
        var copy = self
        copy.contentOrder.append(.property(copy.properties.count))
        copy.properties.append(property)
        return copy
    }

    /// This definition with one more child slot.
    @usableFromInline
    func adding(_ slot: ChildSlot) -> ClassDefinition<T> {
        var copy = self
        copy.contentOrder.append(.child(copy.childSlots.count))
        copy.childSlots.append(slot)
        return copy
    }
}

/// One declaration of a mapping, by its index among the properties or the child slots.
enum DeclaredItem: Sendable, Equatable {
    case property(Int)
    case child(Int)
}

/// Starts the mapping of an element to a Swift type.
///
/// - Parameters:
///   - type: The type to create for each such element; classes and structs both work.
///   - element: The element's name: `bean` (that local name in any namespace),
///     `configuration:define` (the namespace bound to the prefix `configuration`, by the
///     binder's `prefixes` or, failing that, by the document itself; any prefix the
///     document uses for that namespace matches), or Clark notation `{uri}define`.
///   - namespace: A namespace URI the element must be in; overrides a prefix in
///     `element`. Pass `""` for an element in no namespace.
/// - Returns: A definition with no properties yet.
@inlinable
public func mapping<T: Bindable>(_ type: T.Type, element: String, namespace: String? = nil) -> ClassDefinition<T> {
    ClassDefinition(elementName: XMLName(element: element, namespace: namespace), access: TypeAccess(T.self))
}
