internal import CExpat
import Foundation

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
        /// Parsing stopped: the engine reported a problem, or the XML is malformed (``expatError``).
        case stopped
        /// Reading the input failed, with the system's reason.
        case readFailed(String)
    }

    let parser: XML_Parser
    let engine: BindingEngine
    /// The bounds this document is held to (see `ExpatDriver+Guards.swift`).
    let limits: ParseLimits
    /// The encoding named in the XML declaration, if any.
    private(set) var declaredEncoding: String?
    /// The first problem the driver found: expat's own error when the document is not
    /// well-formed, or a refusal by one of the driver's guards.
    var failure: PendingDiagnostic?

    // MARK: Guard state (checked in `ExpatDriver+Guards.swift`)

    /// Open elements; the root is at depth 1.
    var depth = 0
    /// Bytes of character data since the last tag.
    var textRun = 0
    /// Namespace declarations on the start tag being read (reported before the tag).
    var namespaceDeclarations = 0
    /// Whether the document has an external DTD subset and is not standalone: expat then
    /// silently drops references to undeclared entities inside attribute values.
    var hasExternalSubset = false
    var isStandalone = false
    /// Whether the XML declaration names an encoding whose bytes can grow when converted to UTF-8.
    var declaresWideEncoding = false
    var entities = EntityGuard()
    var surrogates: SurrogateCheck
    /// Bytes handed to expat so far.
    private(set) var bytesFed = 0
    /// Bytes of the token expat is waiting to complete when it last returned.
    private var partialToken = 0
    /// Input held back until it is worth asking expat to scan its partial token again.
    private var deferred: [UInt8] = []

    /// Creates a parser with namespace processing (triplets on) and safe defaults.
    ///
    /// - Parameters:
    ///   - engine: Receives the document's events.
    ///   - forceUTF8: Treat the input as UTF-8 whatever its declaration says (for
    ///     `String` input, whose bytes are UTF-8 by construction).
    ///   - limits: The bounds the document is held to.
    /// - Returns: `nil` when expat cannot allocate a parser.
    init?(engine: BindingEngine, forceUTF8: Bool, limits: ParseLimits = ParseLimits()) {
        guard let parser = XML_ParserCreateNS(forceUTF8 ? "UTF-8" : nil, XML_Char(CompiledRegistry.separator)) else {
            return nil
        }
        self.parser = parser
        self.engine = engine
        self.limits = limits
        self.surrogates = SurrogateCheck(isUTF8: forceUTF8)
        XML_SetReturnNSTriplet(parser, 1)
        // Nothing a document points at is ever loaded: no parameter entities, and
        // external entity references are refused (see `installGuards`).
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(parser, Self.startElement, Self.endElement)
        XML_SetCharacterDataHandler(parser, Self.characterData)
        XML_SetXmlDeclHandler(parser, Self.xmlDeclaration)
        XML_SetStartNamespaceDeclHandler(parser, Self.startNamespace)
        installGuards()
        engine.driver = self
    }

    deinit {
        XML_ParserFree(parser)
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
        guard deferred.isEmpty, bytes.count >= partialToken || isFinal else {
            deferred.append(contentsOf: bytes)
            guard isFinal || deferred.count >= partialToken else { return .accepted }
            var held: [UInt8] = []
            swap(&held, &deferred)
            return held.withUnsafeBytes { parse($0, isFinal: isFinal) }
        }
        return parse(bytes, isFinal: isFinal)
    }

    /// Hands bytes to expat (`XML_Parse`), after the checks that must see the raw input.
    private func parse(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
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

    /// Reads a file descriptor to its end straight into expat's own buffer
    /// (`XML_GetBuffer` / `XML_ParseBuffer`), at least `chunkSize` bytes at a time (more
    /// while expat waits for a token larger than that, as ``feed(_:isFinal:)`` explains).
    func feed(fileDescriptor: Int32, chunkSize: Int) -> FeedResult {
        while true {
            let want = min(max(chunkSize, partialToken), Int(Int32.max) / 2)
            guard let buffer = XML_GetBuffer(parser, Int32(want)) else {
                recordError()
                return .stopped
            }
            var count = 0
            while count < want {
                let got = read(fileDescriptor, buffer + count, want - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    return .readFailed(String(cString: strerror(errno)))
                }
                if got == 0 { break }
                count += got
            }
            let read = UnsafeRawBufferPointer(start: buffer, count: count)
            let (accepted, refusal) = admitInput(read, isFinal: count == 0)
            let status = XML_ParseBuffer(parser, Int32(accepted.count), count == 0 && refusal == nil ? 1 : 0)
            bytesFed += accepted.count
            if status == XML_STATUS_ERROR {
                recordError()
                return .stopped
            }
            if let refusal {
                record(refusal)
                return .stopped
            }
            if count == 0 { return .accepted }
            notePartialToken()
        }
    }

    /// Remembers how much of the input expat holds as an unfinished token.
    private func notePartialToken() {
        let index = XML_GetCurrentByteIndex(parser)
        partialToken = index >= 0 ? max(0, bytesFed - Int(index)) : 0
    }

    // MARK: Positions

    /// The byte offset of the current event in the input (`XML_GetCurrentByteIndex`).
    var currentByteIndex: Int { Int(XML_GetCurrentByteIndex(parser)) }

    /// The 1-based line and 0-based column of the current event, as expat counts them.
    var currentLineColumn: (line: Int, column: Int) {
        (Int(XML_GetCurrentLineNumber(parser)), Int(XML_GetCurrentColumnNumber(parser)))
    }

    /// Asks expat to stop after the current callback (`XML_StopParser`).
    func stop() {
        XML_StopParser(parser, XML_FALSE)
    }

    // MARK: Errors

    private func recordError() {
        // An engine problem or a refusal stopped the parser: that is the one to report.
        guard engine.failure == nil, failure == nil else { return }
        let code = XML_GetErrorCode(parser)
        let position = currentLineColumn
        failure = PendingDiagnostic(
            code: Self.diagnosticCode(for: code),
            message: Self.message(for: code),
            byteOffset: currentByteIndex,
            fallback: position)
    }

    /// Records a refusal, unless a problem was already found.
    func record(_ refusal: PendingDiagnostic) {
        guard engine.failure == nil, failure == nil else { return }
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

    private static func message(for code: XML_Error) -> String {
        guard let text = XML_ErrorString(code) else { return "malformed XML (expat error \(code.rawValue))" }
        return String(cString: text)
    }

    // MARK: Handlers

    @inline(__always)
    static func driver(_ userData: UnsafeMutableRawPointer?) -> ExpatDriver? {
        guard let userData else { return nil }
        return Unmanaged<ExpatDriver>.fromOpaque(userData).takeUnretainedValue()
    }

    private static let startElement: XML_StartElementHandler = { userData, name, attributes in
        guard let driver = driver(userData), let name, driver.failure == nil,
            driver.admitElement(name: name, attributes: attributes)
        else { return }
        driver.engine.startElement(name: name, attributes: attributes, byteIndex: driver.currentByteIndex)
        if driver.engine.failure != nil { driver.stop() }
    }

    private static let endElement: XML_EndElementHandler = { userData, name in
        guard let driver = driver(userData), let name, driver.failure == nil else { return }
        driver.depth -= 1
        driver.textRun = 0
        driver.engine.endElement(name: name)
        if driver.engine.failure != nil { driver.stop() }
    }

    private static let characterData: XML_CharacterDataHandler = { userData, text, length in
        guard let driver = driver(userData), let text, length > 0, driver.failure == nil else { return }
        driver.textRun += Int(length)
        guard driver.textRun <= driver.limits.maximumTextLength else {
            driver.refuseText()
            return
        }
        driver.engine.characters(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
    }

    private static let startNamespace: XML_StartNamespaceDeclHandler = { userData, prefix, uri in
        guard let driver = driver(userData), driver.failure == nil,
            driver.admitNamespaceDeclaration(prefix: prefix, uri: uri)
        else { return }
        guard driver.engine.needsNamespaceDeclarations, let prefix, let uri else { return }
        driver.engine.bindPrefix(String(cString: prefix), to: String(cString: uri))
    }

    private static let xmlDeclaration: XML_XmlDeclHandler = { userData, version, encoding, standalone in
        guard let driver = driver(userData), driver.failure == nil else { return }
        if let encoding {
            driver.declaredEncoding = String(cString: encoding)
        }
        driver.admitDeclaration(version: version, standalone: standalone)
    }
}
