import Foundation
import XMLBind

extension SOAPEnvelopeReader {
    /// A read `Fault` element as a ``SOAPFault``; the binder resolved its codes in the
    /// scope of the elements that hold them (see ``XMLQualifiedName``).
    func fault(from node: Any, version: SOAPVersion) -> SOAPFault {
        if let node = node as? Fault11Node {
            let name = Self.soapName(node.faultcode)
            var fault = SOAPFault(
                code: Self.code(of: name, version: version), reason: node.faultstring,
                detail: node.detail?.entries.first,
                node: node.faultactor)
            fault.codeName = name
            fault.reasons = [SOAPFault.Reason(node.faultstring, language: nil)]
            fault.detailText = Self.nonEmpty(node.detail?.text)
            fault.version = version
            fault.origin = node.origin
            return fault
        }
        guard let node = node as? Fault12Node else { return SOAPFault.receiver("unreadable fault") }
        var names: [SOAPQualifiedName] = []
        if let code = node.code {
            names.append(Self.soapName(code.value))
            var subcode = code.subcode
            while let current = subcode {
                names.append(Self.soapName(current.value))
                subcode = current.subcode
            }
        }
        let reasons = node.reason?.texts.map { SOAPFault.Reason($0.text, language: $0.lang) } ?? []
        var fault = SOAPFault(
            code: names.first.map { Self.code(of: $0, version: version) } ?? .receiver, reason: "",
            subcodes: Array(names.dropFirst()), detail: node.detail?.entries.first, node: node.node, role: node.role)
        fault.codeName = names.first
        fault.reasons = reasons
        fault.detailText = Self.nonEmpty(node.detail?.text)
        fault.version = version
        fault.origin = node.origin
        return fault
    }

    /// A code as the binder read it, as SOAP names it.
    private static func soapName(_ name: XMLQualifiedName) -> SOAPQualifiedName {
        SOAPQualifiedName(namespace: name.namespace, localName: name.localName)
    }

    /// The kind of a fault code; 1.1's dotted forms (`Client.Authentication`) by their first part.
    static func code(of name: SOAPQualifiedName, version: SOAPVersion) -> SOAPFault.Code {
        guard let uri = name.namespace, SOAPVersion(envelopeNamespace: uri) != nil else { return .other(name) }
        let head = name.localName.split(separator: ".").first.map(String.init) ?? name.localName
        switch head {
        case "VersionMismatch": return .versionMismatch
        case "MustUnderstand": return .mustUnderstand
        case "DataEncodingUnknown": return .dataEncodingUnknown
        case "Client", "Sender": return .sender
        case "Server", "Receiver": return .receiver
        default: return .other(name)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
