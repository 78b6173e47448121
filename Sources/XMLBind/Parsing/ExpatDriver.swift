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

    private let parser: XML_Parser
    let engine: BindingEngine
    /// The same engine without reference counting, for the per-event handlers: `engine`
    /// keeps it alive for as long as the driver lives.
    private unowned(unsafe) let hotEngine: BindingEngine
    /// The encoding named in the XML declaration, if any.
    private(set) var declaredEncoding: String?
    /// expat's own error, when the document is not well-formed.
    private(set) var expatError: PendingDiagnostic?
    /// The document's first bytes, kept until there are enough to see a byte order mark.
    private var head: [UInt8] = []
    /// Whether the document starts with a byte order mark, which expat counts as a
    /// character of the first line.
    private var startsWithBOM = false

    /// Creates a parser with namespace processing (triplets on) and safe defaults.
    ///
    /// - Parameters:
    ///   - engine: Receives the document's events.
    ///   - forceUTF8: Treat the input as UTF-8 whatever its declaration says (for
    ///     `String` input, whose bytes are UTF-8 by construction).
    /// - Returns: `nil` when expat cannot allocate a parser.
    init?(engine: BindingEngine, forceUTF8: Bool) {
        guard let parser = XML_ParserCreateNS(forceUTF8 ? "UTF-8" : nil, XML_Char(CompiledRegistry.separator)) else {
            return nil
        }
        self.parser = parser
        self.engine = engine
        self.hotEngine = engine
        XML_SetReturnNSTriplet(parser, 1)
        // Nothing a document points at is ever loaded: no parameter entities, and no
        // external entity handler, so external references are never fetched.
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(parser, Self.startElement, Self.endElement)
        XML_SetCharacterDataHandler(parser, Self.characterData)
        XML_SetXmlDeclHandler(parser, Self.xmlDeclaration)
        if engine.needsNamespaceDeclarations {
            XML_SetStartNamespaceDeclHandler(parser, Self.startNamespace)
        }
        engine.driver = self
    }

    deinit {
        XML_ParserFree(parser)
    }

    // MARK: Feeding input

    /// Parses the next piece of the document (`XML_Parse`).
    ///
    /// - Parameters:
    ///   - bytes: The next bytes of the document.
    ///   - isFinal: Whether these are the last bytes.
    func feed(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
        noteHead(bytes)
        var rest = bytes
        repeat {
            // expat takes an `int` length; hand over very large buffers in pieces.
            let count = min(rest.count, Int(Int32.max) / 2)
            let last = isFinal && count == rest.count
            let base = rest.baseAddress?.assumingMemoryBound(to: CChar.self)
            if XML_Parse(parser, base, Int32(count), last ? 1 : 0) == XML_STATUS_ERROR {
                recordError()
                return .stopped
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        } while !rest.isEmpty
        return .accepted
    }

    /// Reads a file descriptor to its end straight into expat's own buffer
    /// (`XML_GetBuffer` / `XML_ParseBuffer`), `chunkSize` bytes at a time.
    func feed(fileDescriptor: Int32, chunkSize: Int) -> FeedResult {
        while true {
            guard let buffer = XML_GetBuffer(parser, Int32(chunkSize)) else {
                recordError()
                return .stopped
            }
            var count: Int
            repeat {
                count = read(fileDescriptor, buffer, chunkSize)
            } while count < 0 && errno == EINTR
            if count < 0 {
                return .readFailed(String(cString: strerror(errno)))
            }
            noteHead(UnsafeRawBufferPointer(start: buffer, count: count))
            if XML_ParseBuffer(parser, Int32(count), count == 0 ? 1 : 0) == XML_STATUS_ERROR {
                recordError()
                return .stopped
            }
            if count == 0 { return .accepted }
        }
    }

    /// Reads one piece of a file descriptor straight into expat's own buffer and parses it
    /// (`XML_GetBuffer` / `XML_ParseBuffer`); at the end of the input (a read of 0 bytes)
    /// it tells expat the document is complete. For streaming, which hands objects out
    /// between pieces.
    ///
    /// - Parameters:
    ///   - fileDescriptor: Where to read from; a pipe may return fewer bytes than asked.
    ///   - chunkSize: The most bytes to read.
    ///   - observe: Sees the bytes read, before expat parses them.
    /// - Returns: How parsing went, and whether the input has ended.
    func feedOnce(
        fileDescriptor: Int32, chunkSize: Int, observe: (UnsafeRawBufferPointer) -> Void
    ) -> (result: FeedResult, atEnd: Bool) {
        guard let buffer = XML_GetBuffer(parser, Int32(chunkSize)) else {
            recordError()
            return (.stopped, true)
        }
        var count: Int
        repeat {
            count = read(fileDescriptor, buffer, chunkSize)
        } while count < 0 && errno == EINTR
        if count < 0 {
            return (.readFailed(String(cString: strerror(errno))), true)
        }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: count)
        noteHead(bytes)
        observe(bytes)
        if XML_ParseBuffer(parser, Int32(count), count == 0 ? 1 : 0) == XML_STATUS_ERROR {
            recordError()
            return (.stopped, true)
        }
        return (.accepted, count == 0)
    }

    // MARK: Positions

    /// The byte offset of the current event in the input (`XML_GetCurrentByteIndex`).
    var currentByteIndex: Int { Int(XML_GetCurrentByteIndex(parser)) }

    /// The 1-based line and 0-based column of the current event, as expat counts them,
    /// except that a byte order mark does not count as a column of the first line.
    var currentLineColumn: (line: Int, column: Int) {
        let line = Int(XML_GetCurrentLineNumber(parser))
        var column = Int(XML_GetCurrentColumnNumber(parser))
        if line == 1, startsWithBOM, column > 0 { column -= 1 }
        return (line, column)
    }

    /// Keeps the document's first three bytes, to tell whether it starts with a byte
    /// order mark (UTF-8 `EF BB BF`, UTF-16 `FE FF` or `FF FE`).
    private func noteHead(_ bytes: UnsafeRawBufferPointer) {
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
        return move.crossedLine ? (start.line + move.lines, move.column + 1) : (start.line, start.column + move.column + 1)
    }

    /// Asks expat to stop after the current callback (`XML_StopParser`).
    func stop() {
        XML_StopParser(parser, XML_FALSE)
    }

    // MARK: Errors

    private func recordError() {
        // The engine asked expat to stop: that is not a problem of the document.
        guard !engine.shouldStop else { return }
        let code = XML_GetErrorCode(parser)
        let position = currentLineColumn
        expatError = PendingDiagnostic(
            code: Self.diagnosticCode(for: code),
            message: Self.message(for: code),
            byteOffset: currentByteIndex,
            fallback: position)
    }

    /// The one place where expat's error codes become ours.
    private static func diagnosticCode(for code: XML_Error) -> XMLBindError.Code {
        .malformedXML
    }

    private static func message(for code: XML_Error) -> String {
        guard let text = XML_ErrorString(code) else { return "malformed XML (expat error \(code.rawValue))" }
        return String(cString: text)
    }

    // MARK: Handlers

    @inline(__always)
    private static func driver(_ userData: UnsafeMutableRawPointer?) -> ExpatDriver? {
        guard let userData else { return nil }
        return Unmanaged<ExpatDriver>.fromOpaque(userData).takeUnretainedValue()
    }

    /// Runs `body` with the driver behind expat's user-data pointer, without retaining
    /// it: the driver outlives every callback of its own parser.
    @inline(__always)
    private static func withDriver(_ userData: UnsafeMutableRawPointer?, _ body: (ExpatDriver) -> Void) {
        guard let userData else { return }
        Unmanaged<ExpatDriver>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
    }

    private static let startElement: XML_StartElementHandler = { userData, name, attributes in
        guard let name else { return }
        withDriver(userData) { driver in
            let engine = driver.hotEngine
            engine.startElement(name: name, attributes: attributes, byteIndex: driver.currentByteIndex)
            if engine.shouldStop { driver.stop() }
        }
    }

    private static let endElement: XML_EndElementHandler = { userData, name in
        guard let name else { return }
        withDriver(userData) { driver in
            let engine = driver.hotEngine
            engine.endElement(name: name)
            if engine.shouldStop { driver.stop() }
        }
    }

    private static let characterData: XML_CharacterDataHandler = { userData, text, length in
        guard let text, length > 0 else { return }
        withDriver(userData) { driver in
            driver.hotEngine.characters(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
        }
    }

    private static let startNamespace: XML_StartNamespaceDeclHandler = { userData, prefix, uri in
        guard let driver = driver(userData), let prefix, let uri else { return }
        driver.engine.bindPrefix(String(cString: prefix), to: String(cString: uri))
    }

    private static let xmlDeclaration: XML_XmlDeclHandler = { userData, _, encoding, _ in
        guard let driver = driver(userData), let encoding else { return }
        driver.declaredEncoding = String(cString: encoding)
    }
}
