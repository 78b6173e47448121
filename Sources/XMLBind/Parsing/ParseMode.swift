/// How the binder treats content that no mapping declares.
public enum ParseMode: Sendable, Hashable {
    /// An unknown element, or an unknown attribute on an element that is not an
    /// ``AttributeContainer``, is an error. The default.
    case strict
    /// Unknown elements are skipped with everything inside them; unknown attributes are
    /// ignored (``AttributeContainer``s still receive them).
    case lenient
}

/// Options for parsing, shared by every parse of one ``XMLBinder``.
public struct ParseOptions: Sendable, Hashable {
    /// What to do with undeclared content; ``ParseMode/strict`` by default.
    public var mode: ParseMode
    /// How many bytes to hand expat at a time when reading a file (1 MiB by default;
    /// at least 64 KiB, so that expat never re-scans a long token many times over).
    public var chunkSize: Int
    /// The bounds every document is held to; ``ParseLimits``' defaults unless changed.
    public var limits: ParseLimits

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: What to do with undeclared content.
    ///   - chunkSize: Bytes per read when parsing a file; raised to 64 KiB if smaller.
    ///   - limits: The bounds every document is held to.
    public init(mode: ParseMode = .strict, chunkSize: Int = 1 << 20, limits: ParseLimits = ParseLimits()) {
        self.mode = mode
        self.chunkSize = max(chunkSize, 64 << 10)
        self.limits = limits
    }
}
