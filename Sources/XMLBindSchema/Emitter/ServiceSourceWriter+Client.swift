// The typed client: `NAME.Client`, one `async throws` method per operation over `SOAPClient`.
extension ServiceSourceWriter {
    func clientFile() -> String {
        let defaultVersion = ServiceShape.versionLiteral(service.defaultVersion)
        var text = head
        if let scope = shape.scope {
            text += "extension \(moduleName) {\n"
            text += SwiftLiteral.documentation(
                "The service `\(service.name)` of the WSDL: its ``Client``, ``Service``"
                    + (shape.faults.isEmpty ? "." : " and ``Faults``."),
                indent: "    ")
            text += "    public enum \(scope) {}\n}\n\n"
        }
        text += "extension \(extended) {\n"
        text += SwiftLiteral.documentation(
            joined(
                service.documentation,
                "A client of the service `\(service.name)`:\none method per operation of its WSDL, over "
                    + "`SOAPClient`, with the model's types.\nA fault whose detail the WSDL declares is thrown as "
                    + "its error type in ``Faults``;\nany other fault as `SOAPFault`, and a failed exchange as "
                    + "`SOAPError`."),
            indent: "    ")
        text += "    public struct Client: Sendable {\n"
        text += "        /// The WSDL's ports on this service's port type, in document order: the `wsdl:service`\n"
        text += "        /// they belong to, their name, SOAP version and address.\n"
        text +=
            "        public static let ports: [(service: String, name: String, version: SOAPVersion, address: String)] = [\n"
        for port in service.ports {
            text +=
                "            (\(SwiftLiteral.string(port.service)), \(SwiftLiteral.string(port.name)), "
                + "\(ServiceShape.versionLiteral(port.version)), \(SwiftLiteral.string(port.address ?? ""))),\n"
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
        text += "        /// Creates a client of the first port in ``ports`` (services and ports in the WSDL's order)\n"
        text += "        /// of the version that has a URL, at that address.\n"
        text += "        ///\n"
        text += "        /// - Parameters:\n"
        text += "        ///   - version: The SOAP version; the WSDL's first port's by default.\n"
        text += "        ///   - timeout: How long a call may take, in seconds.\n"
        text +=
            "        /// - Throws: `SOAPError` (`transport`) when the WSDL has no port of that version with a URL.\n"
        text +=
            "        public init(version: SOAPVersion = \(defaultVersion), timeout: TimeInterval = 60) throws(SOAPError) {\n"
        text +=
            "            guard let port = Self.ports.first(where: { $0.version == version && Self.url($0.address) != nil }),\n"
        text += "                let endpoint = Self.url(port.address)\n"
        text += "            else {\n"
        text += "                throw SOAPError(\n"
        text +=
            "                    code: .transport, message: \"the WSDL gives no address for SOAP \\(version.rawValue)\")\n"
        text += "            }\n"
        text += "            self.init(endpoint: endpoint, version: version, timeout: timeout)\n"
        text += "        }\n\n"
        text += "        /// Creates a client of a port of ``ports``, in its version and at its address.\n"
        text += "        ///\n"
        text += "        /// - Parameters:\n"
        text += "        ///   - port: The port's name; when services repeat a name, the first port of that name.\n"
        text += "        ///   - timeout: How long a call may take, in seconds.\n"
        text += "        /// - Throws: `SOAPError` (`transport`) when the WSDL has no port of that name with a URL.\n"
        text += "        public init(port name: String, timeout: TimeInterval = 60) throws(SOAPError) {\n"
        text +=
            "            guard let port = Self.ports.first(where: { $0.name == name }), let endpoint = Self.url(port.address)\n"
        text += "            else {\n"
        text +=
            "                throw SOAPError(code: .transport, message: \"the WSDL gives no address for port \\(name)\")\n"
        text += "            }\n"
        text += "            self.init(endpoint: endpoint, version: port.version, timeout: timeout)\n"
        text += "        }\n\n"
        text += "        private static func url(_ address: String) -> URL? {\n"
        text += "            guard let url = URL(string: address), url.scheme != nil else { return nil }\n"
        text += "            return url\n"
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
        if !operation.versionActions.isEmpty {
            let soap11 = SwiftLiteral.string(operation.versionActions[.soap11] ?? operation.action)
            let soap12 = SwiftLiteral.string(operation.versionActions[.soap12] ?? operation.action)
            about = "Calls `\(operation.name)` (SOAP action \(soap11) in SOAP 1.1, \(soap12) in SOAP 1.2)."
        }
        if method.isOneWay {
            about += "\n\nA one-way operation: returns once the service has taken the request."
        }
        if !method.faults.isEmpty {
            about +=
                "\n\n- Throws: " + method.faults.map { "``Faults/\($0.className)``" }.joined(separator: ", ")
                + " for the declared faults (and header faults),\n  `SOAPFault` for others, `SOAPError` when the "
                + "exchange fails."
        }
        var text = SwiftLiteral.documentation(joined(operation.documentation, about), indent: "        ")
        text += "        public func \(SwiftIdentifier.escaped(method.name))(\(parameterList(method, sending: true)))"
        text += " async throws\(returnClause(method, sending: true)) {\n"
        let body = "            "
        if let parameters = method.parameters {
            text += body + "let request = \(method.requestClass)()\n"
            for parameter in parameters {
                let name = SwiftIdentifier.escaped(parameter.name)
                text += body + "request.\(name) = \(name)\n"
            }
        }
        var headers = ""
        if !method.inputHeaders.isEmpty {
            text += body + "var soapHeaders: [SOAPHeaderBlock] = []\n"
            for header in method.inputHeaders {
                let name = SwiftIdentifier.escaped(header.name)
                text += body + "if let \(name) { soapHeaders.append(SOAPHeaderBlock(\(name))) }\n"
            }
            headers = ", headers: soapHeaders"
        }
        var action = SwiftLiteral.string(operation.action)
        if !operation.versionActions.isEmpty {
            // The bindings of the two SOAP versions give the operation different actions.
            let soap11 = SwiftLiteral.string(operation.versionActions[.soap11] ?? operation.action)
            let soap12 = SwiftLiteral.string(operation.versionActions[.soap12] ?? operation.action)
            action = "soap.version == .version1point2 ? \(soap12) : \(soap11)"
        }
        // What the call gives: nothing (one-way), the body, or the body with its header blocks.
        let call: String
        let answer: (name: String, type: String)?
        if let responseClass = method.responseClass {
            if method.outputHeaders.isEmpty {
                call = "try await soap.call(action: \(action), body: request\(headers), as: \(responseClass).self)"
                answer = ("response", responseClass)
            } else {
                call = "try await soap.reply(action: \(action), body: request\(headers), as: \(responseClass).self)"
                answer = ("reply", "SOAPReply<\(responseClass)>")
            }
        } else {
            call = "try await soap.callOneWay(action: \(action), body: request\(headers))"
            answer = nil
        }
        if method.faults.isEmpty {
            text += body + (answer.map { "let \($0.name) = " } ?? "") + call + "\n"
        } else {
            if let answer { text += body + "let \(answer.name): \(answer.type)\n" }
            text += body + "do {\n"
            text += body + "    " + (answer.map { "\($0.name) = " } ?? "") + call + "\n"
            text += body + "} catch let fault as SOAPFault {\n"
            for fault in method.faults {
                let place = fault.inHeader ? "header" : "detail"
                text += body + "    if let detail = fault.\(place)(as: \(fault.detailType).self) {\n"
                text += body + "        throw Faults.\(fault.className)(detail: detail, fault: fault)\n"
                text += body + "    }\n"
            }
            text += body + "    throw fault\n"
            text += body + "}\n"
        }
        text += returnStatement(method, indent: body)
        text += "        }\n"
        return text
    }

    /// Returns what the client method returns, from `response` (or `reply`).
    private func returnStatement(_ method: ServiceShape.Method, indent body: String) -> String {
        guard !method.isOneWay else { return "" }
        var text = ""
        if !method.outputHeaders.isEmpty, method.result.isSomething { text += body + "let response = reply.body\n" }
        var values: [String] = []
        switch method.result {
        case .nothing:
            if method.outputHeaders.isEmpty { text += body + "_ = response\n" }
        case .object:
            values.append("response")
        case .value(let value):
            let name = SwiftIdentifier.escaped(value.name)
            if value.isRequired {
                let message = "the answer of \(method.operation.name) has no <\(value.field.field.name)>"
                text += body + "guard let result = response.\(name) else {\n"
                text += body + "    throw SOAPError(code: .unexpectedBody, message: \(SwiftLiteral.string(message)))\n"
                text += body + "}\n"
                values.append("result")
            } else {
                values.append("response.\(name)")
            }
        }
        var labels = method.result.isSomething ? ["result"] : []
        for header in method.outputHeaders {
            values.append("reply.headers(of: \(header.className).self).first")
            labels.append(SwiftIdentifier.escaped(header.name))
        }
        switch values.count {
        case 0: return text
        case 1: return text + body + "return \(values[0])\n"
        default:
            return text + body + "return (" + zip(labels, values).map { "\($0): \($1)" }.joined(separator: ", ") + ")\n"
        }
    }

    /// `a: Int32, b: String? = nil`, or `_ request: Add` for a request taken whole; then the
    /// header blocks, each optional (a client may send it with every call, in `soap.headers`).
    func parameterList(_ method: ServiceShape.Method, sending: Bool) -> String {
        var list: [String]
        if let parameters = method.parameters {
            list = parameters.map { parameter in
                let type = (sending && parameter.isObject ? "sending " : "") + parameter.swiftType
                let defaultValue =
                    parameter.swiftType.hasPrefix("[") ? " = []" : parameter.isRequired ? "" : " = nil"
                return "\(SwiftIdentifier.escaped(parameter.name)): \(type)\(sending ? defaultValue : "")"
            }
        } else {
            list = ["_ request: \(sending ? "sending " : "")\(method.requestClass)"]
        }
        for header in method.inputHeaders {
            let type = (sending ? "sending " : "") + header.className + "?" + (sending ? " = nil" : "")
            list.append("\(SwiftIdentifier.escaped(header.name)): \(type)")
        }
        return list.joined(separator: ", ")
    }

    /// ` -> T`: the result, or a tuple of the result and the answer's header blocks; nothing
    /// for a one-way operation.
    func returnClause(_ method: ServiceShape.Method, sending: Bool) -> String {
        guard !method.isOneWay else { return "" }
        guard !method.outputHeaders.isEmpty else { return " -> " + resultType(method.result, sending: sending) }
        var elements: [String] = []
        if method.result.isSomething { elements.append("result: " + resultType(method.result, sending: false)) }
        for header in method.outputHeaders {
            elements.append("\(SwiftIdentifier.escaped(header.name)): \(header.className)?")
        }
        let prefix = sending ? "sending " : ""
        if elements.count == 1, let header = method.outputHeaders.first { return " -> \(prefix)\(header.className)?" }
        return " -> \(prefix)(" + elements.joined(separator: ", ") + ")"
    }

    private func resultType(_ result: ServiceShape.Result, sending: Bool) -> String {
        switch result {
        case .nothing: return "Void"
        case .object(let name): return (sending ? "sending " : "") + name
        case .value(let value): return (sending && value.isObject ? "sending " : "") + value.swiftType
        }
    }
}
