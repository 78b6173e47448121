import Foundation
import XMLBind

extension SOAPEnvelopeReader {
    /// A read `Fault` element as a ``SOAPFault``, its codes resolved to their namespaces.
    func fault(from node: Any, version: SOAPVersion, scan: SOAPSourceScan) -> SOAPFault {
        let faultOffset = { (origin: Origin?) -> Int in
            origin.flatMap { scan.offset(line: $0.line, column: $0.column) } ?? 0
        }
        if let node = node as? Fault11Node {
            let tags = codeTags(named: "faultcode", after: faultOffset(node.origin), scan: scan)
            let name = resolve(node.faultcode, in: tags.first)
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
        let tags = codeTags(named: "Value", after: faultOffset(node.origin), scan: scan)
        var values: [String] = []
        if let code = node.code {
            values.append(code.value)
            var subcode = code.subcode
            while let current = subcode {
                values.append(current.value)
                subcode = current.subcode
            }
        }
        let names = values.enumerated().map { index, value in
            resolve(value, in: index < tags.count ? tags[index] : nil)
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

    /// The start tags named `local` (with any prefix) after the fault's own tag, in order.
    private func codeTags(named local: String, after offset: Int, scan: SOAPSourceScan) -> [SOAPSourceScan.StartTag] {
        scan.startTags().filter { tag in
            tag.offset > offset && (tag.name == local || tag.name.hasSuffix(":" + local))
        }
    }

    /// A `prefix:local` code resolved in the scope of the element that holds it.
    private func resolve(_ text: String, in tag: SOAPSourceScan.StartTag?) -> SOAPQualifiedName {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let tag else {
            let local = trimmed.split(separator: ":").last.map(String.init) ?? trimmed
            return SOAPQualifiedName(namespace: nil, localName: local)
        }
        let (uri, local) = tag.resolve(prefixOf: trimmed)
        return SOAPQualifiedName(namespace: uri, localName: local)
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
