/// One declared property of a mapping, with its setter prepared at registration.
///
/// The initializer is inlinable so that its closures are specialised in the module that
/// registers the mapping, where the property's type is concrete: storing a `String?`
/// then compiles to a plain store, not a generic value-witness call.
@usableFromInline
struct PropertyBinding: Sendable {
    /// Where in the XML a property's value may come from.
    @usableFromInline
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

    /// A property the engine can store plain text into without calling a conversion.
    @usableFromInline
    enum PlainText: Sendable {
        case string
        case optionalString
        /// A `Bool` with its own conversion (see ``Conversion/isPlainBool``).
        case bool
    }

    /// The Swift property's name, for messages; known once the mapping is compiled.
    @usableFromInline private(set) var propertyName = ""
    /// The XML name it is matched by (unused for `.text`); known once compiled.
    @usableFromInline var xmlName = XMLName(namespace: .any, local: "")
    /// The elements a nested path goes through (`details/price` → `details`), outermost
    /// first; empty for a property of the element itself. Known once compiled.
    @usableFromInline var path: [XMLName] = []
    /// The XML name as declared with `xml:`, if it was.
    @usableFromInline let declaredXMLName: String?
    /// The form as declared; a nested path may settle `.either` into one (see ``PropertyPath``).
    @usableFromInline var form: Form
    /// The form as the declaration's method gave it, for messages.
    @usableFromInline let declaredForm: Form
    /// The property's value type, to match a stored field.
    @usableFromInline let valueType: Any.Type
    /// The key path, for its name when it is not a stored field.
    @usableFromInline let keyPath: AnyKeyPath & Sendable
    /// Where the key path's value lies in a sample object (see ``ObjectStorage/projectedOffset(_:sample:)``).
    @usableFromInline let projectOffset: @Sendable (_ sample: AnyObject?) -> Int?
    /// For a key path that does not project to its field (a stored property of a non-final
    /// class goes through accessors): stores a few trial values through the key path on
    /// a sample and returns which of the candidate field offsets changed, if exactly one.
    @usableFromInline let probeField: @Sendable (_ sample: AnyObject, _ candidates: [Int]) -> Int?
    /// Makes the setter: with the field's offset, a plain write; without, the key path.
    @usableFromInline var makeSetter: @Sendable (_ offset: Int?, _ isClass: Bool) -> Setter
    /// Set when the property is a `String`, `String?` or `Bool` with the built-in conversion.
    @usableFromInline let plainText: PlainText?
    /// Whether plain text is trimmed first (``Conversion/trimsPlainText``).
    @usableFromInline let trimsPlainText: Bool
    /// Why the property's conversion cannot be used (``Conversion/refusal``), refused at registration.
    @usableFromInline let conversionRefusal: String?
    /// Whether a document must give the property a value (`.required()`).
    @usableFromInline var isRequired = false
    /// For a property declared after `.keyedMembers`: its member key, the `xml:` name (or
    /// the property's name) as written; `nil` for a property matched by element name.
    var memberKey: String?
    /// Whether the property is a keyed member (see ``memberKey``).
    var isKeyed: Bool { memberKey != nil }
    /// Whether the key path names no stored property the registry could find (a
    /// computed property); known once compiled.
    private(set) var isUnnamed = false
    /// Makes the setter that stores the declared default (`default:`), if there is one.
    @usableFromInline let makeDefaultSetter: (@Sendable (_ isClass: Bool) -> DefaultSetter)?
    /// Makes the setter that stores `nil`, for an element the document marks
    /// `xsi:nil="true"`; `nil` when the property is not optional.
    @usableFromInline let makeNilSetter: @Sendable (_ isClass: Bool) -> DefaultSetter?
    /// Whether the value is the element's whole text, its descendants' included
    /// (`.wholeText()`): elements inside it are part of the text, not unknown content.
    @usableFromInline var takesWholeText = false
    /// For a list (`.elements` into `[V]`) or a keyed map (`.elements(…, key:)` into
    /// `[String: V]`): how values are added and read back; `nil` for a single value.
    @usableFromInline var collection: ValueCollection?

    // Writing.

    /// Reads the value back and formats it with the conversion; `nil` for a `nil` optional.
    /// Through the key path until the mapping is compiled, then from the field where its
    /// offset is known (``makeReader``).
    @usableFromInline var read: @Sendable (AnyObject) -> String?
    /// Makes the reader, given the field's offset (or `nil`: go through the key path) and
    /// the type's class-ness: a field read is a plain load, where a key path's read costs
    /// a few hundred instructions per value written.
    @usableFromInline let makeReader: @Sendable (_ offset: Int?, _ isClass: Bool) -> @Sendable (AnyObject) -> String?
    /// The declared default, formatted, for ``WritingOptions/omitsDefaultValues``.
    @usableFromInline let defaultText: String?
    /// How a `.property` (either form) is written, when its declaration says (`.written(as:)`).
    @usableFromInline var writtenForm: WritingOptions.PropertyForm?
    /// Whether the value is written as a CDATA section (`.writtenAsCDATA()`).
    @usableFromInline var writesCDATA = false
    /// Whether a value equal to the declared default is left out when writing
    /// (`.omittedWhenDefault()`), whatever ``WritingOptions/omitsDefaultValues`` says.
    @usableFromInline var omitsDefault = false
    /// Whether the declared default fills an *empty* element rather than an absent one
    /// (`.defaultWhenEmpty()`, XML Schema's element defaults); writing spells the value out.
    @usableFromInline var defaultsWhenEmpty = false

    /// Converts bytes and stores the value in the object (held as itself, with the base
    /// its field offsets count from); throws the conversion's error.
    @usableFromInline typealias Setter =
        @Sendable (AnyObject, FieldAccess, UnsafeBufferPointer<UInt8>) throws -> Void
    /// Stores a prepared value in the object.
    @usableFromInline typealias DefaultSetter = @Sendable (AnyObject, FieldAccess) -> Void

    @inlinable
    init<T: Bindable, V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable,
        xml: String?,
        form: Form,
        conversion: Conversion<V>,
        default defaultValue: V? = nil
    ) {
        self.keyPath = keyPath
        self.declaredXMLName = xml
        self.form = form
        self.declaredForm = form
        self.valueType = V.self
        self.projectOffset = { sample in ObjectStorage.projectedOffset(keyPath, sample: sample) }
        self.probeField = { sample, candidates in
            // The current value, written back, is a trial value for types (enums) that
            // none of the fixed texts convert to.
            let current = conversion.encode(ObjectStorage.value(sample, as: T.self, isClass: true)[keyPath: keyPath])
            return ObjectStorage.changedField(keyPath, sample: sample, candidates: candidates, also: current) { text in
                try? conversion.parse(text)
            }
        }
        self.trimsPlainText = conversion.trimsPlainText
        self.conversionRefusal = conversion.refusal
        if conversion.isPlainBool, ObjectIdentifier(V.self) == ObjectIdentifier(Bool.self) {
            self.plainText = .bool
        } else if !conversion.isPlainText {
            self.plainText = nil
        } else if ObjectIdentifier(V.self) == ObjectIdentifier(String.self) {
            self.plainText = .string
        } else if ObjectIdentifier(V.self) == ObjectIdentifier(String?.self) {
            self.plainText = .optionalString
        } else {
            self.plainText = nil
        }
        let decode = conversion.decode
        self.makeSetter = { offset, isClass in
            if let offset {
                return { _, base, bytes in
                    base.store(try decode(bytes), at: offset)
                }
            }
            return { object, _, bytes in
                let value = try decode(bytes)
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath] = value }
            }
        }
        if let defaultValue {
            // The value is the caller's; it is only ever copied into new objects.
            nonisolated(unsafe) let value = defaultValue
            self.makeDefaultSetter = { isClass in
                { object, _ in
                    ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath] = value }
                }
            }
        } else {
            self.makeDefaultSetter = nil
        }
        // Made only when a document says `xsi:nil`: the cast scans the conformance
        // records, which registration should not pay for every property.
        self.makeNilSetter = { isClass in
            guard let nilType = V.self as? any ExpressibleByNilLiteral.Type,
                let none = nilType.init(nilLiteral: ()) as? V
            else { return nil }
            nonisolated(unsafe) let value = none
            return { object, _ in
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath] = value }
            }
        }
        let encode = conversion.encode
        let isClass = T.self is AnyClass
        // Read in place (a struct is not copied out of its box), and asked whether it is a
        // `nil` only when `V` is an optional (or `Any`, which may hold one): that cast looks
        // up a conformance per value. Whether `V` is one is asked at the first value
        // written, not here (see ValueOptionality).
        let optionality = ValueOptionality<V>()
        self.read = { object in
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { instance in
                let value = instance[keyPath: keyPath]
                return optionality.isNone(value) ? nil : encode(value)
            }
        }
        let readThroughKeyPath = self.read
        self.makeReader = { offset, isClass in
            guard let offset else { return readThroughKeyPath }
            return { object in
                let value = FieldAccess.of(object, isClass: isClass).load(V.self, at: offset)
                return optionality.isNone(value) ? nil : encode(value)
            }
        }
        self.defaultText = defaultValue.flatMap { optionality.isNone($0) ? nil : encode($0) }
    }

    /// Learns the property's name (from the stored field, or else from the key path) and
    /// its XML name; returns the field's offset when it is a plain stored property.
    ///
    /// A stored property of a non-final class is reached through accessors, so its key path
    /// names no field: its name is then found by writing through the key path, and values
    /// keep going through the key path (so a subclass's observers would still run).
    mutating func resolve(sample: AnyObject?, fields: FieldTable, prefixes: [String: String]) -> Int? {
        let field = fields.field(at: projectOffset(sample), of: valueType)
        let name = field?.name ?? accessedFieldName(sample: sample, fields: fields) ?? XMLName.propertyName(of: keyPath)
        // A computed property's key path carries no name ("<computed 0x…>"): a mapping
        // without `xml:` is refused at registration (see ``isUnnamed``).
        isUnnamed = name.hasPrefix("<computed")
        propertyName = isUnnamed ? declaredXMLName ?? "<computed \(typeName)>" : name
        if isKeyed {
            // A member key is text, not a name: no prefix, no path.
            let key = declaredXMLName ?? propertyName
            memberKey = key
            xmlName = XMLName(namespace: .none, local: key)
            return FieldTable.writableOffset(field)
        }
        let place = PropertyPath(parsing: declaredXMLName ?? propertyName, form: form)
        xmlName = place.name.resolving(prefixes)
        path = place.steps.map { $0.resolving(prefixes) }
        form = place.form
        return FieldTable.writableOffset(field)
    }

    /// The name of the stored field a key path reaches through accessors (a stored
    /// property of a class that is not `final`), if trial values show which it is.
    private func accessedFieldName(sample: AnyObject?, fields: FieldTable) -> String? {
        guard let sample else { return nil }
        let candidates = fields.fields(of: valueType)
        guard let offset = probeField(sample, candidates.map(\.offset)) else { return nil }
        return candidates.first { $0.offset == offset }?.name
    }

    /// The Swift type's name, for messages: `cannot convert "x" to Int`.
    ///
    /// Made when a message needs it, not at registration: formatting a type's name (some
    /// 20,000 instructions) costs more than the rest of a property's registration.
    var typeName: String { TypeName.forMessages(collection?.elementType ?? valueType) }

    /// The declaration as written, for registration errors: `.attribute(\.count)`,
    /// `.property(\.clazz, xml: "class")`, `.attribute(<computed Int>)`.
    var declarationText: String {
        let method =
            switch declaredForm {
            case .either: "property"
            case .attribute: "attribute"
            case .element: "element"
            case .text: "text"
            }
        let path = isUnnamed ? "<computed \(typeName)>" : "\\.\(propertyName)"
        return ".\(method)(\(path)" + (declaredXMLName.map { ", xml: \"\($0)\"" } ?? "") + ")"
    }

    /// How the property appears in XML, for messages: `attribute 'id'`, `child element <id>`,
    /// `attribute 'currency' of <details/price>`.
    var placeDescription: String {
        if let key = collection?.key { return "child elements <\(xmlName)> keyed by '\(key)'" }
        if let memberKey { return "member '\(memberKey)'" }
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
        Self.matches(xmlName, uri: uri, prefix: prefix, attribute: true, owner: .none)
    }

    /// Whether a child element with this namespace URI and prefix matches. Unprefixed
    /// registrations match a child in no namespace or in the namespace of the element
    /// that owns the declaration (its default namespace, usually).
    func matchesElement(
        uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?, owner: OwnerNamespace
    ) -> Bool {
        Self.matches(xmlName, uri: uri, prefix: prefix, attribute: false, owner: owner)
    }

    /// Whether a name in the document matches a registered name whose local name has
    /// already matched: the rules of ``matchesAttribute(uri:prefix:)`` and
    /// ``matchesElement(uri:prefix:owner:)``.
    static func matches(
        _ name: XMLName, uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?, attribute: Bool,
        owner: OwnerNamespace
    ) -> Bool {
        switch name.namespace {
        case .any:
            guard let uri else { return true }
            return !attribute && owner.contains(uri)
        case .none: return uri == nil
        case .uri(let expected): return uri.map { $0.elementsEqual(expected.utf8) } ?? false
        case .prefix(let expected): return prefix.map { $0.elementsEqual(expected.utf8) } ?? false
        }
    }
}

/// The namespace of the element that owns a mapping's declarations, as the document
/// binds it: unprefixed element names in the declarations match children in it (and in
/// no namespace).
///
/// A view into memory the engine owns for the whole parse (see ``NamespaceTable``).
struct OwnerNamespace {
    /// The URI's bytes; `nil` when the owner is in no namespace.
    let uri: UnsafeBufferPointer<UInt8>?

    /// An owner in no namespace: only unprefixed children in no namespace match.
    static var none: OwnerNamespace { OwnerNamespace(uri: nil) }

    /// Whether a child in namespace `childURI` is in the owner's namespace.
    @inline(__always)
    func contains(_ childURI: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let uri, uri.count == childURI.count else { return false }
        return uri.elementsEqual(childURI)
    }
}
