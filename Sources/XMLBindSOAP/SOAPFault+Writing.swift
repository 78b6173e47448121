import XMLBind

extension SOAPFault {
    /// The `Fault` element in a version's form, its detail written with `binder`.
    func element(version: SOAPVersion, using binder: XMLBinder) throws(SOAPError) -> String {
        let env = SOAPMarkup.envelopePrefix
        let detailText: String
        if let detail {
            detailText = try SOAPMarkup.element(detail, using: binder)
        } else {
            detailText = try self.detailText.map { text throws(SOAPError) in try SOAPMarkup.escaped(text) } ?? ""
        }
        let hasDetail = detail != nil || self.detailText != nil
        switch version {
        case .version1point1:
            var text = "<\(env):Fault>"
            text += try Self.qualifiedNameElement("faultcode", code11, version: version)
            text += "<faultstring>\(try SOAPMarkup.escaped(reason))</faultstring>"
            if let node { text += "<faultactor>\(try SOAPMarkup.escaped(node))</faultactor>" }
            if hasDetail { text += "<detail>\(detailText)</detail>" }
            return text + "</\(env):Fault>"
        case .version1point2:
            var text = "<\(env):Fault><\(env):Code>"
            var chain = subcodes
            let value: SOAPQualifiedName
            if case .other(let name) = code {
                // 1.2 allows only its own codes at the top: a custom code becomes a subcode,
                // under the 1.2 code a 1.1 dotted code stands for (`Client.Authentication`:
                // Sender), or Receiver.
                value = SOAPQualifiedName(namespace: version.envelopeNamespace, localName: Self.code12(for: name))
                chain.insert(name, at: 0)
            } else {
                value = SOAPQualifiedName(namespace: version.envelopeNamespace, localName: code.description)
            }
            text += try Self.qualifiedNameElement("\(env):Value", value, version: version)
            for subcode in chain {
                text += "<\(env):Subcode>" + (try Self.qualifiedNameElement("\(env):Value", subcode, version: version))
            }
            text += String(repeating: "</\(env):Subcode>", count: chain.count)
            text += "</\(env):Code><\(env):Reason>"
            for reason in reasons.isEmpty ? [Reason("")] : reasons {
                let lang = try SOAPMarkup.escaped(reason.language ?? "en")
                text += "<\(env):Text xml:lang=\"\(lang)\">\(try SOAPMarkup.escaped(reason.text))</\(env):Text>"
            }
            text += "</\(env):Reason>"
            if let node { text += "<\(env):Node>\(try SOAPMarkup.escaped(node))</\(env):Node>" }
            if let role { text += "<\(env):Role>\(try SOAPMarkup.escaped(role))</\(env):Role>" }
            if hasDetail { text += "<\(env):Detail>\(detailText)</\(env):Detail>" }
            return text + "</\(env):Fault>"
        }
    }

    /// The 1.1 `faultcode`: the standard names in the envelope namespace, else the code.
    private var code11: SOAPQualifiedName {
        let uri = SOAPVersion.version1point1.envelopeNamespace
        switch code {
        case .versionMismatch: return SOAPQualifiedName(namespace: uri, localName: "VersionMismatch")
        case .mustUnderstand: return SOAPQualifiedName(namespace: uri, localName: "MustUnderstand")
        case .dataEncodingUnknown, .receiver: return SOAPQualifiedName(namespace: uri, localName: "Server")
        case .sender: return SOAPQualifiedName(namespace: uri, localName: "Client")
        case .other(let name): return name
        }
    }

    /// The SOAP 1.2 code for a custom code: for a code in the 1.1 envelope namespace, the
    /// 1.2 code of its first dotted part (`Client.Authentication`: `Sender`); else `Receiver`.
    private static func code12(for name: SOAPQualifiedName) -> String {
        guard name.namespace == SOAPVersion.version1point1.envelopeNamespace else { return "Receiver" }
        switch name.localName.split(separator: ".", maxSplits: 1).first ?? "" {
        case "Client": return "Sender"
        case "VersionMismatch": return "VersionMismatch"
        case "MustUnderstand": return "MustUnderstand"
        default: return "Receiver"
        }
    }

    /// `<name>prefix:local</name>`, declaring the prefix unless it is the envelope's (a
    /// name in the other version's envelope namespace gets a prefix of its own).
    private static func qualifiedNameElement(_ name: String, _ value: SOAPQualifiedName, version: SOAPVersion)
        throws(SOAPError) -> String
    {
        guard let uri = value.namespace else { return "<\(name)>\(try SOAPMarkup.escaped(value.localName))</\(name)>" }
        if uri == version.envelopeNamespace {
            return "<\(name)>\(SOAPMarkup.envelopePrefix):\(try SOAPMarkup.escaped(value.localName))</\(name)>"
        }
        return
            "<\(name) xmlns:fc=\"\(try SOAPMarkup.escaped(uri))\">fc:\(try SOAPMarkup.escaped(value.localName))</\(name)>"
    }
}
