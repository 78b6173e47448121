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
public struct ParseOptions: Sendable {
    /// What to do with undeclared content; ``ParseMode/strict`` by default. A
    /// ``unknownContent`` policy, when set, takes its place.
    public var mode: ParseMode
    /// How many bytes to hand expat at a time when reading a file in pieces (64 KiB by
    /// default, and at least that, so that expat never re-scans a long token many times
    /// over): a file larger than ``wholeFileLimit``, and every streamed file.
    ///
    /// A stream holds one piece in expat's buffer and the objects that piece completed
    /// until they are handed out, so a larger piece costs memory and saves nothing: expat
    /// recounts lines and columns over every piece but the last, whatever their size.
    public var chunkSize: Int
    /// The largest file a whole-document parse (`parse(contentsOf:)`) reads at once, in
    /// bytes: 64 MiB by default; 0 reads every file in ``chunkSize`` pieces.
    ///
    /// A file up to this size is read straight into expat's buffer and parsed in one
    /// call, which spares expat recounting lines and columns over every piece that is not
    /// the last (about 12 instructions a byte); it costs memory the size of the file while
    /// the parse runs, next to the object graph it builds. Streaming always reads pieces.
    public var wholeFileLimit: Int
    /// What to do with attributes and elements no mapping declares. `nil` (the default)
    /// follows ``mode``: ``UnknownContentPolicy/error`` when strict,
    /// ``UnknownContentPolicy/ignore`` when lenient. A definition's own
    /// `.unknownContent(_:)` overrides this for its element.
    public var unknownContent: UnknownContentPolicy?
    /// How many diagnostics a parse keeps (100 by default); the error says how many more
    /// there were.
    public var maximumDiagnostics: Int
    /// Whether a parse stops at its first error instead of finding them all (`false` by
    /// default).
    public var stopsAtFirstError: Bool
    /// `${NAME}` substitution in attribute values and text, or `nil` (the default) for none.
    public var substitution: VariableSubstitution?
    /// The bounds every document is held to; ``ParseLimits``' defaults unless changed.
    public var limits: ParseLimits
    /// The documents' encoding as named from outside them (an HTTP `charset`, say), or
    /// `nil` (the default) to go by each document's byte order mark and XML declaration.
    ///
    /// A name given here wins over the XML declaration; a byte order mark still wins over
    /// it, as XML and RFC 7303 say. Any encoding iconv knows, by its IANA name or an alias
    /// (see <doc:Encodings>). An unknown name makes every parse fail with
    /// ``XMLBindError/Code/invalidEncoding``. `String` input ignores it.
    public var encoding: String?
    /// Whether bytes that are not valid in the document's encoding are read as U+FFFD
    /// (the replacement character) instead of stopping the parse with a located
    /// ``XMLBindError/Code/invalidEncoding`` error; `false` by default.
    public var replacesInvalidBytes: Bool
    /// Whether a large document is bound on several threads: ``Parallelism/sequential``
    /// (the default), ``Parallelism/automatic`` or ``Parallelism/threads(_:)``. Applies to
    /// `parse` of `Data`, a `String` or a file (see <doc:ParallelBinding>).
    public var parallelism: Parallelism = .processDefault
    /// Receives, for each parse that asks for ``parallelism``, whether it was bound in
    /// pieces or sequentially and why; `nil` (the default) records nothing.
    public var parallelTrace: ParallelTrace?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: What to do with undeclared content.
    ///   - chunkSize: Bytes per read when parsing a file; raised to 64 KiB if smaller.
    ///   - unknownContent: A policy for undeclared content that overrides `mode`.
    ///   - maximumDiagnostics: How many diagnostics to keep; at least 1.
    ///   - stopsAtFirstError: Stop at the first error instead of collecting them all.
    ///   - substitution: `${NAME}` substitution, off when `nil`.
    ///   - limits: The bounds every document is held to.
    ///   - encoding: The documents' encoding as named from outside them, or `nil`.
    ///   - replacesInvalidBytes: Read invalid bytes as U+FFFD instead of failing.
    ///   - wholeFileLimit: The largest file a whole-document parse reads at once; 0 for none.
    public init(
        mode: ParseMode = .strict, chunkSize: Int = 64 << 10, unknownContent: UnknownContentPolicy? = nil,
        maximumDiagnostics: Int = 100, stopsAtFirstError: Bool = false, substitution: VariableSubstitution? = nil,
        limits: ParseLimits = ParseLimits(), encoding: String? = nil, replacesInvalidBytes: Bool = false,
        wholeFileLimit: Int = 64 << 20
    ) {
        self.mode = mode
        self.chunkSize = max(chunkSize, 64 << 10)
        self.unknownContent = unknownContent
        self.maximumDiagnostics = max(1, maximumDiagnostics)
        self.stopsAtFirstError = stopsAtFirstError
        self.substitution = substitution
        self.limits = limits
        self.encoding = encoding
        self.replacesInvalidBytes = replacesInvalidBytes
        self.wholeFileLimit = max(0, wholeFileLimit)
    }

    /// What a parse tells the driver about the input's encoding.
    func encodingRequest(isString: Bool) -> EncodingSniffer.Request {
        EncodingSniffer.Request(name: encoding, isString: isString, replacesInvalidBytes: replacesInvalidBytes)
    }

    /// The policy in force for undeclared content, before per-definition overrides.
    var effectiveUnknownContent: UnknownContentPolicy {
        unknownContent ?? (mode == .strict ? .error : .ignore)
    }
}
