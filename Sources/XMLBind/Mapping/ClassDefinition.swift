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
    /// Everything declared so far. A reference, so that copying a definition needs no
    /// metadata of `ClassDefinition<T>` (see ``MappingDeclarations``).
    @usableFromInline let declarations: MappingDeclarations

    @usableFromInline
    init(declarations: MappingDeclarations) {
        self.declarations = declarations
    }

    /// The element this type binds to.
    var elementName: XMLName { declarations.contents.elementName }
    /// Declared properties, in declaration order.
    var properties: [PropertyBinding] { declarations.contents.properties }
    /// Declared typed children, in declaration order.
    var childSlots: [ChildSlot] { declarations.contents.childSlots }
    /// What to do with unknown attributes and child elements of this element; the
    /// binder's policy when `nil`.
    var unknownContentPolicy: UnknownContentPolicy? { declarations.contents.unknownContentPolicy }
    /// Checks run when an element is complete, in declaration order.
    var validators: [@Sendable (AnyObject, ValidationContext) throws -> Void] { declarations.contents.validators }
    /// Properties and child slots together, in declaration order, for writing.
    var contentOrder: [DeclaredItem] { declarations.contents.contentOrder }
    /// How this definition's `.property` declarations are written (`.propertiesWritten(as:)`).
    var propertyForm: WritingOptions.PropertyForm? { declarations.contents.propertyForm }
    /// The property for the element's own name, if declared.
    var elementNameSlot: ElementNameSlot? { declarations.contents.elementNameSlot }
    var childOrderSlot: StringListSlot? { declarations.contents.childOrderSlot }
    var mixedTextSlot: StringListSlot? { declarations.contents.mixedTextSlot }
    var keptElementsSlot: KeptElementsSlot? { declarations.contents.keptElementsSlot }
    var namedKeptSlots: [NamedKeptSlot] { declarations.contents.namedKeptSlots }
    /// Names and namespaces skipped without a word.
    var ignoredNames: [String] { declarations.contents.ignoredNames }
    var ignoredNamespaces: [String] { declarations.contents.ignoredNamespaces }
    /// The `xsi:type` that chooses this mapping, if declared.
    var schemaType: String? { declarations.contents.schemaType }
    /// How the registry reaches the mapped type, specialised where the type is known.
    var access: TypeAccess { declarations.contents.access }
    /// The element types of the `.child` and `.children` declarations, in declaration
    /// order: for a module that registers, with a type's mapping, the mappings of the
    /// types it holds (XMLBindRPC's nested structs).
    package var childElementTypes: [Any.Type] { childSlots.map(\.elementType) }

    /// This definition with one more property.
    ///
    /// Inlinable, as are all the methods that return a changed definition: a call into
    /// the library on a `ClassDefinition<T>` passes its metadata, which is as slow to
    /// make as the copies that ``MappingDeclarations`` avoids.
    @inlinable
    func adding(_ property: PropertyBinding) -> ClassDefinition<T> {
        ClassDefinition(declarations: declarations.adding(property))
    }

    /// This definition with one more child slot.
    @inlinable
    func adding(_ slot: ChildSlot) -> ClassDefinition<T> {
        ClassDefinition(declarations: declarations.adding(slot))
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
///   - element: The element's name: `bean` (that local name in no namespace or in its
///     parent element's namespace; as the root, in any namespace),
///     `configuration:define` (the namespace bound to the prefix `configuration`, by the
///     binder's `prefixes` or, failing that, by the document itself; any prefix the
///     document uses for that namespace matches), or Clark notation `{uri}define`.
///   - namespace: A namespace URI the element must be in; overrides a prefix in
///     `element`. Pass `""` for an element in no namespace.
/// - Returns: A definition with no properties yet.
@inlinable
public func mapping<T: Bindable>(_ type: T.Type, element: String, namespace: String? = nil) -> ClassDefinition<T> {
    ClassDefinition(
        declarations: MappingDeclarations(
            elementName: XMLName(element: element, namespace: namespace), access: TypeAccess(T.self)))
}
