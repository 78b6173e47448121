import XMLBind

extension SOAPService {
    /// The XML Schemas of the service's binder, as the WSDL embeds them.
    ///
    /// - Returns: One schema per namespace; elements registered without a namespace are
    ///   in the service's ``namespace``.
    /// - Throws: ``XMLSchemaError`` when a mapping cannot be described.
    public func schemas() throws(XMLSchemaError) -> [XMLSchemaDocument] {
        var generator = XMLSchemaGenerator(binder: binder, defaultNamespace: namespace)
        for entry in schemaTypes { generator = generator.schemaType(entry.type, for: entry.keyPath) }
        return try generator.schemas()
    }

    /// A WSDL 1.1 description of the service: the schemas, one message per request and
    /// response element (document/literal wrapped) and per declared fault detail type
    /// (`operation(_:request:response:action:faults:handler:)`; a one-way operation has no
    /// response message and no output), a port type, a SOAP 1.1
    /// and a SOAP 1.2 binding, and a port for each endpoint given.
    ///
    /// - Parameters:
    ///   - soap11Endpoint: The URL of the SOAP 1.1 endpoint, if the service has one.
    ///   - soap12Endpoint: The URL of the SOAP 1.2 endpoint, if the service has one.
    /// - Returns: The WSDL document.
    /// - Throws: ``XMLSchemaError`` when a mapping cannot be described, or a message type
    ///   has no mapping.
    public func wsdl(soap11Endpoint: String?, soap12Endpoint: String?) throws(XMLSchemaError) -> String {
        let schemas = try schemas()
        let mappings = binder.declaredMappings
        var prefixes: [String: String] = [:]
        func element(for type: Any.Type, of operation: SOAPOperation) throws(XMLSchemaError) -> String {
            guard let index = binder.declaredMappingIndex(for: type) else {
                throw XMLSchemaError(
                    message: "operation \(operation.name) of \(name) uses \(type), which the binder has no mapping for")
            }
            let declared = mappings[index].element
            let uri: String?
            switch declared.namespace {
            case .any: uri = namespace
            case .none: uri = nil
            case .uri(let value): uri = value
            case .unresolvedPrefix(let prefix):
                throw XMLSchemaError(message: "the binder does not know the namespace of prefix '\(prefix)'")
            }
            guard let uri else { return declared.local }
            let prefix = prefixes[uri] ?? "m\(prefixes.count + 1)"
            prefixes[uri] = prefix
            return "\(prefix):\(declared.local)"
        }
        var messages = ""
        var portOperations = ""
        var bindingOperations = (soap11: "", soap12: "")
        // One message per fault detail type, declared where first used.
        var faultMessages: [(type: ObjectIdentifier, name: String)] = []
        for operation in operations {
            let input = try element(for: operation.requestType, of: operation)
            // A one-way operation has no output message.
            var output: String?
            if let type = operation.responseType { output = try element(for: type, of: operation) }
            let opName = XMLSchemaWriter.escaped(operation.name)
            messages +=
                "<wsdl:message name=\"\(opName)Request\"><wsdl:part name=\"parameters\" element=\"\(input)\"/></wsdl:message>"
            if let output {
                messages +=
                    "<wsdl:message name=\"\(opName)Response\"><wsdl:part name=\"parameters\" element=\"\(output)\"/></wsdl:message>"
            }
            var faults: [String] = []
            for type in operation.faultTypes {
                let detail = try element(for: type, of: operation)
                if let known = faultMessages.first(where: { $0.type == ObjectIdentifier(type) }) {
                    if !faults.contains(known.name) { faults.append(known.name) }
                    continue
                }
                let local = XMLSchemaWriter.escaped(String(detail.split(separator: ":").last ?? Substring(detail)))
                var name = local + "Fault"
                var number = 2
                while faultMessages.contains(where: { $0.name == name }) {
                    name = "\(local)Fault\(number)"
                    number += 1
                }
                faultMessages.append((ObjectIdentifier(type), name))
                faults.append(name)
                messages +=
                    "<wsdl:message name=\"\(name)\"><wsdl:part name=\"detail\" element=\"\(detail)\"/></wsdl:message>"
            }
            portOperations += "<wsdl:operation name=\"\(opName)\"><wsdl:input message=\"tns:\(opName)Request\"/>"
            if output != nil { portOperations += "<wsdl:output message=\"tns:\(opName)Response\"/>" }
            portOperations += faults.map { "<wsdl:fault name=\"\($0)\" message=\"tns:\($0)\"/>" }.joined()
            portOperations += "</wsdl:operation>"
            for soap in ["soap", "soap12"] {
                let version: SOAPVersion = soap == "soap" ? .version1point1 : .version1point2
                let action = XMLSchemaWriter.escaped(operation.versionActions[version] ?? operation.action)
                let text =
                    "<wsdl:operation name=\"\(opName)\"><\(soap):operation soapAction=\"\(action)\" style=\"document\"/>"
                    + "<wsdl:input><\(soap):body use=\"literal\"/></wsdl:input>"
                    + (output == nil ? "" : "<wsdl:output><\(soap):body use=\"literal\"/></wsdl:output>")
                    + faults.map {
                        "<wsdl:fault name=\"\($0)\"><\(soap):fault name=\"\($0)\" use=\"literal\"/></wsdl:fault>"
                    }.joined() + "</wsdl:operation>"
                if soap == "soap" { bindingOperations.soap11 += text } else { bindingOperations.soap12 += text }
            }
        }
        let service = XMLSchemaWriter.escaped(name)
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        text += "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\""
        text +=
            " xmlns:soap=\"http://schemas.xmlsoap.org/wsdl/soap/\" xmlns:soap12=\"http://schemas.xmlsoap.org/wsdl/soap12/\""
        text += " xmlns:tns=\"\(XMLSchemaWriter.escaped(namespace))\""
        for (uri, prefix) in prefixes.sorted(by: { $0.value < $1.value }) {
            text += " xmlns:\(prefix)=\"\(XMLSchemaWriter.escaped(uri))\""
        }
        text += " name=\"\(service)\" targetNamespace=\"\(XMLSchemaWriter.escaped(namespace))\">"
        text += "<wsdl:types>" + schemas.map(\.element).joined() + "</wsdl:types>"
        text += messages
        text += "<wsdl:portType name=\"\(service)PortType\">\(portOperations)</wsdl:portType>"
        let transport = "http://schemas.xmlsoap.org/soap/http"
        text += "<wsdl:binding name=\"\(service)Soap11Binding\" type=\"tns:\(service)PortType\">"
        text +=
            "<soap:binding style=\"document\" transport=\"\(transport)\"/>\(bindingOperations.soap11)</wsdl:binding>"
        text += "<wsdl:binding name=\"\(service)Soap12Binding\" type=\"tns:\(service)PortType\">"
        text +=
            "<soap12:binding style=\"document\" transport=\"\(transport)\"/>\(bindingOperations.soap12)</wsdl:binding>"
        text += "<wsdl:service name=\"\(service)\">"
        if let soap11Endpoint {
            text += "<wsdl:port name=\"\(service)Soap11Port\" binding=\"tns:\(service)Soap11Binding\">"
            text += "<soap:address location=\"\(XMLSchemaWriter.escaped(soap11Endpoint))\"/></wsdl:port>"
        }
        if let soap12Endpoint {
            text += "<wsdl:port name=\"\(service)Soap12Port\" binding=\"tns:\(service)Soap12Binding\">"
            text += "<soap12:address location=\"\(XMLSchemaWriter.escaped(soap12Endpoint))\"/></wsdl:port>"
        }
        text += "</wsdl:service></wsdl:definitions>\n"
        return text
    }
}
