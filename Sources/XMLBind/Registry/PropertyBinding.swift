/// One declared property of a mapping, with its setter and its reader prepared at registration.
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
    /// The XML name it is matched by (unused for `.text`); for a nested path, the name
    /// of the value's own element or attribute.
    var xmlName: XMLName
    /// The elements a nested path goes through (`details/price` → `details`), outermost
    /// first; empty for a property of the element itself.
    var path: [XMLName]
    let form: Form
    /// The Swift type's name, for messages: `cannot convert "x" to Int`.
    let typeName: String
    /// Converts the bytes and stores the value in the box; throws the conversion's error.
    let assign: @Sendable (InstanceBox, UnsafeBufferPointer<UInt8>) throws -> Void
    /// Whether a document must give the property a value (`.required()`).
    var isRequired = false
    /// Stores the declared default, for a property the document leaves out (`default:`).
    let applyDefault: (@Sendable (InstanceBox) -> Void)?

    // Writing.

    /// Reads the value back and formats it with the conversion; `nil` for a `nil` optional.
    let read: @Sendable (InstanceBox) -> String?
    /// The declared default, formatted, for ``WritingOptions/omitsDefaultValues``.
    let defaultText: String?
    /// How a `.property` (either form) is written, when its declaration says (`.written(as:)`).
    var writtenForm: WritingOptions.PropertyForm?
    /// Whether the value is written as a CDATA section (`.writtenAsCDATA()`).
    var writesCDATA = false

    init<T, V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable,
        xml: String?,
        form: Form,
        conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) {
        let name = XMLName.propertyName(of: keyPath)
        self.propertyName = name
        let place = PropertyPath(parsing: xml ?? name, form: form)
        self.xmlName = place.name
        self.path = place.steps
        self.form = place.form
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
        let encode = conversion.encode
        self.read = { box in
            let value = TypedBox<T>.of(box).value[keyPath: keyPath]
            return OptionalValue.isNone(value) ? nil : encode(value)
        }
        self.defaultText = defaultValue.flatMap { OptionalValue.isNone($0) ? nil : encode($0) }
    }

    /// How the property appears in XML, for messages: `attribute 'id'`, `child element <id>`,
    /// `attribute 'currency' of <details/price>`.
    var placeDescription: String {
        let within = path.map(\.description).joined(separator: "/")
        switch form {
        case .either: return "attribute '\(xmlName)' or child element <\(xmlName)>"
        case .attribute where !path.isEmpty: return "attribute '\(xmlName)' of <\(within)>"
        case .attribute: return "attribute '\(xmlName)'"
        case .element where !path.isEmpty: return "element <\(within)/\(xmlName)>"
        case .element: return "child element <\(xmlName)>"
        case .text: return "text content"
        }
    }

    /// Whether an attribute with this namespace URI and prefix matches the property's
    /// name (the local name has already matched). Unprefixed registrations match only
    /// attributes in no namespace, as XML Namespaces defines for attributes.
    func matchesAttribute(uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?) -> Bool {
        Self.matches(xmlName, uri: uri, prefix: prefix, attribute: true)
    }

    /// Whether a child element with this namespace URI and prefix matches. Unprefixed
    /// registrations match the local name in any namespace, since child elements
    /// usually inherit their parent's default namespace.
    func matchesElement(uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?) -> Bool {
        Self.matches(xmlName, uri: uri, prefix: prefix, attribute: false)
    }

    /// Whether a name in the document matches a registered name whose local name has
    /// already matched: the rules of ``matchesAttribute(uri:prefix:)`` and
    /// ``matchesElement(uri:prefix:)``.
    static func matches(
        _ name: XMLName, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?, attribute: Bool
    ) -> Bool {
        switch name.namespace {
        case .any: attribute ? uri == nil : true
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
    /// Reads the children back for writing: the array's elements, or the one child (none
    /// for a `nil` optional).
    let read: @Sendable (InstanceBox) -> [Any]
}
