internal import CExpat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Invariants (the expat room, see Engine/UncheckedLayer.swift; this folder is the only importer
// of CExpat):
// - The driver owns its `XML_Parser` (freed in `deinit`) and is the parser's user data,
//   passed unretained: the driver outlives every callback of its own parser, so handlers
//   borrow it (`driver(_:)`, `withDriver`) without retaining it. `hotEngine` likewise
//   borrows the engine that `engine` keeps alive.
// - Every pointer a handler receives (names, attributes, text) points into expat's buffers
//   and is valid only during that callback: it is passed on as a view, never stored.
// - expat calls every handler with the user data it was given (the driver, set before any
//   input), and the tag and text handlers with a name or text pointer, never `nil`, and a
//   length of 0 or more: the tag and text handlers unwrap them unchecked (SafeMode tests
//   them).
// - `@exclusivity(unchecked)` state: one parser, one thread, and expat never re-enters a
//   handler, so no two accesses overlap. SafeMode declares the same state checked, and
//   `hotEngine` (an `UnretainedReference`) is then a strong reference; the user-data
//   pointer stays unretained in both builds, as C callbacks need.

/// Owns one expat parser and turns its callbacks into calls on a ``BindingEngine``.
///
/// The only type that calls expat. Handlers are non-capturing closures that find the
/// driver again through expat's user-data pointer, and pass names and text to the
/// engine as pointers and lengths, never as `String`s.
final class ExpatDriver {
    /// How feeding input ended.
    enum FeedResult {
        /// All input so far was accepted.
        case accepted
        /// Parsing stopped: the engine asked to, the XML is malformed, or a guard refused
        /// the document (``failure``).
        case stopped
        /// Reading the input failed, with the system's reason.
        case readFailed(String)
    }

    let parser: XML_Parser
    let engine: BindingEngine
    /// The same engine without reference counting, for the per-event handlers: `engine`
    /// keeps it alive for as long as the driver lives.
    let hotEngine: UnretainedReference<BindingEngine>
    /// The encoding named in the XML declaration, if any.
    private(set) var declaredEncoding: String?
    /// The bounds this document is held to (see `ExpatDriver+Guards.swift`).
    let limits: ParseLimits
    #if SafeMode
        // The same state, with exclusivity checked (see the invariants above).
        var failure: PendingDiagnostic? {
            didSet { hasFailed = failure != nil }
        }
        private(set) var hasFailed = false
        let encodingRequest: EncodingSniffer.Request
        var encoding: DocumentEncoding?
    #else
        /// The problem that stopped the document: expat's own error when it is not
        /// well-formed, or a refusal by one of the driver's guards.
        @exclusivity(unchecked) var failure: PendingDiagnostic? {
            didSet { hasFailed = failure != nil }
        }
        /// Whether there is a ``failure``: what the per-event handlers test, since testing
        /// the optional diagnostic itself would copy (and retain) its strings.
        @exclusivity(unchecked) private(set) var hasFailed = false
        /// What the caller says about the input's encoding.
        let encodingRequest: EncodingSniffer.Request
        /// The document's encoding, once its first bytes have decided it (see
        /// `ExpatDriver+Encoding.swift`); until then input is held in ``sniffed``.
        @exclusivity(unchecked) var encoding: DocumentEncoding?
    #endif
    /// The first bytes, held until they decide the encoding.
    var sniffed: [UInt8] = []
    /// Converts the input to UTF-8 when expat cannot read its encoding itself.
    var transcoder: StreamTranscoder?
    /// Whether to keep a copy of the UTF-8 that expat reads from a transcoded document
    /// (``decodedText``), for diagnostics of a parse that cannot read it again.
    var keepsDecodedText = false
    /// The UTF-8 expat has read from a transcoded document, when ``keepsDecodedText``.
    private(set) var decodedText = Data()
    /// Sees every byte expat is handed, before it reads them (the bytes of a transcoded
    /// document are its UTF-8).
    var inputObserver: ((UnsafeRawBufferPointer) -> Void)?
    /// The first bytes expat read, kept until there are enough to see a byte order mark.
    private var head: [UInt8] = []
    /// Whether the document starts with a byte order mark, which expat counts as a
    /// character of the first line.
    private var startsWithBOM = false

    // MARK: Guard state (checked in `ExpatDriver+Guards.swift`)

    // The driver is confined to one parse on one thread, and its callbacks never overlap:
    // dynamic exclusivity checks on this state would cost more than the checks themselves.

    #if SafeMode
        // The same state, with exclusivity checked (see the invariants above).
        var depth = 0
        var textRun = 0
        var deliversText = false
        var namespaceDeclarations = 0
        var hasExternalSubset = false
        var isStandalone = false
        var declaresAttributeDefaults = false
        var quickTagBytes = 0
        var hasQuickTagLimit = false
        var entities = EntityGuard()
        var surrogates: SurrogateCheck
        var bytesFed = 0
        private(set) var partialToken = 0
        private var deferred: [UInt8] = []
    #else
        /// Open elements; the root is at depth 1.
        @exclusivity(unchecked) var depth = 0
        /// Bytes of character data since the last tag.
        @exclusivity(unchecked) var textRun = 0
        /// Whether expat has the text handler now (see `deliverText(_:)`).
        @exclusivity(unchecked) var deliversText = false
        /// Namespace declarations on the start tag being read (reported before the tag).
        @exclusivity(unchecked) var namespaceDeclarations = 0
        /// Whether the document has an external DTD subset and is not standalone: expat then
        /// silently drops references to undeclared entities inside attribute values.
        @exclusivity(unchecked) var hasExternalSubset = false
        @exclusivity(unchecked) var isStandalone = false
        /// Whether the DTD gives an attribute a default, which expat adds to start tags.
        @exclusivity(unchecked) var declaresAttributeDefaults = false
        /// Start tags up to this many input bytes long skip the measuring (see
        /// `quickTagLimit()`); 0 until the root's start tag.
        @exclusivity(unchecked) var quickTagBytes = 0
        /// Whether ``quickTagBytes`` has been worked out.
        @exclusivity(unchecked) var hasQuickTagLimit = false
        @exclusivity(unchecked) var entities = EntityGuard()
        @exclusivity(unchecked) var surrogates: SurrogateCheck
        /// Bytes handed to expat so far.
        @exclusivity(unchecked) var bytesFed = 0
        /// Bytes of the token expat is waiting to complete when it last returned.
        @exclusivity(unchecked) private(set) var partialToken = 0
        /// Input held back until it is worth asking expat to scan its partial token again.
        @exclusivity(unchecked) private var deferred: [UInt8] = []
    #endif
    /// Parallel binding (see `ExpatDriver+Pieces.swift`): expat's byte indexes from
    /// ``shiftFrom`` on are ``byteShift`` bytes before the document's; `Int.max` when none is.
    #if SafeMode
        var shiftFrom = Int.max
        var byteShift = 0
        var pieceLines: PieceLines?
    #else
        @exclusivity(unchecked) var shiftFrom = Int.max
        @exclusivity(unchecked) var byteShift = 0
        /// A piece's lines and columns in the document, when this parser binds a piece.
        @exclusivity(unchecked) var pieceLines: PieceLines?
    #endif
    /// The first bytes of a UTF-8 character that the end of a piece cut, held until the next
    /// piece completes it (see `ExpatDriver+CutCharacters.swift`); used once a piece.
    var cutCharacter: [UInt8] = []

    /// Creates a parser with namespace processing (triplets on) and safe defaults.
    ///
    /// - Parameters:
    ///   - engine: Receives the document's events.
    ///   - encoding: What the caller says about the input's encoding (a name from outside
    ///     the document, `String` input, replacement of invalid bytes).
    ///   - limits: The bounds the document is held to.
    /// - Returns: `nil` when expat cannot allocate a parser.
    init?(engine: BindingEngine, encoding: EncodingSniffer.Request, limits: ParseLimits = ParseLimits()) {
        guard let parser = XML_ParserCreateNS(nil, XML_Char(CompiledRegistry.separator)) else {
            return nil
        }
        self.parser = parser
        self.engine = engine
        self.hotEngine = UnretainedReference(engine)
        self.limits = limits
        self.encodingRequest = encoding
        self.surrogates = SurrogateCheck(bigEndian: nil)
        XML_SetReturnNSTriplet(parser, 1)
        // Nothing a document points at is ever loaded: no parameter entities, and
        // external entity references are refused (see `installGuards`).
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(parser, Self.startElement, Self.endElement)
        // No text handler until an element keeps text (see `deliverText(_:)`).
        XML_SetXmlDeclHandler(parser, Self.xmlDeclaration)
        XML_SetStartNamespaceDeclHandler(parser, Self.startNamespace)
        if engine.scopeTracker != nil { XML_SetEndNamespaceDeclHandler(parser, Self.endNamespace) }
        installGuards()
        engine.driver = self
    }

    deinit {
        XML_ParserFree(parser)
    }

    /// Records the encoding the XML declaration names (see the declaration handler in
    /// `ExpatDriver+Handlers.swift`).
    func noteDeclaredEncoding(_ name: String) {
        declaredEncoding = name
    }

    // MARK: Feeding input

    /// Parses the next piece of the document (`XML_Parse`).
    ///
    /// A piece smaller than the token expat is still waiting to complete is held back
    /// until the input has grown by that token's size, as expat 2.6 does itself: expat
    /// 2.5.0 scans a partial token again from its start on every call, so a huge token
    /// fed in small pieces would cost quadratic time.
    ///
    /// - Parameters:
    ///   - bytes: The next bytes of the document.
    ///   - isFinal: Whether these are the last bytes.
    func feed(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
        guard failure == nil else { return .stopped }
        if encoding == nil, sniffed.isEmpty, bytes.count > Self.headBytes {
            // A large first piece (a whole document): decide from its head, not a copy of it all.
            sniffed.append(contentsOf: bytes.prefix(Self.headBytes))
            if decideEncoding(isFinal: false) {
                sniffed.removeAll()
                return feedDecided(bytes, isFinal: isFinal)
            }
            guard failure == nil else { return .stopped }
            sniffed.append(contentsOf: bytes.dropFirst(Self.headBytes))
            guard decideEncoding(isFinal: isFinal) else { return failure == nil ? .accepted : .stopped }
            var held: [UInt8] = []
            swap(&held, &sniffed)
            return held.withUnsafeBytes { feedDecided($0, isFinal: isFinal) }
        }
        if encoding == nil {
            sniffed.append(contentsOf: bytes)
            guard decideEncoding(isFinal: isFinal) else { return failure == nil ? .accepted : .stopped }
            var held: [UInt8] = []
            swap(&held, &sniffed)
            return held.withUnsafeBytes { feedDecided($0, isFinal: isFinal) }
        }
        return feedDecided(bytes, isFinal: isFinal)
    }

    /// ``feed(_:isFinal:)`` once the encoding is known.
    private func feedDecided(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
        guard deferred.isEmpty, bytes.count >= partialToken || isFinal else {
            deferred.append(contentsOf: bytes)
            guard isFinal || deferred.count >= partialToken else { return .accepted }
            var held: [UInt8] = []
            swap(&held, &deferred)
            return held.withUnsafeBytes { parse($0, isFinal: isFinal) }
        }
        return parse(bytes, isFinal: isFinal)
    }

    /// Hands bytes to expat, through the transcoder when there is one.
    private func parse(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
        guard let transcoder else { return parseWholeCharacters(bytes, isFinal: isFinal) }
        let decoded = transcoder.decode(bytes, isFinal: isFinal)
        if keepsDecodedText {
            // A document in memory is converted whole: keep its UTF-8 without a copy.
            if decodedText.isEmpty { decodedText = decoded.utf8 } else { decodedText.append(decoded.utf8) }
        }
        let result = decoded.utf8.withUnsafeBytes { parseRead($0, isFinal: isFinal && decoded.invalid == nil) }
        guard let invalid = decoded.invalid, case .accepted = result else { return result }
        // The excerpt shows the line on, as far as it can be read; expat never sees it.
        if keepsDecodedText { decodedText.append(contentsOf: decoded.restOfLine) }
        decoded.restOfLine.withUnsafeBytes { inputObserver?($0) }
        record(
            PendingDiagnostic(
                code: .invalidEncoding, message: encoding?.invalidBytesMessage(invalid) ?? "invalid bytes",
                byteOffset: bytesFed))
        return .stopped
    }

    /// Hands bytes expat can read to it (`XML_Parse`), after the checks that must see them.
    func parseRead(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
        if let refusal = refuseLeadingZero(bytes) {
            record(refusal)
            return .stopped
        }
        noteHead(bytes)
        inputObserver?(bytes)
        let (accepted, refusal) = admitInput(bytes, isFinal: isFinal)
        var rest = accepted
        repeat {
            // expat takes an `int` length; hand over very large buffers in pieces.
            let count = min(rest.count, Int(Int32.max) / 2)
            let last = isFinal && refusal == nil && count == rest.count
            let base = rest.baseAddress?.assumingMemoryBound(to: CChar.self)
            let status = XML_Parse(parser, base, Int32(count), last ? 1 : 0)
            bytesFed += count
            if status == XML_STATUS_ERROR {
                recordError()
                return .stopped
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        } while !rest.isEmpty
        notePartialToken()
        if let refusal {
            record(refusal)
            return .stopped
        }
        return .accepted
    }

    /// The most bytes the encoding decision reads: a byte order mark and the longest XML
    /// declaration ``EncodingSniffer`` reads.
    static let headBytes = EncodingSniffer.declarationLimit + 8

    /// Remembers how much of the input expat holds as an unfinished token.
    func notePartialToken() {
        let index = XML_GetCurrentByteIndex(parser)
        partialToken = index >= 0 ? max(0, bytesFed - Int(index)) : 0
    }

    // MARK: Positions

    /// The byte offset of the current event in the input (`XML_GetCurrentByteIndex`).
    var currentByteIndex: Int {
        let index = Int(XML_GetCurrentByteIndex(parser))
        return index >= shiftFrom ? index &+ byteShift : index
    }

    /// The 1-based line and 0-based column of the current event, as expat counts them,
    /// except that a byte order mark does not count as a column of the first line.
    var currentLineColumn: (line: Int, column: Int) {
        // expat's counts (`XML_Size`, unsigned) are far below `Int.max`: converted without
        // the trap test, as this runs for every object of an `OriginAware` type.
        let line = Int(truncatingIfNeeded: XML_GetCurrentLineNumber(parser))
        var column = Int(truncatingIfNeeded: XML_GetCurrentColumnNumber(parser))
        if line == 1, startsWithBOM, column > 0 { column &-= 1 }
        if let pieceLines { return pieceLines.inDocument(line: line, column: column) }
        return (line, column)
    }

    /// Keeps the document's first three bytes, to tell whether it starts with a byte
    /// order mark (UTF-8 `EF BB BF`, UTF-16 `FE FF` or `FF FE`).
    func noteHead(_ bytes: UnsafeRawBufferPointer) {
        guard head.count < 3, !bytes.isEmpty else { return }
        head.append(contentsOf: bytes.prefix(3 - head.count))
        startsWithBOM =
            head.starts(with: [0xEF, 0xBB, 0xBF]) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
    }

    /// The 1-based line and column of an attribute of the start tag being reported, found
    /// by scanning the tag's bytes in expat's buffer (`XML_GetInputContext`); `nil` for
    /// input that is not ASCII-compatible or when expat no longer holds the tag.
    func attributeOrigin(_ qualifiedName: String) -> (line: Int, column: Int)? {
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let context = XML_GetInputContext(parser, &offset, &size), offset >= 0, offset < size else { return nil }
        let tag = UnsafeBufferPointer(
            start: UnsafeRawPointer(context + Int(offset)).assumingMemoryBound(to: UInt8.self),
            count: Int(size - offset))
        guard tag.count > 1, tag[0] == UInt8(ascii: "<"), tag[1] != 0,
            let found = TagScanner.attributeOffsets(in: tag, qualifiedName: qualifiedName)
        else { return nil }
        let start = currentLineColumn
        let move = TagScanner.advance(over: tag, count: found.name)
        return move.crossedLine
            ? (start.line + move.lines, move.column + 1) : (start.line, start.column + move.column + 1)
    }

    /// Asks expat to stop after the current callback (`XML_StopParser`).
    func stop() {
        XML_StopParser(parser, XML_FALSE)
    }

    // MARK: Errors

    func recordError() {
        // The engine asked expat to stop, or a guard refused the document: that is the
        // reason expat stopped, not a problem expat found.
        guard !engine.shouldStop, failure == nil else { return }
        var code = XML_GetErrorCode(parser)
        var position = currentLineColumn
        var byteOffset = currentByteIndex
        if let junk = junkTokenAfterRoot(code) {
            // The same report whole and in pieces: see ExpatDriver+Epilog.swift.
            code = XML_ERROR_JUNK_AFTER_DOC_ELEMENT
            byteOffset -= junk.bytes
            position.column = max(0, position.column - junk.characters)
        }
        if let invalid = invalidBytesAtError(code), let encoding {
            failure = PendingDiagnostic(
                code: .invalidEncoding, message: encoding.invalidBytesMessage(invalid), byteOffset: byteOffset,
                fallback: position)
            return
        }
        failure = PendingDiagnostic(
            code: Self.diagnosticCode(for: code),
            message: Self.message(for: code),
            byteOffset: byteOffset,
            fallback: position)
        failure?.malformation = Self.malformation(for: code)
    }

    /// Records a refusal, unless a problem already stopped the document.
    func record(_ refusal: PendingDiagnostic) {
        guard failure == nil else { return }
        failure = refusal
    }

    /// The one place where expat's error codes become ours.
    static func diagnosticCode(for code: XML_Error) -> XMLBindError.Code {
        switch code {
        case XML_ERROR_AMPLIFICATION_LIMIT_BREACH: .entityAmplificationLimitExceeded
        case XML_ERROR_RECURSIVE_ENTITY_REF: .recursiveEntity
        case XML_ERROR_UNDEFINED_ENTITY: .undefinedEntity
        case XML_ERROR_EXTERNAL_ENTITY_HANDLING, XML_ERROR_ATTRIBUTE_EXTERNAL_ENTITY_REF, XML_ERROR_BINARY_ENTITY_REF,
            XML_ERROR_ENTITY_DECLARED_IN_PE, XML_ERROR_NOT_STANDALONE:
            .externalEntityRefused
        case XML_ERROR_PARAM_ENTITY_REF: .parameterEntityRefused
        case XML_ERROR_UNKNOWN_ENCODING, XML_ERROR_INCORRECT_ENCODING: .invalidEncoding
        default: .malformedXML
        }
    }

    /// The errors whose message ``WellFormednessAdvice`` rewrites.
    static func malformation(for code: XML_Error) -> Malformation? {
        switch code {
        case XML_ERROR_TAG_MISMATCH: .mismatchedTag
        case XML_ERROR_NO_ELEMENTS: .noElement
        case XML_ERROR_DUPLICATE_ATTRIBUTE: .duplicateAttribute
        case XML_ERROR_INVALID_TOKEN: .invalidToken
        case XML_ERROR_AMPLIFICATION_LIMIT_BREACH: .amplification
        case XML_ERROR_UNCLOSED_TOKEN: .unclosedToken
        default: nil
        }
    }

    private static func message(for code: XML_Error) -> String {
        guard let text = XML_ErrorString(code) else { return "malformed XML (expat error \(code.rawValue))" }
        return String(cString: text)
    }
}
