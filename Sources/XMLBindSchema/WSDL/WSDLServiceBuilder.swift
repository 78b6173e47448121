import XMLBind

/// Turns the WSDL documents read by ``WSDLReader`` into the model's ``WebService``: picks
/// the service and its SOAP ports, resolves each operation's messages to elements of the
/// model, and makes the wrapper types of rpc/literal operations.
struct WSDLServiceBuilder {
    let documents: [WSDLDocument]
    var model: SchemaModel
    private var messages: [QualifiedName: WSDLMessage] = [:]
    private var portTypes: [QualifiedName: WSDLPortType] = [:]
    private var bindings: [QualifiedName: (binding: WSDLBinding, namespace: String?)] = [:]

    init(documents: [WSDLDocument], model: SchemaModel) {
        self.documents = documents
        self.model = model
        for document in documents {
            let namespace = document.definitions.targetNamespace
            for message in document.definitions.messages {
                if let name = message.name { messages[QualifiedName(namespace: namespace, name)] = message }
            }
            for portType in document.definitions.portTypes {
                if let name = portType.name { portTypes[QualifiedName(namespace: namespace, name)] = portType }
            }
            for binding in document.definitions.bindings {
                if let name = binding.name {
                    bindings[QualifiedName(namespace: namespace, name)] = (binding, namespace)
                }
            }
        }
    }

    mutating func build() -> SchemaModel {
        guard let first = documents.first else { return model }
        let (chosen, ports) = chooseBinding()
        guard let (binding, namespace) = chosen else {
            warn(
                "no SOAP 1.1 or SOAP 1.2 binding: the types are generated, no client or service protocol",
                at: first.definitions.origin)
            return model
        }
        guard let typeName = binding.type.map(Self.name), let portType = portTypes[typeName] else {
            error("binding \(binding.name ?? "") names no port type of the inputs", at: binding.origin)
            return model
        }
        let service = documents.lazy.flatMap(\.definitions.services).first
        let targetNamespace = namespace ?? ""
        var operations: [WebService.Operation] = []
        for operation in portType.operations {
            if let built = self.operation(operation, binding: binding, namespace: targetNamespace) {
                operations.append(built)
            }
        }
        model.service = WebService(
            name: service?.name ?? portType.name ?? "Service", namespace: targetNamespace, operations: operations,
            ports: ports, documentation: service?.documentation)
        return model
    }

    /// The binding of the first service's first SOAP port (else the first SOAP binding), and
    /// the service's ports on bindings of the same port type.
    private mutating func chooseBinding() -> ((WSDLBinding, String?)?, [WebService.Port]) {
        let services = documents.flatMap(\.definitions.services)
        for extra in services.dropFirst() {
            warn(
                "only the first service, \(services.first?.name ?? ""), is generated; service \(extra.name ?? "") is skipped",
                at: extra.origin)
        }
        var chosen: (WSDLBinding, String?)?
        var ports: [WebService.Port] = []
        for port in services.first?.ports ?? [] {
            guard let reference = port.binding, let (binding, namespace) = bindings[Self.name(reference)] else {
                error("port \(port.name ?? "") names no binding of the inputs", at: port.origin)
                continue
            }
            guard let version = Self.version(of: binding) else {
                warn("port \(port.name ?? "") is not on a SOAP binding; it is skipped", at: port.origin)
                continue
            }
            if let (first, _) = chosen, first.type.map(Self.name) != binding.type.map(Self.name) {
                warn(
                    "port \(port.name ?? "") is bound to another port type than the first port; it is skipped",
                    at: port.origin)
                continue
            }
            if chosen == nil { chosen = (binding, namespace) }
            ports.append(
                WebService.Port(
                    name: port.name ?? "", version: version,
                    address: (version == .soap11 ? port.soap11 : port.soap12)?.location, origin: port.origin))
        }
        if chosen == nil {
            let all = documents.flatMap { document in
                document.definitions.bindings.map { ($0, document.definitions.targetNamespace) }
            }
            chosen = all.first { Self.version(of: $0.0) != nil }
        }
        return (chosen, ports)
    }

    private static func version(of binding: WSDLBinding) -> WebService.Version? {
        binding.soap11 != nil ? .soap11 : binding.soap12 != nil ? .soap12 : nil
    }

    static func name(_ name: XMLQualifiedName) -> QualifiedName {
        QualifiedName(namespace: name.namespace, name.localName)
    }

    // MARK: Operations

    private mutating func operation(_ operation: WSDLOperation, binding: WSDLBinding, namespace: String)
        -> WebService.Operation?
    {
        guard let name = operation.name else { return nil }
        let bound = binding.operations.first { $0.name == name }
        let soap = bound?.soap11 ?? bound?.soap12
        let bindingStyle = (binding.soap11 ?? binding.soap12)?.style
        let styleText = soap?.style ?? bindingStyle ?? "document"
        guard let style = WebService.Style(rawValue: styleText) else {
            warn("operation \(name): style '\(styleText)' is not document or rpc; it is skipped", at: operation.origin)
            return nil
        }
        guard let input = operation.input, let inputMessage = message(input.message, of: name, at: input.origin)
        else {
            warn("operation \(name) has no input message; it is skipped", at: operation.origin)
            return nil
        }
        guard let output = operation.output else {
            warn("operation \(name) is one-way (no output); one-way operations are not generated", at: operation.origin)
            return nil
        }
        guard let outputMessage = message(output.message, of: name, at: output.origin) else { return nil }
        for body in [bound?.input, bound?.output].compactMap({ $0 }) {
            guard let soapBody = body.soap11 ?? body.soap12 else { continue }
            if let use = soapBody.use, use != "literal" {
                warn(
                    "operation \(name) uses '\(use)' encoding; only literal use is generated, the operation is skipped",
                    at: soapBody.origin)
                return nil
            }
            if let parts = soapBody.parts, !parts.allSatisfy(\.isWhitespace) {
                let listed = Set(parts.split(whereSeparator: \.isWhitespace).map(String.init))
                let message = body === bound?.input ? inputMessage : outputMessage
                if listed != Set(message.parts.compactMap(\.name)) {
                    warn(
                        "operation \(name): a body with some of the message's parts (the others in headers) is not "
                            + "generated; the operation is skipped", at: soapBody.origin)
                    return nil
                }
            }
        }
        let requestElement: QualifiedName
        let responseElement: QualifiedName
        switch style {
        case .document:
            guard let request = documentElement(inputMessage, of: name),
                let response = documentElement(outputMessage, of: name)
            else { return nil }
            (requestElement, responseElement) = (request, response)
        case .rpc:
            let wrapperNamespace = (bound?.input?.soap11 ?? bound?.input?.soap12)?.namespace ?? namespace
            guard let request = rpcWrapper(name, message: inputMessage, namespace: wrapperNamespace, at: operation),
                let response = rpcWrapper(
                    name + "Response", message: outputMessage,
                    namespace: (bound?.output?.soap11 ?? bound?.output?.soap12)?.namespace ?? wrapperNamespace,
                    at: operation)
            else { return nil }
            (requestElement, responseElement) = (request, response)
        }
        var faults: [WebService.Fault] = []
        for fault in operation.faults {
            guard let faultName = fault.name,
                let message = self.message(fault.message, of: name, at: fault.origin)
            else { continue }
            let boundFault = bound?.faults.first { $0.name == faultName }
            if let use = (boundFault?.soap11 ?? boundFault?.soap12)?.use, use != "literal" {
                warn("fault \(faultName) of \(name) uses '\(use)' encoding; it is not generated", at: fault.origin)
                continue
            }
            guard message.parts.count == 1, let element = message.parts[0].element else {
                warn(
                    "fault \(faultName) of \(name): a fault message must have one part with an element; it is skipped",
                    at: fault.origin)
                continue
            }
            let detail = Self.name(element)
            guard model.rootElements.contains(where: { $0.name == detail }) else {
                error("fault \(faultName) of \(name): element \(detail) is not declared in the types", at: fault.origin)
                continue
            }
            faults.append(WebService.Fault(name: faultName, element: detail))
        }
        return WebService.Operation(
            name: name, action: soap?.soapAction ?? "", style: style, input: requestElement, output: responseElement,
            faults: faults, documentation: operation.documentation, origin: operation.origin)
    }

    private mutating func message(_ reference: XMLQualifiedName?, of operation: String, at origin: Origin?)
        -> WSDLMessage?
    {
        guard let reference, let message = messages[Self.name(reference)] else {
            error(
                "operation \(operation): message \(reference.map { Self.name($0).description } ?? "(none)") is not "
                    + "declared in the inputs", at: origin)
            return nil
        }
        return message
    }

    /// The one element a document/literal message carries.
    private mutating func documentElement(_ message: WSDLMessage, of operation: String) -> QualifiedName? {
        guard message.parts.count == 1, let element = message.parts[0].element else {
            warn(
                "operation \(operation): a document/literal message must have one part with an element "
                    + "(message \(message.name ?? "") has \(message.parts.count), or a type=); the operation is skipped",
                at: message.origin)
            return nil
        }
        let name = Self.name(element)
        guard model.rootElements.contains(where: { $0.name == name }) else {
            error("operation \(operation): element \(name) is not declared in the types", at: message.parts[0].origin)
            return nil
        }
        return name
    }

    /// Adds the type and root element of an rpc/literal wrapper: `<operation>` (or
    /// `<operationResponse>`) in the body's namespace, a child per part, unqualified.
    private mutating func rpcWrapper(
        _ elementName: String, message: WSDLMessage, namespace: String, at operation: WSDLOperation
    ) -> QualifiedName? {
        let element = QualifiedName(namespace: namespace, elementName)
        guard !model.rootElements.contains(where: { $0.name == element }) else {
            warn(
                "the rpc wrapper \(element) is also an element of the types; the operation is skipped",
                at: operation.origin)
            return nil
        }
        var fields: [Field] = []
        for part in message.parts {
            if let type = part.type {
                let name = Self.name(type)
                let reference: TypeReference =
                    name.namespace == BuiltinType.namespace
                    ? BuiltinType(rawValue: name.localName).map(TypeReference.builtin) ?? .named(name) : .named(name)
                fields.append(Field(name: part.name ?? "", kind: .element, type: reference, origin: part.origin))
            } else if let reference = part.element,
                let root = model.rootElements.first(where: { $0.name == Self.name(reference) })
            {
                fields.append(
                    Field(
                        name: root.name.localName, namespace: root.name.namespace, kind: .element, type: root.type,
                        origin: part.origin))
            } else {
                error("part \(part.name ?? "") names no declared type or element", at: part.origin)
                return nil
            }
        }
        var typeName = QualifiedName(namespace: namespace, elementName)
        while model.types.contains(where: { $0.name == typeName }) { typeName.localName += "Message" }
        model.types.append(
            ModelType(name: typeName, kind: .complex(ComplexType(fields: fields)), origin: message.origin))
        model.rootElements.append(RootElement(name: element, type: .named(typeName), origin: message.origin))
        return element
    }

    private mutating func warn(_ message: String, at origin: Origin?) {
        model.diagnostics.append(GenerationDiagnostic(.warning, message, at: origin))
    }

    private mutating func error(_ message: String, at origin: Origin?) {
        model.diagnostics.append(GenerationDiagnostic(.error, message, at: origin))
    }
}
