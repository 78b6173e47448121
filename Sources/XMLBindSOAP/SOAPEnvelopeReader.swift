import Foundation
import XMLBind

/// Reads SOAP envelopes of either version with a binder's mappings: the body's payload
/// and the header blocks become objects of registered types, a fault becomes a
/// ``SOAPFault``, and anything malformed a ``SOAPError`` with the binder's located
/// diagnostics.
///
/// ```swift
/// let reader = SOAPEnvelopeReader(binder: binder)
/// let sum = try reader.readBody(data, as: AddResponse.self)    // throws the fault, if it is one
/// ```
public struct SOAPEnvelopeReader: Sendable {
    /// The caller's binder.
    public let binder: XMLBinder
    /// The caller's binder with the envelope's own mappings.
    let wire: XMLBinder
    /// Whether undeclared content is reported as errors (the caller's binder is strict and
    /// sets no policy of its own).
    private let reportsUnknownContent: Bool

    /// Creates a reader.
    ///
    /// - Parameter binder: A binder with mappings for the payloads, header blocks and
    ///   fault details to read. Its options apply; in strict mode (the default) an
    ///   undeclared element or attribute in the payload is an error.
    public init(binder: XMLBinder) {
        self.binder = binder
        var options = binder.options
        let installs = options.unknownContent == nil
        reportsUnknownContent = installs && options.mode == .strict
        if installs { options.unknownContent = UnknownContentRecorder.policy }
        var wire = SOAPWireMappings.adding(to: binder)
        wire.options = options
        self.wire = wire
    }

    /// Reads an envelope.
    ///
    /// - Parameters:
    ///   - data: The message's bytes.
    ///   - version: The version the envelope must be in, if one is expected.
    ///   - file: A name for origins in diagnostics, such as the endpoint's URL.
    /// - Returns: The envelope, its body an object, or a fault.
    /// - Throws: ``SOAPError``: ``SOAPError/Kind/malformedEnvelope`` with the binder's
    ///   diagnostics, ``SOAPError/Kind/versionMismatch`` for the other version's envelope.
    public func read(_ data: Data, version: SOAPVersion? = nil, file: String? = nil) throws(SOAPError) -> SOAPEnvelope {
        let recorder = UnknownContentRecorder()
        let bytes = [UInt8](data)
        let parsed: Result<Any?, XMLBindError> = UnknownContentRecorder.$current.withValue(recorder) {
            do {
                return .success(try wire.parse(data, as: Any?.self, file: file))
            } catch {
                return .failure(Self.bindError(error))
            }
        }
        let scan = SOAPSourceScan(bytes: bytes)
        var problems: [Diagnostic] = []
        var unknownHeaders: [SOAPUnknownHeader] = []
        var foreignRoot: UnknownContent?
        for content in recorder.contents {
            if content.parent == nil, content.kind == .element {
                foreignRoot = content
            } else if content.kind == .element, content.parent == "Header" {
                unknownHeaders.append(unknownHeader(content, scan: scan))
            } else if content.kind == .attribute, isSOAPAttribute(content) {
                continue
            } else if reportsUnknownContent {
                problems.append(diagnostic(for: content, scan: scan))
            }
        }
        let root: Any?
        switch parsed {
        case .success(let value): root = value
        case .failure(let error):
            var failure = SOAPError(
                .malformedEnvelope, "the message is not a valid SOAP envelope",
                bindError: XMLBindError(diagnostics: Self.merged(error.diagnostics, problems)),
                origin: error.origin)
            if let foreignRoot {
                let rootError = rootError(foreignRoot, expected: version)
                failure.kind = rootError.kind
                failure.message = rootError.message
            }
            throw failure
        }
        if let foreignRoot {
            throw rootError(foreignRoot, expected: version)
        }
        if !problems.isEmpty {
            throw SOAPError(
                .malformedEnvelope, "the message is not a valid SOAP envelope",
                bindError: XMLBindError(diagnostics: problems), origin: problems.first?.origin)
        }
        guard let envelope = root as? EnvelopeNode else {
            throw SOAPError(.malformedEnvelope, "the message's root element is not a SOAP Envelope")
        }
        let read = envelope.namespace.flatMap(SOAPVersion.init(envelopeNamespace:)) ?? .version1point1
        if let version, version != read {
            throw SOAPError(
                .versionMismatch, "expected a \(version) envelope, got a \(read) envelope", origin: envelope.origin)
        }
        guard let body = envelope.body else {
            throw SOAPError(.malformedEnvelope, "the SOAP envelope has no Body", origin: envelope.origin)
        }
        var result: SOAPEnvelope
        if let fault = body.payload.first(where: { $0 is Fault11Node || $0 is Fault12Node }) {
            result = SOAPEnvelope(fault: self.fault(from: fault, version: read, scan: scan), version: read)
        } else if let object = body.payload.first {
            result = SOAPEnvelope(body: object, version: read)
        } else {
            result = SOAPEnvelope(body: EmptyBody(), version: read)
        }
        result.headers = envelope.header?.blocks.map { SOAPHeaderBlock($0) } ?? []
        result.unknownHeaders = unknownHeaders
        result.origin = envelope.origin
        result.encodingStyle = envelope.attributes.first { $0.name.hasSuffix(":encodingStyle") }?.value
        return result
    }

    /// Reads an envelope and returns its body's object as the requested type.
    ///
    /// - Parameters:
    ///   - data: The message's bytes.
    ///   - type: The registered type the body's first child must bind to.
    ///   - version: The version the envelope must be in, if one is expected.
    ///   - file: A name for origins in diagnostics.
    /// - Returns: The body's object.
    /// - Throws: The ``SOAPFault`` the body holds, or ``SOAPError`` (with
    ///   ``SOAPError/Kind/unexpectedBody`` when the body holds another element).
    public func readBody<T>(_ data: Data, as type: T.Type, version: SOAPVersion? = nil, file: String? = nil) throws -> T
    {
        let envelope = try read(data, version: version, file: file)
        return try Self.body(of: envelope, as: type)
    }

    /// The body's object as `T`, or the fault it holds thrown.
    static func body<T>(of envelope: SOAPEnvelope, as type: T.Type) throws -> T {
        switch envelope.body {
        case .fault(let fault): throw fault
        case .message: throw SOAPError(.unexpectedBody, "the body holds a message, not an object")
        case .object(let object):
            if let typed = object as? T { return typed }
            let got = object is EmptyBody ? "an empty Body" : "a \(Swift.type(of: object))"
            throw SOAPError(
                .unexpectedBody, "expected a \(T.self) in the SOAP Body, got \(got)",
                origin: (object as? OriginAware)?.origin ?? envelope.origin)
        }
    }

    /// The binder's error as it is (parsing throws nothing else), or any other as one diagnostic.
    static func bindError(_ error: any Error) -> XMLBindError {
        (error as? XMLBindError) ?? XMLBindError(code: .io, message: "\(error)")
    }

    /// What stands for the payload of a Body with no child element.
    struct EmptyBody {}

    /// Whether an attribute is one of the envelope's own, allowed on any element (header
    /// blocks carry `mustUnderstand` and `role`), or `xsi:type`/`xsi:nil`.
    private func isSOAPAttribute(_ content: UnknownContent) -> Bool {
        guard let uri = content.namespace else { return false }
        if uri == SOAPMarkup.instanceNamespace { return true }
        return SOAPVersion(envelopeNamespace: uri) != nil
    }

    private func unknownHeader(_ content: UnknownContent, scan: SOAPSourceScan) -> SOAPUnknownHeader {
        let local = content.name.split(separator: ":").last.map(String.init) ?? content.name
        var header = SOAPUnknownHeader(
            name: SOAPQualifiedName(namespace: content.namespace, localName: local), mustUnderstand: false,
            role: nil, origin: content.origin)
        guard let origin = content.origin, let offset = scan.offset(line: origin.line, column: origin.column),
            let tag = scan.startTag(at: offset)
        else { return header }
        for (name, value) in tag.attributes {
            let (uri, attributeLocal) = tag.resolve(prefixOf: name)
            guard name.contains(":"), let uri, SOAPVersion(envelopeNamespace: uri) != nil else { continue }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            switch attributeLocal {
            case "mustUnderstand": header.mustUnderstand = trimmed == "1" || trimmed == "true"
            case "role", "actor": header.role = trimmed
            default: break
            }
        }
        return header
    }

    private func diagnostic(for content: UnknownContent, scan: SOAPSourceScan) -> Diagnostic {
        let isElement = content.kind == .element
        let message =
            isElement
            ? "unknown element <\(content.name)> in <\(content.parent ?? "")>"
            : "unknown attribute '\(content.name)' on <\(content.parent ?? "")>"
        return Diagnostic(
            code: isElement ? .unknownElement : .unknownAttribute, message: message, origin: content.origin,
            sourceLine: content.origin.flatMap { line($0.line, in: scan.bytes) })
    }

    private func line(_ number: Int, in bytes: [UInt8]) -> String? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return nil }
        var text = String(decoding: lines[number - 1], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    private func rootError(_ root: UnknownContent, expected: SOAPVersion?) -> SOAPError {
        let local = root.name.split(separator: ":").last.map(String.init) ?? root.name
        if local == "Envelope" {
            let namespace = root.namespace.map { "'\($0)'" } ?? "no namespace"
            return SOAPError(
                .versionMismatch,
                "the Envelope is in \(namespace), which is neither SOAP 1.1's nor SOAP 1.2's envelope namespace",
                origin: root.origin)
        }
        return SOAPError(
            .malformedEnvelope, "the message's root element is <\(root.name)>, not a SOAP Envelope", origin: root.origin
        )
    }

    /// Two lists of diagnostics in document order.
    private static func merged(_ first: [Diagnostic], _ second: [Diagnostic]) -> [Diagnostic] {
        (first + second).enumerated().sorted { left, right in
            let l = left.element.origin.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let r = right.element.origin.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return l != r ? l < r : left.offset < right.offset
        }.map(\.element)
    }
}
