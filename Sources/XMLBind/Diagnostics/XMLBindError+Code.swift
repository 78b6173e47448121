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
            case choiceConflict = "choice-conflict"
            case missingValue = "missing-value"
            case validationFailed = "validation-failed"
            case substitutionFailed = "substitution-failed"
            case invalidCharacter = "invalid-character"
            case unmappedType = "unmapped-type"
            case invalidAttribute = "invalid-attribute"
            case elementReaderFailed = "element-reader-failed"
            // Refusals of hostile input (ParseLimits and what a document may point at).
            case depthLimitExceeded = "depth-limit-exceeded"
            case attributeLimitExceeded = "attribute-limit-exceeded"
            case nameLengthLimitExceeded = "name-length-limit-exceeded"
            case valueLengthLimitExceeded = "value-length-limit-exceeded"
            case textLengthLimitExceeded = "text-length-limit-exceeded"
            case documentSizeLimitExceeded = "document-size-limit-exceeded"
            case entityLimitExceeded = "entity-limit-exceeded"
            case entityNestingLimitExceeded = "entity-nesting-limit-exceeded"
            case entityAmplificationLimitExceeded = "entity-amplification-limit-exceeded"
            case substitutionNestingLimitExceeded = "substitution-nesting-limit-exceeded"
            case substitutionAmplificationLimitExceeded = "substitution-amplification-limit-exceeded"
            case recursiveEntity = "recursive-entity"
            case undefinedEntity = "undefined-entity"
            case externalEntityRefused = "external-entity-refused"
            case parameterEntityRefused = "parameter-entity-refused"
            case doctypeRefused = "doctype-refused"
            case unsupportedXMLVersion = "unsupported-xml-version"
            case invalidEncoding = "invalid-encoding"
            case encodingRefused = "encoding-refused"
            // Editing in place (issue 32).
            case inexactEdit = "inexact-edit"
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
        /// An element holds two child elements of which its mapping's `.choice(…)` allows
        /// one; a note points at the first.
        public static let choiceConflict = Code(.choiceConflict)
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
        /// An ``ElementReader`` threw while reading an element's content (an
        /// ``ElementReaderError``, a ``ConversionError`` or any other error); the element's
        /// value is left out.
        public static let elementReaderFailed = Code(.elementReaderFailed)

        // MARK: Refusals of hostile input

        /// Elements nest deeper than ``ParseLimits/maximumDepth``.
        public static let depthLimitExceeded = Code(.depthLimitExceeded)
        /// An element has more attributes (namespace declarations included) than
        /// ``ParseLimits/maximumAttributes``.
        public static let attributeLimitExceeded = Code(.attributeLimitExceeded)
        /// A name is longer than ``ParseLimits/maximumNameLength``.
        public static let nameLengthLimitExceeded = Code(.nameLengthLimitExceeded)
        /// An attribute value or namespace URI is longer than ``ParseLimits/maximumValueLength``.
        public static let valueLengthLimitExceeded = Code(.valueLengthLimitExceeded)
        /// A run of text, a comment or a processing instruction is longer than
        /// ``ParseLimits/maximumTextLength``.
        public static let textLengthLimitExceeded = Code(.textLengthLimitExceeded)
        /// The document is larger than ``ParseLimits/maximumDocumentSize``.
        public static let documentSizeLimitExceeded = Code(.documentSizeLimitExceeded)
        /// The DTD declares more entities than ``ParseLimits/maximumEntityDeclarations``.
        public static let entityLimitExceeded = Code(.entityLimitExceeded)
        /// An entity's references nest deeper than ``ParseLimits/maximumEntityNesting``.
        public static let entityNestingLimitExceeded = Code(.entityNestingLimitExceeded)
        /// Entity expansion produced more output per input byte than
        /// ``ParseLimits/maximumAmplification`` allows (a "billion laughs" document).
        public static let entityAmplificationLimitExceeded = Code(.entityAmplificationLimitExceeded)
        /// The fallbacks of a `${NAME:-…}` reference nest deeper than
        /// ``ParseLimits/maximumSubstitutionNesting``.
        public static let substitutionNestingLimitExceeded = Code(.substitutionNestingLimitExceeded)
        /// `${NAME}` substitution would add more bytes to the document than
        /// ``ParseLimits/maximumAmplification`` allows, as for entity expansion.
        public static let substitutionAmplificationLimitExceeded = Code(.substitutionAmplificationLimitExceeded)
        /// An entity refers to itself, directly or through others.
        public static let recursiveEntity = Code(.recursiveEntity)
        /// A reference to an entity that the document does not declare (one that could
        /// only come from an external DTD or parameter entity, which are never read).
        public static let undefinedEntity = Code(.undefinedEntity)
        /// A reference to an external or unparsed entity: nothing a document points at is
        /// ever loaded.
        public static let externalEntityRefused = Code(.externalEntityRefused)
        /// A parameter entity reference in the DTD: parameter entities are never expanded.
        public static let parameterEntityRefused = Code(.parameterEntityRefused)
        /// A document type declaration, when ``ParseLimits/allowsDoctype`` is `false`.
        public static let doctypeRefused = Code(.doctypeRefused)
        /// The XML declaration names a version other than 1.x.
        public static let unsupportedXMLVersion = Code(.unsupportedXMLVersion)
        /// The bytes do not match the document's encoding: an unknown or wrongly declared
        /// encoding, or an unpaired UTF-16 surrogate.
        public static let invalidEncoding = Code(.invalidEncoding)
        /// The XML declaration names UTF-7, which is read only when the caller names it in
        /// ``ParseOptions/encoding``: UTF-7 spells `<` as `+ADw-`, so markup can hide from
        /// every check that looks at bytes (a proxy's filter, a grep, a signature scan).
        public static let encodingRefused = Code(.encodingRefused)

        /// Editing in place could not place a change exactly where the document held the
        /// value: a `${…}` or entity reference replaced by the new value, an element written
        /// anew, a comment inside a rewritten text. A warning; see <doc:EditingInPlace>.
        public static let inexactEdit = Code(.inexactEdit)

        /// A stable, kebab-case name for the code, such as `conversion-failed`.
        public var description: String { kind.rawValue }
    }
}
