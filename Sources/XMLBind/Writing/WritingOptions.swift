/// Options for writing objects as XML with ``XMLBinder/xml(from:options:)`` and its
/// siblings.
///
/// ```swift
/// var options = WritingOptions(layout: .compact, includesDeclaration: false)
/// options.preferredPrefixes = ["http://www.example.com/schema/configuration": "cfg"]
/// let text = try binder.xml(from: configuration, options: options)
/// ```
public struct WritingOptions: Sendable {
    /// Where a `.property` declaration (read from an attribute or a child element) is written.
    public enum PropertyForm: Sendable, Hashable {
        /// As an attribute, `name="value"`.
        case attribute
        /// As a child element, `<name>value</name>`.
        case element
    }

    /// Line breaks and indentation, or none.
    public struct Layout: Sendable, Hashable {
        /// The text of one level of indentation; `nil` for compact output.
        public let indent: String?

        /// Everything on one line, with no whitespace between elements and no line break
        /// after the XML declaration or at the end.
        public static let compact = Layout(indent: nil)

        /// One element per line, each level indented by `indent`, and a line break at the end.
        ///
        /// Whitespace is only added where it cannot change a value: between the child
        /// elements of an element whose mapping declares no `.text` property. Elements
        /// with text, and everything inside an element whose mapping declares `.text`,
        /// are written as they are.
        ///
        /// - Parameter indent: One level of indentation: spaces and tabs (other characters
        ///   are dropped, since they would become text). Four spaces unless given.
        /// - Returns: The layout.
        public static func pretty(indent: String = "    ") -> Layout {
            Layout(indent: indent.filter { $0 == " " || $0 == "\t" })
        }

        private init(indent: String?) {
            self.indent = indent
        }
    }

    /// Pretty (four spaces, by default) or compact.
    public var layout: Layout
    /// Whether the document starts with `<?xml version="1.0" encoding="UTF-8"?>` (yes by default).
    public var includesDeclaration: Bool
    /// Whether a property whose value equals its default is left out (no by default).
    ///
    /// The default is the one declared with `default:`, or else the value the type's
    /// `init()` gives the property: either way, reading the document back gives the same
    /// value. A `.required()` property without a declared default is always written.
    public var omitsDefaultValues: Bool
    /// The prefix to write for each namespace URI: `["http://example.com/c": "c"]`. An
    /// empty prefix makes the namespace the default one (`xmlns="…"`). A URI not named
    /// here keeps the prefix its registration wrote, if any. See <doc:Writing>.
    public var preferredPrefixes: [String: String]
    /// Where `.property` declarations are written, unless their definition
    /// (``ClassDefinition/propertiesWritten(as:)``) or the declaration itself
    /// (``ClassDefinition/written(as:)``) says otherwise: as attributes by default.
    public var propertyForm: PropertyForm
    /// Writes back the `${…}` text a parse recorded (see ``SubstitutionRecord``) instead of
    /// the resolved values, for each property whose value still reads as it was resolved.
    /// `nil` (the default) writes values as they are, resolved ones included, which may
    /// be secrets taken from the environment.
    public var restoresSubstitutions: SubstitutionRecord?
    /// The encoding the document is written in, by its IANA name or an alias (see
    /// <doc:Encodings>): `"UTF-8"` by default, or any encoding iconv can write, such as
    /// `"Shift_JIS"` or `"windows-1251"`.
    ///
    /// The XML declaration names it. A character the encoding lacks is written as a
    /// character reference (`&#x540D;`) in text and attribute values, and is an
    /// ``XMLBindError/Code/invalidCharacter`` error in an element or attribute name. `UTF-16`
    /// starts with a byte order mark. ``XMLBinder/xml(from:options:)`` returns the text such
    /// a document decodes to.
    public var encoding: String

    /// Creates writing options.
    ///
    /// - Parameters:
    ///   - layout: ``Layout/pretty(indent:)`` (the default) or ``Layout/compact``.
    ///   - includesDeclaration: Whether to start with an XML declaration.
    ///   - omitsDefaultValues: Whether to leave out values equal to their defaults.
    ///   - preferredPrefixes: Prefixes to write, by namespace URI (`""` for the default namespace).
    ///   - propertyForm: Where `.property` declarations are written.
    ///   - encoding: The encoding to write, `"UTF-8"` unless given.
    public init(
        layout: Layout = .pretty(), includesDeclaration: Bool = true, omitsDefaultValues: Bool = false,
        preferredPrefixes: [String: String] = [:], propertyForm: PropertyForm = .attribute, encoding: String = "UTF-8"
    ) {
        self.layout = layout
        self.includesDeclaration = includesDeclaration
        self.omitsDefaultValues = omitsDefaultValues
        self.preferredPrefixes = preferredPrefixes
        self.propertyForm = propertyForm
        self.encoding = encoding
    }
}
