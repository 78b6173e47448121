/// Writes the service files of a WSDL's model: `NAME+Client.swift` (the typed client),
/// `NAME+Service.swift` (the protocol a service implements, and its registration on a
/// `SOAPService`) and `NAME+Faults.swift` (an error type per declared fault detail).
///
/// As in the model files, every name from the input is an identifier the planner made and
/// every text a `\u{…}`-escaped literal or a `///` comment line, so no WSDL can inject code.
struct ServiceSourceWriter {
    let shape: ServiceShape
    let moduleName: String
    /// The model files' header and imports, to which `import XMLBindSOAP` is added.
    let preamble: String

    var files: [GeneratedFile] {
        var files = [
            GeneratedFile(name: "\(moduleName)+Client.swift", contents: clientFile()),
            GeneratedFile(name: "\(moduleName)+Service.swift", contents: serviceFile()),
        ]
        if !shape.faults.isEmpty {
            files.append(GeneratedFile(name: "\(moduleName)+Faults.swift", contents: faultsFile()))
        }
        return files
    }

    /// URLSession is in FoundationNetworking on Linux.
    private var head: String {
        preamble + "import XMLBindSOAP\n\n"
            + "#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n\n"
    }

    private var service: WebService { shape.service }

    // MARK: Client

    func clientFile() -> String {
        let defaultVersion = ServiceShape.versionLiteral(service.defaultVersion)
        var text = head + "extension \(moduleName) {\n"
        text += SwiftLiteral.documentation(
            joined(
                service.documentation,
                "A client of the service `\(service.name)`:\none method per operation of its WSDL, over "
                    + "`SOAPClient`, with the model's types.\nA fault whose detail the WSDL declares is thrown as "
                    + "its error type in ``Faults``;\nany other fault as `SOAPFault`, and a failed exchange as "
                    + "`SOAPError`."),
            indent: "    ")
        text += "    public struct Client: Sendable {\n"
        text += "        /// The WSDL's ports with a SOAP binding: name, SOAP version and address.\n"
        text += "        public static let ports: [(name: String, version: SOAPVersion, address: String)] = [\n"
        for port in service.ports {
            text +=
                "            (\(SwiftLiteral.string(port.name)), \(ServiceShape.versionLiteral(port.version)), "
                + "\(SwiftLiteral.string(port.address ?? ""))),\n"
        }
        text += "        ]\n\n"
        text += "        /// The SOAP client the calls go through (its endpoint, version, timeout and headers).\n"
        text += "        public var soap: SOAPClient\n\n"
        text += "        /// Creates a client of the service at an endpoint.\n"
        text += "        ///\n"
        text += "        /// - Parameters:\n"
        text += "        ///   - endpoint: The service's URL.\n"
        text += "        ///   - version: The SOAP version; the WSDL's binding's by default.\n"
        text += "        ///   - timeout: How long a call may take, in seconds.\n"
        text += "        ///   - httpHeaders: HTTP headers to send with every request.\n"
        text += "        ///   - session: The `URLSession` to send requests with.\n"
        text += "        public init(\n"
        text += "            endpoint: URL, version: SOAPVersion = \(defaultVersion), timeout: TimeInterval = 60,\n"
        text += "            httpHeaders: [String: String] = [:], session: URLSession = .shared\n"
        text += "        ) {\n"
        text += "            soap = SOAPClient(\n"
        text +=
            "                endpoint: endpoint, version: version, binder: \(moduleName).binder, timeout: timeout,\n"
        text += "                httpHeaders: httpHeaders, session: session)\n"
        text += "        }\n\n"
        text += "        /// Creates a client of the service at the address the WSDL gives for the version.\n"
        text += "        ///\n"
        text += "        /// - Parameters:\n"
        text += "        ///   - version: The SOAP version; the WSDL's first port's by default.\n"
        text += "        ///   - timeout: How long a call may take, in seconds.\n"
        text +=
            "        /// - Throws: `SOAPError` (`transport`) when the WSDL has no port of that version with a URL.\n"
        text +=
            "        public init(version: SOAPVersion = \(defaultVersion), timeout: TimeInterval = 60) throws(SOAPError) {\n"
        text += "            guard let port = Self.ports.first(where: { $0.version == version }),\n"
        text += "                let endpoint = URL(string: port.address), endpoint.scheme != nil\n"
        text += "            else {\n"
        text += "                throw SOAPError(\n"
        text +=
            "                    code: .transport, message: \"the WSDL gives no address for SOAP \\(version.rawValue)\")\n"
        text += "            }\n"
        text += "            self.init(endpoint: endpoint, version: version, timeout: timeout)\n"
        text += "        }\n"
        for method in shape.methods {
            text += "\n" + clientMethod(method)
        }
        text += "    }\n}\n"
        return text
    }

    private func clientMethod(_ method: ServiceShape.Method) -> String {
        let operation = method.operation
        var about = "Calls `\(operation.name)` (SOAP action \(SwiftLiteral.string(operation.action)))."
        if !method.faults.isEmpty {
            about +=
                "\n\n- Throws: " + method.faults.map { "``Faults/\($0.className)``" }.joined(separator: ", ")
                + " for the declared faults,\n  `SOAPFault` for others, `SOAPError` when the exchange fails."
        }
        var text = SwiftLiteral.documentation(joined(operation.documentation, about), indent: "        ")
        text += "        public func \(SwiftIdentifier.escaped(method.name))(\(parameterList(method, sending: true)))"
        text += " async throws -> \(resultType(method.result, sending: true)) {\n"
        let body = "        "
        if let parameters = method.parameters {
            text += body + "    let request = \(method.requestClass)()\n"
            for parameter in parameters {
                let name = SwiftIdentifier.escaped(parameter.name)
                text += body + "    request.\(name) = \(name)\n"
            }
        }
        let call =
            "try await soap.call(action: \(SwiftLiteral.string(operation.action)), body: request, as: "
            + "\(method.responseClass).self)"
        if method.faults.isEmpty {
            text += body + "    let response = \(call)\n"
        } else {
            text += body + "    let response: \(method.responseClass)\n"
            text += body + "    do {\n"
            text += body + "        response = \(call)\n"
            text += body + "    } catch let fault as SOAPFault {\n"
            for fault in method.faults {
                text += body + "        if let detail = fault.detail(as: \(fault.className).self) {\n"
                text += body + "            throw Faults.\(fault.className)(detail: detail, fault: fault)\n"
                text += body + "        }\n"
            }
            text += body + "        throw fault\n"
            text += body + "    }\n"
        }
        switch method.result {
        case .nothing:
            text += body + "    _ = response\n"
        case .object:
            text += body + "    return response\n"
        case .value(let value):
            let name = SwiftIdentifier.escaped(value.name)
            if value.isRequired {
                let message = "the answer of \(operation.name) has no <\(value.field.field.name)>"
                text += body + "    guard let result = response.\(name) else {\n"
                text +=
                    body + "        throw SOAPError(code: .unexpectedBody, message: \(SwiftLiteral.string(message)))\n"
                text += body + "    }\n"
                text += body + "    return result\n"
            } else {
                text += body + "    return response.\(name)\n"
            }
        }
        text += body + "}\n"
        return text
    }

    /// `a: Int32, b: String? = nil`, or `_ request: Add` for a request taken whole.
    private func parameterList(_ method: ServiceShape.Method, sending: Bool) -> String {
        guard let parameters = method.parameters else {
            return "_ request: \(sending ? "sending " : "")\(method.requestClass)"
        }
        return parameters.map { parameter in
            let type = (sending && parameter.isObject ? "sending " : "") + parameter.swiftType
            let defaultValue =
                parameter.swiftType.hasPrefix("[") ? " = []" : parameter.isRequired ? "" : " = nil"
            return "\(SwiftIdentifier.escaped(parameter.name)): \(type)\(sending ? defaultValue : "")"
        }.joined(separator: ", ")
    }

    private func resultType(_ result: ServiceShape.Result, sending: Bool) -> String {
        switch result {
        case .nothing: return "Void"
        case .object(let name): return (sending ? "sending " : "") + name
        case .value(let value): return (sending && value.isObject ? "sending " : "") + value.swiftType
        }
    }

    // MARK: Service

    func serviceFile() -> String {
        var text = head + "extension \(moduleName) {\n"
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
            text += " async throws -> \(resultType(method.result, sending: false))\n"
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
        text += "namespace: \(SwiftLiteral.string(service.namespace)), binder: binder))\n"
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
        for method in shape.methods { text += registration(method) }
        text += "    }\n}\n"
        return text
    }

    private func registration(_ method: ServiceShape.Method) -> String {
        let operation = method.operation
        let indent = "            "
        var text = indent + ".operation(\n"
        text += indent + "    \(SwiftLiteral.string(operation.name)), request: \(method.requestClass).self, "
        text += "response: \(method.responseClass).self,\n"
        text += indent + "    action: \(SwiftLiteral.string(operation.action)), faults: ["
        text += method.faults.map { "\($0.className).self" }.joined(separator: ", ") + "]\n"
        text += indent + ") { request in\n"
        let name = SwiftIdentifier.escaped(method.name)
        var call: String
        var lines = ""
        if let parameters = method.parameters {
            for parameter in parameters where parameter.isRequired {
                let property = SwiftIdentifier.escaped(parameter.name)
                let message = "the request of \(operation.name) has no <\(parameter.field.field.name)>"
                lines += indent + "    guard let \(property) = request.\(property) else {\n"
                lines += indent + "        throw SOAPFault.sender(\(SwiftLiteral.string(message)))\n"
                lines += indent + "    }\n"
            }
            call =
                "try await implementation.\(name)("
                + parameters.map { parameter in
                    let property = SwiftIdentifier.escaped(parameter.name)
                    return "\(property): " + (parameter.isRequired ? property : "request.\(property)")
                }.joined(separator: ", ") + ")"
        } else {
            call = "try await implementation.\(name)(request)"
        }
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

    private func answer(_ method: ServiceShape.Method, call: String, indent: String) -> String {
        switch method.result {
        case .object:
            return indent + "return \(call)\n"
        case .nothing:
            return indent + "\(call)\n" + indent + "return \(method.responseClass)()\n"
        case .value(let value):
            return indent + "let response = \(method.responseClass)()\n"
                + indent + "response.\(SwiftIdentifier.escaped(value.name)) = \(call)\n"
                + indent + "return response\n"
        }
    }

    // MARK: Faults

    func faultsFile() -> String {
        var text = head + "extension \(moduleName) {\n"
        text += "    /// The faults the WSDL declares, one error type per detail element: the client throws them,\n"
        text += "    /// and a ``Service`` throws them to answer with the fault.\n"
        text += "    public enum Faults {}\n"
        text += "}\n"
        for fault in shape.faults {
            let detail = "\(moduleName).\(fault.className)"
            text += "\nextension \(moduleName).Faults {\n"
            text += SwiftLiteral.documentation(
                "The fault `\(fault.fault.name)`, whose detail is `<\(fault.fault.element.localName)>`.\n\n"
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
            text +=
                "            self.init(detail: detail, fault: SOAPFault(code: code, reason: reason, detail: detail))\n"
            text += "        }\n\n"
            text += "        /// The fault to answer with: ``fault`` with ``detail``.\n"
            text += "        public var soapFault: SOAPFault {\n"
            text += "            var fault = fault\n"
            text += "            fault.detail = detail\n"
            text += "            return fault\n"
            text += "        }\n\n"
            text += "        /// The fault's description: code and reason.\n"
            text += "        public var description: String { fault.description }\n"
            text += "    }\n}\n"
        }
        return text
    }

    private func joined(_ documentation: String?, _ line: String) -> String {
        guard let documentation, !documentation.allSatisfy(\.isWhitespace) else { return line }
        return documentation + "\n\n" + line
    }
}
