import Foundation
import XMLBind

extension SOAPEnvelope {
    /// Writes the envelope as a UTF-8 document.
    ///
    /// - Parameter binder: The binder whose mappings write the body, header blocks and
    ///   fault detail; a seed-style message needs none.
    /// - Returns: The document's bytes.
    /// - Throws: ``SOAPError`` with ``SOAPError/Code/encoding`` when an object's type has
    ///   no mapping or a text holds a character XML cannot.
    public func data(using binder: XMLBinder = XMLBinder()) throws(SOAPError) -> Data {
        Data(try xml(using: binder).utf8)
    }

    /// Writes the envelope as a document.
    ///
    /// - Parameter binder: The binder whose mappings write the objects.
    /// - Returns: The document.
    /// - Throws: ``SOAPError``, as ``data(using:)`` does.
    public func xml(using binder: XMLBinder = XMLBinder()) throws(SOAPError) -> String {
        let env = SOAPMarkup.envelopePrefix
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
        text += "<\(env):Envelope xmlns:\(env)=\"\(version.envelopeNamespace)\""
        if let encodingStyle {
            text += " \(env):encodingStyle=\"\(try SOAPMarkup.escaped(encodingStyle))\""
        }
        text += ">"
        if !headers.isEmpty {
            text += "<\(env):Header>"
            for block in headers {
                text += try headerElement(block, using: binder)
            }
            text += "</\(env):Header>"
        }
        text += "<\(env):Body>"
        switch body {
        case .message(let message): text += try Self.element(of: message)
        case .object(let object): text += try SOAPMarkup.element(object, using: binder)
        case .fault(let fault): text += try fault.element(version: version, using: binder)
        }
        text += "</\(env):Body></\(env):Envelope>"
        return text
    }

    /// A header block's element, with its SOAP attributes.
    private func headerElement(_ block: SOAPHeaderBlock, using binder: XMLBinder) throws(SOAPError) -> String {
        let env = SOAPMarkup.envelopePrefix
        var attributes = ""
        if block.mustUnderstand {
            attributes += " \(env):mustUnderstand=\"\(version == .version1point1 ? "1" : "true")\""
        }
        if let role = block.role {
            let name = version == .version1point1 ? "actor" : "role"
            attributes += " \(env):\(name)=\"\(try SOAPMarkup.escaped(role))\""
        }
        if block.relay, version == .version1point2 {
            attributes += " \(env):relay=\"true\""
        }
        return SOAPMarkup.addingAttributes(attributes, to: try SOAPMarkup.element(block.value, using: binder))
    }

    /// A seed-style message's element: `<action xmlns="ns"><name>value</name>…</action>`.
    private static func element(of message: SOAPMessage) throws(SOAPError) -> String {
        let name = message.soapAction
        guard isName(name) else { throw SOAPError(code: .encoding, message: "'\(name)' is not an XML element name") }
        var text = "<\(name)"
        if !message.nameSpace.isEmpty { text += " xmlns=\"\(try SOAPMarkup.escaped(message.nameSpace))\"" }
        if message.parameters.contains(where: { $0.value == nil }) {
            text += " xmlns:xsi=\"\(SOAPMarkup.instanceNamespace)\""
        }
        text += ">"
        for parameter in message.parameters {
            guard isName(parameter.name) else {
                throw SOAPError(code: .encoding, message: "'\(parameter.name)' is not an XML element name")
            }
            if let value = parameter.value {
                text += "<\(parameter.name)>\(try SOAPMarkup.escaped(value))</\(parameter.name)>"
            } else {
                text += "<\(parameter.name) xsi:nil=\"true\"/>"
            }
        }
        return text + "</\(name)>"
    }

    /// Whether `text` can be written as an element name without a prefix.
    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || $0.properties.numericType != nil
        }
    }
}
