/// A mapping's property that keeps the child elements of one name whole, as
/// ``XMLElementNode`` trees: `XMLElementNode?` (at most one) or `[XMLElementNode]`
/// (repeated), declared with `.element(_:xml:)` or `.elements(_:xml:)` of such a property
/// (ClassDefinition+KeptElement.swift).
///
/// Read as `.otherElements` reads its elements (BindingEngine+KeptElements.swift), but
/// chosen by name, as a property element is; written in its place among the declarations.
@usableFromInline
struct NamedKeptSlot: Sendable {
    /// Stores one element in the object (sets it, or appends it to the list).
    let store: @Sendable (AnyObject, XMLElementNode) -> Void
    /// Reads the elements back, for writing and comparing (none, one, or the list).
    let read: @Sendable (AnyObject) -> [XMLElementNode]
    /// Whether the property is a list (`[XMLElementNode]`).
    let isList: Bool
    /// The name given with `xml:`, as declared.
    let declaredXMLName: String?
    /// Where the property's field is, for its name (as a child slot finds its own).
    private let projectOffset: @Sendable (AnyObject?) -> Int?
    private let fieldType: Any.Type
    private let keyPath: AnyKeyPath & Sendable
    /// The property's name, for messages and as the element's name without `xml:`.
    private(set) var propertyName: String
    /// The element's name, once resolved (``resolveName(sample:fields:prefixes:)``).
    private(set) var xmlName: XMLName
    /// Whether the `xml:` name is one the slot can take: one element (no path, no `@`).
    private(set) var namesOneElement = true
    /// How many properties and child slots were declared before it: it is written before
    /// the declaration at this position of the content order (after all when past the end).
    var position = 0

    @usableFromInline
    init<T: Bindable>(_ keyPath: WritableKeyPath<T, XMLElementNode?> & Sendable, xml: String?) {
        let isClass = T.self is AnyClass
        self.init(
            keyPath, xml: xml, fieldType: XMLElementNode?.self, isList: false,
            project: { ObjectStorage.projectedOffset(keyPath, sample: $0) },
            store: { object, element in
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath] = element }
            },
            read: { object in
                ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath].map { [$0] } ?? []
            })
    }

    @usableFromInline
    init<T: Bindable>(_ keyPath: WritableKeyPath<T, [XMLElementNode]> & Sendable, xml: String?) {
        let isClass = T.self is AnyClass
        self.init(
            keyPath, xml: xml, fieldType: [XMLElementNode].self, isList: true,
            project: { ObjectStorage.projectedOffset(keyPath, sample: $0) },
            store: { object, element in
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(element) }
            },
            read: { object in ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath] })
    }

    private init(
        _ keyPath: AnyKeyPath & Sendable, xml: String?, fieldType: Any.Type, isList: Bool,
        project: @escaping @Sendable (AnyObject?) -> Int?,
        store: @escaping @Sendable (AnyObject, XMLElementNode) -> Void,
        read: @escaping @Sendable (AnyObject) -> [XMLElementNode]
    ) {
        self.keyPath = keyPath
        self.declaredXMLName = xml
        self.fieldType = fieldType
        self.isList = isList
        self.projectOffset = project
        self.store = store
        self.read = read
        let name = XMLName.propertyName(of: keyPath)
        propertyName = name
        xmlName = XMLName(parsing: xml ?? name, unprefixed: .any)
    }

    /// Finds the property's name (its field's, as a child slot does) and resolves the
    /// element's name with the binder's prefixes.
    mutating func resolveName(sample: AnyObject?, fields: FieldTable, prefixes: [String: String]) {
        let field = fields.field(at: projectOffset(sample), of: fieldType)
        let onlyOfType = sample == nil ? [] : fields.fields(of: fieldType)
        propertyName = field?.name ?? (onlyOfType.count == 1 ? onlyOfType[0].name : nil) ?? propertyName
        let place = PropertyPath(parsing: declaredXMLName ?? propertyName, form: .element)
        namesOneElement = place.steps.isEmpty && place.form == .element
        xmlName = place.name.resolving(prefixes)
    }

    /// The declaration as written, for messages: `.element(\.extra, xml: "extra")`.
    var declarationText: String {
        ".\(isList ? "elements" : "element")(\\.\(propertyName)" + (declaredXMLName.map { ", xml: \"\($0)\"" } ?? "")
            + ")"
    }
}
