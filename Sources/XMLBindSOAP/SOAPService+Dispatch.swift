import Foundation
import XMLBind

extension SOAPService {
    /// Answers one request: reads the envelope, dispatches its body to an operation, and
    /// writes the result or the fault.
    ///
    /// - Parameters:
    ///   - request: The request's bytes.
    ///   - version: The version the endpoint speaks: an envelope in the other one is
    ///     answered with a VersionMismatch fault. `nil` answers each request in its own version.
    ///   - action: The SOAP action the request came with, handed to the operation.
    /// - Returns: The status, content type and bytes to answer with.
    public func respond(to request: Data, version: SOAPVersion? = nil, action: String? = nil) async
        -> SOAPServiceResponse
    {
        let answerVersion = version ?? Self.sniffVersion(request) ?? .version1point1
        let envelope: SOAPEnvelope
        do {
            envelope = try reader.read(request, version: version, file: "request")
        } catch {
            switch error.code {
            case .versionMismatch:
                return fault(SOAPFault(code: .versionMismatch, reason: error.message), version: answerVersion)
            case .registration:
                // The service's own setup is at fault, not the request.
                return fault(.receiver(error.message), version: answerVersion)
            default:
                var reason = error.message
                if !error.diagnostics.isEmpty {
                    reason += "\n" + XMLBindError(diagnostics: error.diagnostics).description
                }
                return fault(.sender(reason), version: answerVersion)
            }
        }
        if let unknown = envelope.unknownHeaders.first(where: \.mustBeUnderstoodByUltimateReceiver) {
            let place = unknown.origin.map { " (at \($0))" } ?? ""
            return fault(
                SOAPFault(
                    code: .mustUnderstand,
                    reason: "header block \(unknown.name) is marked mustUnderstand, and this service does not "
                        + "handle it\(place)"),
                version: envelope.version)
        }
        let body: Any
        switch envelope.body {
        case .object(let object) where !(object is SOAPEnvelopeReader.EmptyBody):
            body = object
        case .fault:
            return fault(.sender("the request's body is a fault, not an operation"), version: envelope.version)
        default:
            return fault(.sender("the request's Body is empty: it names no operation"), version: envelope.version)
        }
        guard
            let operation = operations.first(where: {
                ObjectIdentifier($0.requestType) == ObjectIdentifier(type(of: body))
            })
        else {
            let element = binder.declaredElement(for: type(of: body))
            let name = element.map { "<\($0.local)>" } ?? "\(type(of: body))"
            return fault(.sender("no operation of service \(self.name) takes \(name)"), version: envelope.version)
        }
        let context = SOAPRequestContext(version: envelope.version, action: action, headers: envelope.headers)
        let result: SOAPReply<Any>?
        do {
            result = try await operation.handle(body, context)
        } catch let thrown as SOAPFault {
            return fault(thrown, version: envelope.version)
        } catch {
            return fault(.receiver("operation \(operation.name) failed: \(error)"), version: envelope.version)
        }
        guard let result else {
            // A one-way operation: taken, and nothing to answer (WS-I Basic Profile, R2714).
            return SOAPServiceResponse(
                status: 202, contentType: envelope.version.contentType(action: nil), body: Data())
        }
        do {
            let data = try SOAPEnvelope(body: result.body, headers: result.headers, version: envelope.version)
                .data(using: binder)
            return SOAPServiceResponse(status: 200, contentType: envelope.version.contentType(action: nil), body: data)
        } catch {
            return fault(.receiver("cannot write the answer of \(operation.name): \(error)"), version: envelope.version)
        }
    }

    /// A fault answer. A fault that cannot be written as given (a detail or header block
    /// that does not write, or a reason quoting characters XML cannot hold, as a reason
    /// about a broken request may) goes out without its detail and header blocks and with
    /// those characters replaced by U+FFFD, so that every fault is answered with a whole
    /// envelope.
    private func fault(_ fault: SOAPFault, version: SOAPVersion) -> SOAPServiceResponse {
        let data: Data
        do {
            data = try SOAPEnvelope(fault: fault, version: version).data(using: binder)
        } catch {
            var plain = fault
            plain.detail = nil
            plain.detailText = nil
            plain.headers = []
            plain.reasons = [
                SOAPFault.Reason(
                    SOAPMarkup.writable(fault.reason + " (the fault could not be written as given: \(error.message))"))
            ]
            data = (try? SOAPEnvelope(fault: plain, version: version).data(using: binder)) ?? Data()
        }
        return SOAPServiceResponse(status: 500, contentType: version.contentType(action: nil), body: data)
    }

    /// The version a request's envelope namespace names, to answer a broken request in it.
    private static func sniffVersion(_ data: Data) -> SOAPVersion? {
        let head = String(decoding: data.prefix(2048), as: UTF8.self)
        if head.contains(SOAPVersion.version1point2.envelopeNamespace) { return .version1point2 }
        if head.contains(SOAPVersion.version1point1.envelopeNamespace) { return .version1point1 }
        return nil
    }
}
