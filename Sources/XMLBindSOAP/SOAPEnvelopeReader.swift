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
    /// The caller's binder with the envelope's own mappings, or why its mappings and the
    /// envelope's cannot stand together (every read then throws that, as a ``SOAPError``).
    let wire: Result<XMLBinder, RegistrationError>
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
        wire = Result { () throws(RegistrationError) in
            var wire = try SOAPWireMappings.adding(to: binder)
            wire.options = options
            return wire
        }
    }

    /// Reads an envelope.
    ///
    /// - Parameters:
    ///   - data: The message's bytes.
    ///   - version: The version the envelope must be in, if one is expected.
    ///   - file: A name for origins in diagnostics, such as the endpoint's URL.
    /// - Returns: The envelope, its body an object, or a fault.
    /// - Throws: ``SOAPError``: ``SOAPError/Code/malformedEnvelope`` with the binder's
    ///   diagnostics, ``SOAPError/Code/versionMismatch`` for the other version's envelope.
    public func read(_ data: Data, version: SOAPVersion? = nil, file: String? = nil) throws(SOAPError) -> SOAPEnvelope {
        let wire: XMLBinder
        switch self.wire {
        case .success(let binder): wire = binder
        case .failure(let error):
            throw SOAPError(
                code: .registration,
                message: "the binder's mappings and the SOAP envelope's cannot be registered together: \(error)")
        }
        let recorder = UnknownContentRecorder()
        let parsed: Result<Any?, XMLBindError> = UnknownContentRecorder.$current.withValue(recorder) {
            do {
                return .success(try wire.parse(data, as: Any?.self, file: file))
            } catch {
                return .failure(Self.bindError(error))
            }
        }
        var problems: [Diagnostic] = []
        var unknownHeaders: [SOAPUnknownHeader] = []
        var foreignRoot: UnknownContent?
        for content in recorder.contents {
            if content.parent == nil, content.kind == .element {
                foreignRoot = content
            } else if content.kind == .element, content.parent == "Header" {
                unknownHeaders.append(unknownHeader(content))
            } else if content.kind == .attribute, isSOAPAttribute(content) {
                continue
            } else if reportsUnknownContent {
                problems.append(diagnostic(for: content, in: data))
            }
        }
        let root: Any?
        switch parsed {
        case .success(let value): root = value
        case .failure(let error):
            var failure = SOAPError(
                code: .malformedEnvelope, message: "the message is not a valid SOAP envelope",
                origin: error.origin, diagnostics: Self.merged(error.diagnostics, problems))
            if let foreignRoot {
                let rootError = rootError(foreignRoot, expected: version)
                failure.code = rootError.code
                failure.message = rootError.message
            }
            throw failure
        }
        if let foreignRoot {
            throw rootError(foreignRoot, expected: version)
        }
        if !problems.isEmpty {
            throw SOAPError(
                code: .malformedEnvelope, message: "the message is not a valid SOAP envelope",
                origin: problems.first?.origin, diagnostics: problems)
        }
        guard let envelope = root as? EnvelopeNode else {
            throw SOAPError(code: .malformedEnvelope, message: "the message's root element is not a SOAP Envelope")
        }
        let read = envelope.namespace.flatMap(SOAPVersion.init(envelopeNamespace:)) ?? .version1point1
        if let version, version != read {
            throw SOAPError(
                code: .versionMismatch, message: "expected a \(version) envelope, got a \(read) envelope",
                origin: envelope.origin)
        }
        guard let body = envelope.body else {
            throw SOAPError(code: .malformedEnvelope, message: "the SOAP envelope has no Body", origin: envelope.origin)
        }
        var result: SOAPEnvelope
        let headers = envelope.header?.blocks.map { SOAPHeaderBlock($0) } ?? []
        if let fault = body.payload.first(where: { $0 is Fault11Node || $0 is Fault12Node }) {
            // The header blocks travel with the fault: a fault about a request's header
            // block has its details there, and a caller given only the thrown fault needs them.
            var answered = self.fault(from: fault, version: read)
            answered.headers = headers
            result = SOAPEnvelope(fault: answered, version: read)
        } else if let object = body.payload.first {
            result = SOAPEnvelope(body: object, version: read)
        } else {
            result = SOAPEnvelope(body: EmptyBody(), version: read)
        }
        result.headers = headers
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
    ///   ``SOAPError/Code/unexpectedBody`` when the body holds another element).
    public func readBody<T>(_ data: Data, as type: T.Type, version: SOAPVersion? = nil, file: String? = nil) throws -> T
    {
        let envelope = try read(data, version: version, file: file)
        return try Self.body(of: envelope, as: type)
    }

    /// The body's object as `T`, or the fault it holds thrown.
    static func body<T>(of envelope: SOAPEnvelope, as type: T.Type) throws -> T {
        switch envelope.body {
        case .fault(let fault): throw fault
        case .message: throw SOAPError(code: .unexpectedBody, message: "the body holds a message, not an object")
        case .object(let object):
            if let typed = object as? T { return typed }
            let got = object is EmptyBody ? "an empty Body" : "a \(Swift.type(of: object))"
            throw SOAPError(
                code: .unexpectedBody, message: "expected a \(T.self) in the SOAP Body, got \(got)",
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

    /// A header block no mapping took, with its `mustUnderstand` and `role` (1.2) or
    /// `actor` (1.1) attributes in either envelope namespace, as the binder handed it over.
    private func unknownHeader(_ content: UnknownContent) -> SOAPUnknownHeader {
        let local = content.name.split(separator: ":").last.map(String.init) ?? content.name
        var header = SOAPUnknownHeader(
            name: SOAPQualifiedName(namespace: content.namespace, localName: local), mustUnderstand: false,
            role: nil, origin: content.origin)
        for attribute in content.attributes {
            guard let uri = attribute.namespace, SOAPVersion(envelopeNamespace: uri) != nil else { continue }
            let trimmed = attribute.value.trimmingCharacters(in: .whitespaces)
            switch attribute.localName {
            case "mustUnderstand": header.mustUnderstand = trimmed == "1" || trimmed == "true"
            case "role", "actor": header.role = trimmed
            default: break
            }
        }
        return header
    }

    private func diagnostic(for content: UnknownContent, in data: Data) -> Diagnostic {
        let isElement = content.kind == .element
        let message =
            isElement
            ? "unknown element <\(content.name)> in <\(content.parent ?? "")>"
            : "unknown attribute '\(content.name)' on <\(content.parent ?? "")>"
        return Diagnostic(
            code: isElement ? .unknownElement : .unknownAttribute, message: message, origin: content.origin,
            sourceLine: content.origin.flatMap { line($0.line, in: data) })
    }

    /// Line `number` of the message, for a diagnostic's excerpt.
    private func line(_ number: Int, in bytes: Data) -> String? {
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
                code: .versionMismatch,
                message:
                    "the Envelope is in \(namespace), which is neither SOAP 1.1's nor SOAP 1.2's envelope namespace",
                origin: root.origin)
        }
        return SOAPError(
            code: .malformedEnvelope, message: "the message's root element is <\(root.name)>, not a SOAP Envelope",
            origin: root.origin
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
