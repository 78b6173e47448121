extension XMLBindError {
    /// The kind of an ``XMLBindError``.
    ///
    /// A struct rather than an enum, so that new kinds can be added without breaking
    /// code that switches over them; compare with `==` or use `switch` with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable {
            case malformedXML = "malformed-xml"
            case unknownElement = "unknown-element"
            case unknownAttribute = "unknown-attribute"
            case conversionFailed = "conversion-failed"
            case unexpectedRoot = "unexpected-root"
            case unplacedChild = "unplaced-child"
            case io = "io"
            case duplicateValue = "duplicate-value"
            case missingValue = "missing-value"
            case validationFailed = "validation-failed"
            case substitutionFailed = "substitution-failed"
            case invalidCharacter = "invalid-character"
            case unmappedType = "unmapped-type"
            case invalidAttribute = "invalid-attribute"
        }

        private let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The document is not well-formed XML; the message is expat's.
        public static let malformedXML = Code(.malformedXML)
        /// An element that no mapping and no property of its parent accepts (strict mode).
        public static let unknownElement = Code(.unknownElement)
        /// An attribute that maps to no property, on an element that is not an
        /// ``AttributeContainer`` (strict mode).
        public static let unknownAttribute = Code(.unknownAttribute)
        /// A value could not be converted to its property's type.
        public static let conversionFailed = Code(.conversionFailed)
        /// The root element is missing or does not bind to the requested type.
        public static let unexpectedRoot = Code(.unexpectedRoot)
        /// A registered child element whose parent has no place for it: no
        /// `.children`/`.child` key path fits its type and the parent is not an ``Ancestor``.
        public static let unplacedChild = Code(.unplacedChild)
        /// The document could not be read.
        public static let io = Code(.io)
        /// A property was given a value twice, for example by an attribute and by a child
        /// element; a note points at the first.
        public static let duplicateValue = Code(.duplicateValue)
        /// A property declared `.required()` was given no value.
        public static let missingValue = Code(.missingValue)
        /// A check added with `.validate` reported a problem, or threw.
        public static let validationFailed = Code(.validationFailed)
        /// A `${NAME}` reference could not be substituted: the variable is not set, or the
        /// reference is not closed.
        public static let substitutionFailed = Code(.substitutionFailed)
        /// Writing: a value holds a character that XML 1.0 cannot represent, even as a
        /// character reference (a control character other than tab, line feed and
        /// carriage return, or U+FFFE / U+FFFF). The message names the property.
        public static let invalidCharacter = Code(.invalidCharacter)
        /// Writing: an object (the root, or a child) whose type no mapping is registered for.
        public static let unmappedType = Code(.unmappedType)
        /// Writing: an attribute from ``AttributeContainer/attributesToWrite`` that cannot be
        /// written: its name is not an XML name, it is a namespace declaration, or the
        /// element already has an attribute of that name.
        public static let invalidAttribute = Code(.invalidAttribute)

        /// A stable, kebab-case name for the code, such as `conversion-failed`.
        public var description: String { kind.rawValue }
    }
}
