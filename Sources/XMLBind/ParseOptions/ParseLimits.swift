/// The bounds a document must stay within, and what it may declare.
///
/// Every parse is held to these limits, so that a hostile document is refused with an
/// ``XMLBindError`` instead of exhausting memory, time or the stack. The defaults are
/// anchored on libxml2's and JAXP's and leave room for any real configuration file;
/// adjust them through ``ParseOptions/limits``:
///
/// ```swift
/// var options = ParseOptions()
/// options.limits.maximumDepth = 1_000
/// options.limits.maximumDocumentSize = 50 << 20
/// let binder = XMLBinder(options: options)
/// ```
///
/// Names and lengths are counted in bytes of UTF-8, whatever the document's encoding.
/// See <doc:Security> for what each limit stops and why.
public struct ParseLimits: Sendable, Hashable {
    /// How deeply elements may nest: 256 by default. The root element is at depth 1,
    /// so 256 nested elements parse and a 257th is refused with
    /// ``XMLBindError/Code/depthLimitExceeded``.
    public var maximumDepth: Int
    /// How many attributes one element may carry, namespace declarations and attributes
    /// defaulted by the DTD included: 1,024 by default
    /// (``XMLBindError/Code/attributeLimitExceeded``).
    public var maximumAttributes: Int
    /// The longest name, in bytes: an element's or attribute's local name or prefix, a
    /// processing instruction's target, an entity's or a declared attribute's name.
    /// 1,024 by default (``XMLBindError/Code/nameLengthLimitExceeded``).
    public var maximumNameLength: Int
    /// The longest attribute value or namespace URI, in bytes, after entity expansion:
    /// 1 MiB (1,048,576) by default (``XMLBindError/Code/valueLengthLimitExceeded``).
    public var maximumValueLength: Int
    /// The longest run of text the binder keeps (between two tags, inside an element
    /// whose mapping takes its text, or a property element), comment or processing
    /// instruction, in bytes after entity expansion: 10 MiB (10,485,760) by default
    /// (``XMLBindError/Code/textLengthLimitExceeded``).
    ///
    /// Text nothing keeps (the whitespace between elements, the content of an element
    /// whose mapping declares no text, a skipped element) is passed over by expat as it
    /// is read, without a call into the binder: it is never held, so it is not measured.
    /// ``maximumDocumentSize`` bounds it with the rest of the document.
    public var maximumTextLength: Int
    /// How many entities the document type declaration may declare, general and
    /// parameter entities together: 1,000 by default
    /// (``XMLBindError/Code/entityLimitExceeded``).
    public var maximumEntityDeclarations: Int
    /// How deeply entity references may nest: 8 by default. An entity whose text refers
    /// to no other entity has depth 1; one that refers to it, depth 2. Checked from the
    /// declarations as they are read, before anything is expanded
    /// (``XMLBindError/Code/entityNestingLimitExceeded``).
    public var maximumEntityNesting: Int
    /// expat's billion-laughs protection: how many bytes entity expansion may produce
    /// per byte of input, once ``amplificationThreshold`` bytes have been produced. 20 by
    /// default, tighter than expat's own 100; values below 1 count as 1
    /// (``XMLBindError/Code/entityAmplificationLimitExceeded``).
    public var maximumAmplification: Double
    /// How many bytes entity expansion may produce before ``maximumAmplification`` is
    /// enforced: 1 MiB (1,048,576) by default (expat's own is 8 MiB).
    public var amplificationThreshold: Int
    /// The largest document, in bytes as read: `nil` (no limit) by default, so that
    /// streaming a legitimately large file never fails for its size. Set it when the
    /// input comes from someone you do not trust
    /// (``XMLBindError/Code/documentSizeLimitExceeded``).
    public var maximumDocumentSize: Int?
    /// Whether a document may have a document type declaration (`<!DOCTYPE …>`): `true`
    /// by default, because real configuration formats carry them. Its external part is
    /// never read either way. Set it to `false` to refuse every DOCTYPE
    /// (``XMLBindError/Code/doctypeRefused``).
    public var allowsDoctype: Bool
    /// How deeply the fallbacks of `${NAME:-…}` may nest when ``ParseOptions/substitution``
    /// is on: 16 by default. `${A:-x}` has nesting 1, `${A:-${B:-x}}` nesting 2; values
    /// below 1 count as 1 (``XMLBindError/Code/substitutionNestingLimitExceeded``).
    ///
    /// The bytes that variables add are held to ``maximumAmplification`` and
    /// ``amplificationThreshold``, as entity expansion is
    /// (``XMLBindError/Code/substitutionAmplificationLimitExceeded``).
    public var maximumSubstitutionNesting: Int

    /// Creates limits; every argument defaults to the documented default.
    ///
    /// - Parameters:
    ///   - maximumDepth: How deeply elements may nest (root = 1); 256.
    ///   - maximumAttributes: Attributes per element, namespace declarations included; 1,024.
    ///   - maximumNameLength: Bytes per name; 1,024.
    ///   - maximumValueLength: Bytes per attribute value or namespace URI; 1 MiB.
    ///   - maximumTextLength: Bytes per kept text run, comment or processing instruction; 10 MiB.
    ///   - maximumEntityDeclarations: Entity declarations per document; 1,000.
    ///   - maximumEntityNesting: Nesting depth of entity references; 8.
    ///   - maximumAmplification: expat's amplification factor; 20.
    ///   - amplificationThreshold: Bytes of expansion before the factor applies; 1 MiB.
    ///   - maximumDocumentSize: Bytes per document, or `nil` for no limit; `nil`.
    ///   - allowsDoctype: Whether a `<!DOCTYPE …>` is allowed; `true`.
    ///   - maximumSubstitutionNesting: Nesting depth of `${NAME:-…}` fallbacks; 16.
    public init(
        maximumDepth: Int = 256,
        maximumAttributes: Int = 1_024,
        maximumNameLength: Int = 1_024,
        maximumValueLength: Int = 1 << 20,
        maximumTextLength: Int = 10 << 20,
        maximumEntityDeclarations: Int = 1_000,
        maximumEntityNesting: Int = 8,
        maximumAmplification: Double = 20,
        amplificationThreshold: Int = 1 << 20,
        maximumDocumentSize: Int? = nil,
        allowsDoctype: Bool = true,
        maximumSubstitutionNesting: Int = 16
    ) {
        self.maximumDepth = maximumDepth
        self.maximumAttributes = maximumAttributes
        self.maximumNameLength = maximumNameLength
        self.maximumValueLength = maximumValueLength
        self.maximumTextLength = maximumTextLength
        self.maximumEntityDeclarations = maximumEntityDeclarations
        self.maximumEntityNesting = maximumEntityNesting
        self.maximumAmplification = maximumAmplification
        self.amplificationThreshold = amplificationThreshold
        self.maximumDocumentSize = maximumDocumentSize
        self.allowsDoctype = allowsDoctype
        self.maximumSubstitutionNesting = maximumSubstitutionNesting
    }
}
