import Foundation
import XMLBind
import XMLBindSOAP

/// The fuzz targets, one concern each, chosen per process by the `XMLBIND_FUZZ_TARGET`
/// environment variable (`scripts/fuzz.sh TARGET` sets it); without it, `all`.
///
/// `all` is ``FuzzHarness``: every entry point and cross-check per input, the format of
/// the regression inputs, and slow (a few hundred inputs a second under the address
/// sanitizer). The others do one thing per input, with binders built once per process, so
/// that they run thousands of inputs a second. Their inputs are control bytes, then the
/// document:
///
/// | target | control bytes | per input |
/// | --- | --- | --- |
/// | `parse` | options | one parse as `Root` (bit 6: as `Any?`; bit 7: from a `String`) |
/// | `stream` | options, cut, cut | `parse(chunks:)` gives the codes of the whole parse; `stream(_:as:)` (bit 6: and `objects(_:as:)` hands over the same items) |
/// | `write-back` | options | a parsed `Root` writes, reads back and writes again to the same bytes |
/// | `substitution` | options, cut, cut | as `stream`, with `${…}` substitution always on |
/// | `encodings` | encoding, cut, cut | a declaration or byte order mark for one of 16 encodings, then the bytes: whole and cut give the same codes |
/// | `xmlrpc` | bit 0: call or response | `decodeCall` (a call read, written and read again keeps its parameters) or `decodeResponse` |
/// | `soap` | bits 0–1: version expected; bit 2: body as `Root`; bit 3: lenient | `SOAPEnvelopeReader.read` or `readBody` |
/// | `parallel` | options, piece size | bound sequentially and in pieces (1–3 threads): the same diagnostics, and the same root written out |
/// | `schema` | bits 0–1: XML Schema (0, 3), DTD (1), sample document (2) | the generator's reader, then the emitter twice on its model (see ``SchemaTarget``) |
/// | `http` | bit 0: gzip the body (bit 1: cut short); bit 2: 256-byte body limit; bit 3: accept gzip | a raw request through the HTTP layer's router into XML-RPC and SOAP (see ``HTTPTarget``) |
///
/// The options byte is the first control byte of ``FuzzHarness`` (bits 0–5 choose one of
/// 64 binders: mode, substitution, unknown-content callback, limits, stop at first error).
enum FuzzTarget: String, CaseIterable {
    case all, parse, stream
    case writeBack = "write-back"
    case substitution, encodings, xmlrpc, soap, parallel, http, schema

    /// The target named by `XMLBIND_FUZZ_TARGET`, or nil for an unknown name.
    static func fromEnvironment() -> FuzzTarget? {
        FuzzTarget(rawValue: ProcessInfo.processInfo.environment["XMLBIND_FUZZ_TARGET"] ?? "all")
    }

    /// The process's target; an unknown name is refused by `main` before any input.
    static let selected = fromEnvironment() ?? .all

    /// Checks one input; returns the properties that failed (empty when all held).
    func run(_ input: Data) -> [String] {
        switch self {
        case .all: FuzzHarness.run(input)
        case .parse: FocusedTargets.parse(input)
        case .stream: FocusedTargets.stream(input, substituting: false)
        case .writeBack: FocusedTargets.writeBack(input)
        case .substitution: FocusedTargets.stream(input, substituting: true)
        case .encodings: FocusedTargets.encodings(input)
        case .xmlrpc: FocusedTargets.xmlrpc(input)
        case .soap: FocusedTargets.soap(input)
        case .parallel: FocusedTargets.parallel(input)
        case .http: HTTPTarget.run(input)
        case .schema: SchemaTarget.run(input)
        }
    }
}
