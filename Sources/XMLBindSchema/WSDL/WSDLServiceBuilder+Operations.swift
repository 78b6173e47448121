import XMLBind

// An operation of a port type, resolved through its binding: the messages' parts that
// travel in the body become one element (document) or a wrapper the builder makes (rpc),
// the parts a `soap:header` names become header blocks, and the faults their detail elements.
extension WSDLServiceBuilder {
    mutating func operation(_ operation: WSDLOperation, binding: WSDLBinding, namespace: String)
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
        // No output: a one-way operation, whose request is answered with no message.
        var outputMessage: WSDLMessage?
        if let output = operation.output {
            guard let message = message(output.message, of: name, at: output.origin) else { return nil }
            outputMessage = message
        }
        guard
            let inputHeaders = headers(of: bound?.input, message: inputMessage, operation: name, namespace: namespace),
            let inputParts = bodyParts(of: bound?.input, message: inputMessage, operation: name)
        else { return nil }
        var outputHeaders: [WebService.Header] = []
        var outputParts: [WSDLPart] = []
        if let outputMessage {
            guard
                let headers = headers(of: bound?.output, message: outputMessage, operation: name, namespace: namespace),
                let parts = bodyParts(of: bound?.output, message: outputMessage, operation: name)
            else { return nil }
            (outputHeaders, outputParts) = (headers, parts)
        }
        let requestElement: QualifiedName
        var responseElement: QualifiedName?
        switch style {
        case .document:
            guard let request = documentElement(inputParts, of: inputMessage, operation: name) else { return nil }
            requestElement = request
            if let outputMessage {
                guard let response = documentElement(outputParts, of: outputMessage, operation: name) else {
                    return nil
                }
                responseElement = response
            }
        case .rpc:
            let wrapperNamespace = (bound?.input?.soap11 ?? bound?.input?.soap12)?.namespace ?? namespace
            guard
                let request = rpcWrapper(
                    name, parts: inputParts, of: inputMessage, namespace: wrapperNamespace, at: operation)
            else { return nil }
            requestElement = request
            if let outputMessage {
                guard
                    let response = rpcWrapper(
                        name + "Response", parts: outputParts, of: outputMessage,
                        namespace: (bound?.output?.soap11 ?? bound?.output?.soap12)?.namespace ?? wrapperNamespace,
                        at: operation)
                else { return nil }
                responseElement = response
            }
        }
        var result = WebService.Operation(
            name: name, action: soap?.soapAction ?? "", style: style, input: requestElement, output: responseElement,
            faults: faults(of: operation, bound: bound), inputHeaders: inputHeaders, outputHeaders: outputHeaders,
            documentation: operation.documentation, origin: operation.origin)
        result.headerFaults = headerFaults(of: [bound?.input, bound?.output], operation: name, namespace: namespace)
        return result
    }

    /// The parts of a message the binding puts in the body: those its `soap:body` lists
    /// (all when it lists none), less those a `soap:header` of the same message takes.
    /// `nil` (with a warning) when the body is not literal.
    private mutating func bodyParts(of body: WSDLMessageReference?, message: WSDLMessage, operation: String)
        -> [WSDLPart]?
    {
        let soapBody = body?.soap11 ?? body?.soap12
        if let use = soapBody?.use, use != "literal" {
            warn(
                "operation \(operation) uses '\(use)' encoding; only literal use is generated, the operation is skipped",
                at: soapBody?.origin)
            return nil
        }
        let inHeaders = Set(
            ((body?.headers11 ?? []) + (body?.headers12 ?? [])).filter { header in
                header.message.flatMap { messages[Self.name($0)] } === message
            }.compactMap(\.part))
        let listed = soapBody?.parts.map { Set($0.split(whereSeparator: \.isWhitespace).map(String.init)) }
        var parts: [WSDLPart] = []
        for part in message.parts {
            let name = part.name ?? ""
            if inHeaders.contains(name), listed?.contains(name) != true { continue }
            guard listed?.contains(name) ?? true else {
                // Neither in the body nor in a header: an attachment, say, which nothing here carries.
                warn(
                    "operation \(operation): part \(name) of message \(message.name ?? "") is neither in the body nor "
                        + "in a header; the operation is skipped", at: soapBody?.origin ?? part.origin)
                return nil
            }
            parts.append(part)
        }
        return parts
    }

    /// The header blocks a binding's input or output declares; `nil` (with a located
    /// warning or error) when one cannot be generated, which skips the operation.
    ///
    /// - Parameter namespace: The WSDL's target namespace, which a header block of a part
    ///   given by `type=` is in when its `soap:header` names no `namespace`.
    private mutating func headers(
        of body: WSDLMessageReference?, message: WSDLMessage, operation: String, namespace: String
    ) -> [WebService.Header]? {
        var headers: [WebService.Header] = []
        for header in (body?.headers11 ?? []) + (body?.headers12 ?? []) {
            if let use = header.use, use != "literal" {
                warn(
                    "operation \(operation): a header in '\(use)' encoding is not generated; the operation is skipped",
                    at: header.origin)
                return nil
            }
            // A header whose message is missing (spyne's one-way operations name WS-Addressing
            // headers it does not declare) is left out: the request can go without it.
            guard let reference = header.message, let headerMessage = messages[Self.name(reference)] else {
                let name = header.message.map { Self.name($0).description } ?? "(none)"
                warn(
                    "operation \(operation): header message \(name) is not declared in the inputs; the header is "
                        + "left out", at: header.origin)
                continue
            }
            guard let partName = header.part, let part = headerMessage.parts.first(where: { $0.name == partName })
            else {
                error(
                    "operation \(operation): the header names part '\(header.part ?? "")', which message "
                        + "\(headerMessage.name ?? "") does not have", at: header.origin)
                return nil
            }
            guard let element = part.element else {
                guard let type = part.type else {
                    error("operation \(operation): header part \(partName) names no element or type", at: part.origin)
                    return nil
                }
                // A header block must be qualified: the part's name in the header's namespace.
                let name = QualifiedName(namespace: header.namespace ?? namespace, partName)
                guard headerElement(name, type: type, operation: operation, at: part.origin) else { return nil }
                headers.append(WebService.Header(part: partName, element: name))
                continue
            }
            let name = Self.name(element)
            guard model.rootElements.contains(where: { $0.name == name }) else {
                error("operation \(operation): header element \(name) is not declared in the types", at: part.origin)
                return nil
            }
            headers.append(WebService.Header(part: partName, element: name))
        }
        return headers
    }

    /// The header faults (`soap:headerfault`) of the header blocks of a binding's input and
    /// output: each a message part whose element (or, given by `type=`, the part's name in
    /// the header fault's namespace) travels in the fault's `Header`. One that cannot be
    /// generated is left out with a located warning; the fault is then thrown as a plain
    /// `SOAPFault`, its header blocks with it.
    private mutating func headerFaults(
        of bodies: [WSDLMessageReference?], operation: String, namespace: String
    ) -> [WebService.Fault] {
        var faults: [WebService.Fault] = []
        for body in bodies {
            for header in (body?.headers11 ?? []) + (body?.headers12 ?? []) {
                for fault in header.headerFaults {
                    let described =
                        (fault.message.map { Self.name($0).description } ?? "(none)") + " part "
                        + (fault.part ?? "(none)")
                    let skipped = "; a fault carrying it is thrown as SOAPFault, its header blocks in `headers`"
                    if let use = fault.use, use != "literal" {
                        warn(
                            "operation \(operation): the soap:headerfault \(described) in '\(use)' encoding is not "
                                + "generated" + skipped, at: fault.origin)
                        continue
                    }
                    guard let reference = fault.message, let message = messages[Self.name(reference)] else {
                        warn(
                            "operation \(operation): the soap:headerfault \(described) names a message the inputs do "
                                + "not declare" + skipped, at: fault.origin)
                        continue
                    }
                    guard let partName = fault.part, let part = message.parts.first(where: { $0.name == partName })
                    else {
                        warn(
                            "operation \(operation): the soap:headerfault \(described) names a part message "
                                + "\(message.name ?? "") does not have" + skipped, at: fault.origin)
                        continue
                    }
                    let element: QualifiedName
                    if let declared = part.element {
                        element = Self.name(declared)
                        guard model.rootElements.contains(where: { $0.name == element }) else {
                            warn(
                                "operation \(operation): the header fault's element \(element) is not declared in "
                                    + "the types" + skipped, at: part.origin)
                            continue
                        }
                    } else if let type = part.type {
                        element = QualifiedName(namespace: fault.namespace ?? header.namespace ?? namespace, partName)
                        guard headerElement(element, type: type, operation: operation, at: part.origin) else {
                            continue
                        }
                    } else {
                        warn(
                            "operation \(operation): the header fault's part \(partName) names no element or type"
                                + skipped, at: part.origin)
                        continue
                    }
                    let shaped = WebService.Fault(name: partName, element: element)
                    if !faults.contains(shaped) { faults.append(shaped) }
                }
            }
        }
        return faults
    }

    /// Adds the root element of a header block given by a part's `type=` (once; a second
    /// header of the same name and type shares it). `false`, with a located warning, when
    /// an element of that name with another type is declared already.
    private mutating func headerElement(
        _ name: QualifiedName, type: XMLQualifiedName, operation: String, at origin: Origin?
    ) -> Bool {
        let reference = Self.typeReference(type)
        if let existing = model.rootElements.first(where: { $0.name == name }) {
            guard existing.type == reference else {
                warn(
                    "operation \(operation): the header block \(name) of a part's type is also an element of another "
                        + "type; the operation is skipped", at: origin)
                return false
            }
            return true
        }
        model.rootElements.append(RootElement(name: name, type: reference, origin: origin))
        return true
    }

    /// A part's `type=`: a built-in type of XML Schema, or a named type of the inputs.
    static func typeReference(_ type: XMLQualifiedName) -> TypeReference {
        let name = Self.name(type)
        guard name.namespace == BuiltinType.namespace else { return .named(name) }
        return BuiltinType(rawValue: name.localName).map(TypeReference.builtin) ?? .named(name)
    }

    private mutating func faults(of operation: WSDLOperation, bound: WSDLOperation?) -> [WebService.Fault] {
        let name = operation.name ?? ""
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
        return faults
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

    /// The one element a document/literal body carries.
    private mutating func documentElement(_ parts: [WSDLPart], of message: WSDLMessage, operation: String)
        -> QualifiedName?
    {
        guard parts.count == 1, let element = parts[0].element else {
            warn(
                "operation \(operation): a document/literal body must have one part with an element "
                    + "(message \(message.name ?? "") has \(parts.count), or a type=); the operation is skipped",
                at: message.origin)
            return nil
        }
        let name = Self.name(element)
        guard model.rootElements.contains(where: { $0.name == name }) else {
            error("operation \(operation): element \(name) is not declared in the types", at: parts[0].origin)
            return nil
        }
        return name
    }

    /// Adds the type and root element of an rpc/literal wrapper: `<operation>` (or
    /// `<operationResponse>`) in the body's namespace, a child per part, unqualified.
    private mutating func rpcWrapper(
        _ elementName: String, parts: [WSDLPart], of message: WSDLMessage, namespace: String,
        at operation: WSDLOperation
    ) -> QualifiedName? {
        let element = QualifiedName(namespace: namespace, elementName)
        guard !model.rootElements.contains(where: { $0.name == element }) else {
            warn(
                "the rpc wrapper \(element) is also an element of the types; the operation is skipped",
                at: operation.origin)
            return nil
        }
        var fields: [Field] = []
        for part in parts {
            if let type = part.type {
                var field = Field(
                    name: part.name ?? "", kind: .element, type: Self.typeReference(type), origin: part.origin)
                field.acceptsOwnerNamespace = true
                fields.append(field)
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
}
