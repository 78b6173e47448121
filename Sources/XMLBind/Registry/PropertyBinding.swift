/// One declared property of a mapping, with its setter prepared at registration.
struct PropertyBinding: Sendable {
    /// Where in the XML a property's value may come from.
    enum Form: Sendable, Equatable {
        /// An attribute or a child element's text (`.property`).
        case either
        /// Only an attribute (`.attribute`).
        case attribute
        /// Only a child element's text (`.element`).
        case element
        /// The element's own character data (`.text`).
        case text

        var acceptsAttribute: Bool { self == .either || self == .attribute }
        var acceptsElement: Bool { self == .either || self == .element }
    }

    /// The Swift property's name, for messages.
    let propertyName: String
    /// The XML name it is matched by (unused for `.text`).
    var xmlName: XMLName
    let form: Form
    /// The Swift type's name, for messages: `cannot convert "x" to Int`.
    let typeName: String
    /// Converts the bytes and stores the value in the box; throws the conversion's error.
    let assign: @Sendable (InstanceBox, UnsafeBufferPointer<UInt8>) throws -> Void
    /// Whether a document must give the property a value (`.required()`).
    var isRequired = false
    /// Stores the declared default, for a property the document leaves out (`default:`).
    let applyDefault: (@Sendable (InstanceBox) -> Void)?

    init<T, V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable,
        xml: String?,
        form: Form,
        conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) {
        let name = XMLName.propertyName(of: keyPath)
        self.propertyName = name
        self.xmlName = XMLName(parsing: xml ?? name, unprefixed: .any)
        self.form = form
        self.typeName = TypeName.forMessages(V.self)
        let decode = conversion.decode
        self.assign = { box, bytes in
            let value = try decode(bytes)
            TypedBox<T>.of(box).value[keyPath: keyPath] = value
        }
        if let defaultValue {
            // The value is the caller's; it is only ever copied into new objects.
            nonisolated(unsafe) let value = defaultValue
            self.applyDefault = { box in TypedBox<T>.of(box).value[keyPath: keyPath] = value }
        } else {
            self.applyDefault = nil
        }
    }

    /// How the property appears in XML, for messages: `attribute 'id'`, `child element <id>`.
    var placeDescription: String {
        switch form {
        case .either: "attribute '\(xmlName)' or child element <\(xmlName)>"
        case .attribute: "attribute '\(xmlName)'"
        case .element: "child element <\(xmlName)>"
        case .text: "text content"
        }
    }

    /// Whether an attribute with this namespace URI and prefix matches the property's
    /// name (the local name has already matched). Unprefixed registrations match only
    /// attributes in no namespace, as XML Namespaces defines for attributes.
    func matchesAttribute(uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?) -> Bool {
        switch xmlName.namespace {
        case .any, .none: uri == nil
        case .uri(let expected): uri.map { $0.elementsEqual(expected.utf8) } ?? false
        case .prefix(let expected): prefix.map { $0.elementsEqual(expected.utf8) } ?? false
        }
    }

    /// Whether a child element with this namespace URI and prefix matches. Unprefixed
    /// registrations match the local name in any namespace, since child elements
    /// usually inherit their parent's default namespace.
    func matchesElement(uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?) -> Bool {
        switch xmlName.namespace {
        case .any: true
        case .none: uri == nil
        case .uri(let expected): uri.map { $0.elementsEqual(expected.utf8) } ?? false
        case .prefix(let expected): prefix.map { $0.elementsEqual(expected.utf8) } ?? false
        }
    }
}

/// One typed child key path (`.children` or `.child`), with its appender prepared at registration.
struct ChildSlot: Sendable {
    /// The Swift property's name, for messages.
    let propertyName: String
    /// Stores the child if its type fits; returns whether it did.
    let accept: @Sendable (InstanceBox, Any) -> Bool
}
