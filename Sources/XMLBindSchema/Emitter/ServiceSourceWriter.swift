/// Writes the service files of a WSDL's model: `NAME+Client.swift` (the typed client),
/// `NAME+Service.swift` (the protocol a service implements, and its registration on a
/// `SOAPService`) and `NAME+Faults.swift` (an error type per declared fault detail and
/// header fault block). When the WSDL has several services (port types), each one's go
/// into an enum of its own, `NAME.Scope`, in `NAME+Scope.Client.swift` and so on.
///
/// As in the model files, every name from the input is an identifier the planner made and
/// every text a `\u{…}`-escaped literal or a `///` comment line, so no WSDL can inject code.
struct ServiceSourceWriter {
    let shape: ServiceShape
    let moduleName: String
    /// The model files' header and imports, to which `import XMLBindSOAP` is added.
    let preamble: String

    var files: [GeneratedFile] {
        // `NAME+Client.swift`, or `NAME+Scope.Client.swift` for one of several services.
        let prefix = moduleName + "+" + (shape.scope.map { $0 + "." } ?? "")
        var files = [
            GeneratedFile(name: "\(prefix)Client.swift", contents: clientFile()),
            GeneratedFile(name: "\(prefix)Service.swift", contents: serviceFile()),
        ]
        if !shape.faults.isEmpty {
            files.append(GeneratedFile(name: "\(prefix)Faults.swift", contents: faultsFile()))
        }
        return files
    }

    /// URLSession is in FoundationNetworking on Linux.
    var head: String {
        preamble + "import XMLBindSOAP\n\n"
            + "#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n\n"
    }

    /// The type the service's declarations extend: `NAME`, or `NAME.Scope`.
    var extended: String { shape.scope.map { "\(moduleName).\($0)" } ?? moduleName }

    var service: WebService { shape.service }

    // MARK: Service

    func serviceFile() -> String {
        var text = head + "extension \(extended) {\n"
        text += SwiftLiteral.documentation(
            "What a service of `\(service.name)` does:\none method per operation of its WSDL, with the "
                + "client's signatures.\nHost an implementation with ``soapService(_:)`` (or add its operations "
                + "to a `SOAPService`\nwith ``register(_:on:)``). Throw an error of ``Faults`` to answer with "
                + "a declared fault,\nor a `SOAPFault`; any other error is answered as a Server/Receiver fault.",
            indent: "    ")
        text += "    public protocol Service: Sendable {\n"
        for (index, method) in shape.methods.enumerated() {
            if index > 0 { text += "\n" }
            let about = "Answers `\(method.operation.name)`."
            text += SwiftLiteral.documentation(joined(method.operation.documentation, about), indent: "        ")
            text += "        func \(SwiftIdentifier.escaped(method.name))(\(parameterList(method, sending: false)))"
            text += " async throws\(returnClause(method, sending: false))\n"
        }
        text += "    }\n\n"
        text += "    /// A `SOAPService` named as the WSDL names it, answering with an implementation.\n"
        text += "    ///\n"
        text += "    /// - Parameter implementation: What answers the operations.\n"
        text += "    /// - Returns: The service, to host with `routes(soap11Path:soap12Path:)` (XMLBindSOAPServer).\n"
        text += "    public static func soapService(_ implementation: some Service) -> SOAPService {\n"
        text += "        register(\n"
        text += "            implementation,\n"
        text += "            on: SOAPService(name: \(SwiftLiteral.string(service.name)), "
        text += "namespace: \(SwiftLiteral.string(service.namespace)), binder: \(moduleName).binder))\n"
        text += "    }\n\n"
        text += "    /// Adds the WSDL's operations to a service, each answered by the implementation.\n"
        text += "    ///\n"
        text += "    /// - Parameters:\n"
        text += "    ///   - implementation: What answers the operations.\n"
        text += "    ///   - service: A service whose binder has this model's mappings.\n"
        text += "    /// - Returns: The service with the operations.\n"
        text +=
            "    public static func register(_ implementation: some Service, on service: SOAPService) -> SOAPService {\n"
        text += "        service\n"
        for method in shape.methods { text += registration(method) + versionActions(method) }
        text += "    }\n}\n"
        return text
    }

    /// The actions a SOAP version's binding gives an operation beyond the first binding's,
    /// so that the WSDL the service serves lists each version's own.
    private func versionActions(_ method: ServiceShape.Method) -> String {
        let operation = method.operation
        var text = ""
        for (version, swiftVersion) in [(WebService.Version.soap11, "version1point1"), (.soap12, "version1point2")] {
            guard let action = operation.versionActions[version], action != operation.action else { continue }
            text += "            .action(\(SwiftLiteral.string(action)), for: .\(swiftVersion), "
            text += "ofOperation: \(SwiftLiteral.string(operation.name)))\n"
        }
        return text
    }

    private func registration(_ method: ServiceShape.Method) -> String {
        let operation = method.operation
        let indent = "            "
        // The fault types the service's WSDL declares: details only (a header fault's block
        // is a header, not a fault message of the port type).
        let faults = method.faults.filter { !$0.inHeader }.map { "\($0.detailType).self" }.joined(separator: ", ")
        let action = SwiftLiteral.string(operation.action)
        // The context carries the request's header blocks.
        let closure = method.inputHeaders.isEmpty ? "request, _ in" : "request, context in"
        var text: String
        if let responseClass = method.responseClass {
            let register = method.outputHeaders.isEmpty ? "operation" : "operationWithReplyHeaders"
            text = indent + ".\(register)(\n"
            text += indent + "    \(SwiftLiteral.string(operation.name)), request: \(method.requestClass).self, "
            text += "response: \(responseClass).self,\n"
            text += indent + "    action: \(action), faults: [\(faults)]\n"
            text +=
                indent + ") { \(method.inputHeaders.isEmpty && method.outputHeaders.isEmpty ? "request in" : closure)\n"
        } else {
            text = indent + ".oneWayOperation(\n"
            text += indent + "    \(SwiftLiteral.string(operation.name)), request: \(method.requestClass).self, "
            text += "action: \(action), faults: [\(faults)]\n"
            text += indent + ") { \(closure)\n"
        }
        let name = SwiftIdentifier.escaped(method.name)
        var arguments: [String]
        var lines = ""
        if let parameters = method.parameters {
            for parameter in parameters where parameter.isRequired {
                let property = SwiftIdentifier.escaped(parameter.name)
                let message = "the request of \(operation.name) has no <\(parameter.field.field.name)>"
                lines += indent + "    guard let \(property) = request.\(property) else {\n"
                lines += indent + "        throw SOAPFault.sender(\(SwiftLiteral.string(message)))\n"
                lines += indent + "    }\n"
            }
            arguments = parameters.map { parameter in
                let property = SwiftIdentifier.escaped(parameter.name)
                return "\(property): " + (parameter.isRequired ? property : "request.\(property)")
            }
        } else {
            arguments = ["request"]
        }
        for header in method.inputHeaders {
            arguments.append(
                "\(SwiftIdentifier.escaped(header.name)): context.headers(of: \(header.className).self).first")
        }
        let call = "try await implementation.\(name)(" + arguments.joined(separator: ", ") + ")"
        guard !method.faults.isEmpty else {
            return text + lines + answer(method, call: call, indent: indent + "    ") + indent + "}\n"
        }
        // A declared fault's error is answered as that fault, with its detail.
        text += indent + "    do {\n"
        text += lines.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
        text += answer(method, call: call, indent: indent + "        ")
        text += indent + "    } "
        text += method.faults.map { fault in
            "catch let error as Faults.\(fault.className) {\n" + indent + "        throw error.soapFault\n" + indent
                + "    } "
        }.joined()
        text.removeLast()
        text += "\n" + indent + "}\n"
        return text
    }

    /// The handler's last lines: the implementation called, its answer made the response.
    private func answer(_ method: ServiceShape.Method, call: String, indent: String) -> String {
        guard let responseClass = method.responseClass else { return indent + "\(call)\n" }
        guard !method.outputHeaders.isEmpty else {
            switch method.result {
            case .object:
                return indent + "return \(call)\n"
            case .nothing:
                return indent + "\(call)\n" + indent + "return \(responseClass)()\n"
            case .value(let value):
                return indent + "let response = \(responseClass)()\n"
                    + indent + "response.\(SwiftIdentifier.escaped(value.name)) = \(call)\n"
                    + indent + "return response\n"
            }
        }
        // The answer is a tuple of the result and the header blocks (or one header block alone).
        let single = !method.result.isSomething && method.outputHeaders.count == 1
        var text = indent + "let answer = \(call)\n"
        switch method.result {
        case .object:
            text += indent + "let response = answer.result\n"
        case .nothing:
            text += indent + "let response = \(responseClass)()\n"
        case .value(let value):
            text += indent + "let response = \(responseClass)()\n"
            text += indent + "response.\(SwiftIdentifier.escaped(value.name)) = answer.result\n"
        }
        text += indent + "var soapHeaders: [SOAPHeaderBlock] = []\n"
        for header in method.outputHeaders {
            let value = single ? "answer" : "answer.\(SwiftIdentifier.escaped(header.name))"
            text += indent + "if let header = \(value) { soapHeaders.append(SOAPHeaderBlock(header)) }\n"
        }
        text += indent + "return SOAPReply(response, headers: soapHeaders)\n"
        return text
    }

    // MARK: Faults

    func faultsFile() -> String {
        var text = head + "extension \(extended) {\n"
        text += "    /// The faults the WSDL declares, one error type per detail element (or header fault's\n"
        text += "    /// block): the client throws them,\n"
        text += "    /// and a ``Service`` throws them to answer with the fault.\n"
        text += "    public enum Faults {}\n"
        text += "}\n"
        for fault in shape.faults {
            let detail = "\(moduleName).\(fault.className)"
            text += "\nextension \(extended).Faults {\n"
            let about =
                fault.inHeader
                ? "The header fault `\(fault.fault.name)`: a fault about a header block of the request,\nwhose "
                    + "details are the header block `<\(fault.fault.element.localName)>` in the fault's envelope "
                    + "(`soap:headerfault`;\n``detail`` is that block)."
                : "The fault `\(fault.fault.name)`, whose detail is `<\(fault.fault.element.localName)>`."
            text += SwiftLiteral.documentation(
                about + "\n\n"
                    + "`@unchecked Sendable`: the detail is made by the parse that reads the fault\n(or by the "
                    + "code that throws it) and only handed on, as `SOAPFault`'s is.",
                indent: "    ")
            text += "    public struct \(fault.className): Error, @unchecked Sendable, CustomStringConvertible {\n"
            text += "        /// The fault's detail.\n"
            text += "        public var detail: \(detail)\n"
            text += "        /// The fault as received (or as it will be sent): code, reason, node and role.\n"
            text += "        public var fault: SOAPFault\n\n"
            text += "        /// Creates the error of a received fault.\n"
            text += "        public init(detail: \(detail), fault: SOAPFault) {\n"
            text += "            self.detail = detail\n"
            text += "            self.fault = fault\n"
            text += "        }\n\n"
            text += "        /// Creates the fault a service answers with.\n"
            text += "        ///\n"
            text += "        /// - Parameters:\n"
            text += "        ///   - detail: The detail.\n"
            text += "        ///   - reason: A reason a person can read.\n"
            text += "        ///   - code: The kind of fault; `.sender` for a bad request.\n"
            text += "        public init(_ detail: \(detail), reason: String, code: SOAPFault.Code = .receiver) {\n"
            if fault.inHeader {
                text += "            self.init(\n"
                text += "                detail: detail,\n"
                text += "                fault: SOAPFault(\n"
                text += "                    code: code, reason: reason, headers: [SOAPHeaderBlock(detail)]))\n"
                text += "        }\n\n"
                text += "        /// The fault to answer with: ``fault`` with ``detail`` as its header block.\n"
                text += "        public var soapFault: SOAPFault {\n"
                text += "            var fault = fault\n"
                text += "            fault.headers.removeAll { $0.value is \(detail) }\n"
                text += "            fault.headers.insert(SOAPHeaderBlock(detail), at: 0)\n"
                text += "            return fault\n"
                text += "        }\n\n"
            } else {
                text +=
                    "            self.init(detail: detail, fault: SOAPFault(code: code, reason: reason, detail: detail))\n"
                text += "        }\n\n"
                text += "        /// The fault to answer with: ``fault`` with ``detail``.\n"
                text += "        public var soapFault: SOAPFault {\n"
                text += "            var fault = fault\n"
                text += "            fault.detail = detail\n"
                text += "            return fault\n"
                text += "        }\n\n"
            }
            text += "        /// The fault's description: code and reason.\n"
            text += "        public var description: String { fault.description }\n"
            text += "    }\n}\n"
        }
        return text
    }

    func joined(_ documentation: String?, _ line: String) -> String {
        guard let documentation, !documentation.allSatisfy(\.isWhitespace) else { return line }
        return documentation + "\n\n" + line
    }
}
