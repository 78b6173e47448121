import XMLBind

/// The envelope's own markup: escaping, and the options payloads are written with.
enum SOAPMarkup {
    /// The prefix the envelope namespace is written with.
    static let envelopePrefix = "soapenv"
    /// XML Schema instance, for `xsi:nil`.
    static let instanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// How payloads, header blocks and fault details are written: compact, no
    /// declaration, and `.property` declarations as child elements (document/literal).
    static let payloadOptions = WritingOptions(layout: .compact, includesDeclaration: false, propertyForm: .element)

    /// Text escaped for element content or a double-quoted attribute value; `\r` and tabs
    /// as character references so that they survive a parser's normalisation.
    ///
    /// - Throws: ``SOAPError/Code/encoding`` for a character XML 1.0 cannot hold.
    static func escaped(_ text: String) throws(SOAPError) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                guard XMLCharacterRule.allows(scalar) else {
                    throw SOAPError(
                        code: .encoding,
                        message:
                            "character U+\(String(value, radix: 16, uppercase: true)) cannot be written in XML 1.0")
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with every character XML 1.0 cannot hold (control characters other than tab,
    /// line feed and carriage return; U+FFFE and U+FFFF) replaced by U+FFFD, for text the
    /// service writes itself about a request: a fault's reason may quote the request's bytes.
    static func writable(_ text: String) -> String {
        XMLCharacterRule.replacingDisallowed(in: text, with: "\u{FFFD}")
    }

    /// The payload options for one object: its element's namespace as the default one, so
    /// that the child elements its mapping names without a prefix are in that namespace
    /// (qualified, as `elementFormDefault="qualified"` in the generated schema says).
    static func options(for object: Any, using binder: XMLBinder) -> WritingOptions {
        var options = payloadOptions
        if case .uri(let uri) = binder.declaredElement(for: type(of: object))?.namespace {
            options.preferredPrefixes[uri] = ""
        }
        return options
    }

    /// Writes an object of a registered type as an element, for a payload.
    static func element(_ object: Any, using binder: XMLBinder) throws(SOAPError) -> String {
        do {
            return try binder.xml(from: object, options: options(for: object, using: binder))
        } catch {
            throw SOAPError(
                code: .encoding, message: "cannot write \(type(of: object)) in a SOAP message",
                diagnostics: SOAPEnvelopeReader.bindError(error).diagnostics)
        }
    }

    /// `element` (an element's text as written, starting `<name`) with attributes added to
    /// its start tag.
    static func addingAttributes(_ attributes: String, to element: String) -> String {
        guard !attributes.isEmpty, let nameEnd = element.dropFirst().firstIndex(where: { " \t\r\n/>".contains($0) })
        else { return element }
        return String(element[..<nameEnd]) + attributes + String(element[nameEnd...])
    }
}
