import XMLBind

/// Turns the WSDL documents read by ``WSDLReader`` into the model's ``WebService``s: groups
/// the SOAP ports of every service by their binding's port type (one ``WebService`` each),
/// resolves each operation's messages to elements of the model (body and headers), and
/// makes the wrapper types of rpc/literal operations.
struct WSDLServiceBuilder {
    let documents: [WSDLDocument]
    var model: SchemaModel
    var messages: [QualifiedName: WSDLMessage] = [:]
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

    /// The ports bound to one port type, from every service, in document order.
    private struct PortGroup {
        var portType: QualifiedName?
        /// The first port's binding: its SOAP details (actions, style, bodies) are the client's.
        var binding: WSDLBinding
        var namespace: String?
        /// The service of the first port.
        var service: WSDLService? = nil
        var ports: [WebService.Port] = []
        /// The other ports' bindings, when not the first's (a SOAP 1.2 binding beside a 1.1 one).
        var otherBindings: [WSDLBinding] = []
    }

    mutating func build() -> SchemaModel {
        guard let first = documents.first else { return model }
        var groups = portGroups()
        if groups.isEmpty {
            // No port on a SOAP binding: the first SOAP binding, at no address.
            let all = documents.flatMap { document in
                document.definitions.bindings.map { ($0, document.definitions.targetNamespace) }
            }
            if let (binding, namespace) = all.first(where: { Self.version(of: $0.0) != nil }) {
                groups = [PortGroup(portType: binding.type.map(Self.name), binding: binding, namespace: namespace)]
            }
        }
        guard !groups.isEmpty else {
            warn(
                "no SOAP 1.1 or SOAP 1.2 binding: the types are generated, no client or service protocol",
                at: first.definitions.origin)
            return model
        }
        let firstService = documents.lazy.flatMap(\.definitions.services).first
        for group in groups {
            guard let typeName = group.portType, let portType = portTypes[typeName] else {
                error("binding \(group.binding.name ?? "") names no port type of the inputs", at: group.binding.origin)
                continue
            }
            // One port type keeps the first service's name; several are told apart by their
            // service's name, or their port type's when they share a service.
            let service = groups.count == 1 ? group.service ?? firstService : group.service
            let shared = groups.contains { $0.portType != group.portType && $0.service === group.service }
            let name = (shared ? nil : service?.name) ?? portType.name ?? "Service"
            let targetNamespace = group.namespace ?? ""
            var versionActions: [String: [WebService.Version: String]] = [:]
            for other in group.otherBindings {
                for (operation, action) in compare(other, with: group.binding) {
                    if let version = Self.version(of: other) {
                        versionActions[operation, default: [:]][version] = action
                    }
                }
            }
            var operations: [WebService.Operation] = []
            for operation in portType.operations {
                if var built = self.operation(operation, binding: group.binding, namespace: targetNamespace) {
                    built.versionActions = versionActions[built.name] ?? [:]
                    operations.append(built)
                }
            }
            if operations.isEmpty, let encoded = Self.encodedBody(in: group.binding) {
                // Nothing to call: an empty client would only move the surprise to run time.
                error(
                    "binding \(group.binding.name ?? "") uses SOAP encoding ('encoded' use, as rpc/encoded services "
                        + "do) for every operation; only literal use (document/literal, rpc/literal) is generated",
                    at: encoded.origin)
                continue
            }
            model.services.append(
                WebService(
                    name: name, namespace: targetNamespace, operations: operations, ports: group.ports,
                    documentation: service?.documentation))
        }
        return model
    }

    /// The first `soap:body` of a binding's operations that names a use other than literal.
    private static func encodedBody(in binding: WSDLBinding) -> WSDLSOAPBody? {
        let bodies = binding.operations.flatMap { [$0.input, $0.output] }.compactMap { $0?.soap11 ?? $0?.soap12 }
        return bodies.first { $0.use.map { $0 != "literal" } ?? false }
    }

    /// Every service's SOAP ports, grouped by the port type of their binding.
    private mutating func portGroups() -> [PortGroup] {
        var groups: [PortGroup] = []
        for service in documents.flatMap(\.definitions.services) {
            for port in service.ports {
                guard let reference = port.binding, let (binding, namespace) = bindings[Self.name(reference)] else {
                    error("port \(port.name ?? "") names no binding of the inputs", at: port.origin)
                    continue
                }
                guard let version = Self.version(of: binding) else {
                    warn("port \(port.name ?? "") is not on a SOAP binding; it is skipped", at: port.origin)
                    continue
                }
                let built = WebService.Port(
                    service: service.name ?? "", name: port.name ?? "", version: version,
                    address: (version == .soap11 ? port.soap11 : port.soap12)?.location, origin: port.origin)
                let portType = binding.type.map(Self.name)
                if let index = groups.firstIndex(where: { $0.portType == portType }) {
                    groups[index].ports.append(built)
                    if binding !== groups[index].binding,
                        !groups[index].otherBindings.contains(where: { $0 === binding })
                    {
                        groups[index].otherBindings.append(binding)
                    }
                } else {
                    groups.append(
                        PortGroup(
                            portType: portType, binding: binding, namespace: namespace, service: service,
                            ports: [built]))
                }
            }
        }
        return groups
    }

    /// The client and service follow the binding of a port type's first port: where another
    /// port's binding says otherwise for an operation (its style, body parts or headers, or
    /// its SOAP action in the same SOAP version), that is a located warning rather than a
    /// difference silently ignored.
    ///
    /// - Returns: The operations to which a binding of another SOAP version gives another
    ///   action (and nothing else different), with that action: the client of that version
    ///   sends it.
    private mutating func compare(_ other: WSDLBinding, with first: WSDLBinding) -> [(String, String)] {
        func action(_ operation: WSDLOperation?) -> String {
            (operation?.soap11 ?? operation?.soap12)?.soapAction ?? ""
        }
        func summary(_ operation: WSDLOperation?, of binding: WSDLBinding) -> [String] {
            let soap = operation?.soap11 ?? operation?.soap12
            var parts = [soap?.style ?? (binding.soap11 ?? binding.soap12)?.style ?? ""]
            for message in [operation?.input, operation?.output] {
                parts.append((message?.soap11 ?? message?.soap12)?.parts ?? "*")
                parts += ((message?.headers11 ?? []) + (message?.headers12 ?? [])).map {
                    ($0.message?.localName ?? "") + "#" + ($0.part ?? "")
                }
                parts.append("|")
            }
            return parts
        }
        let ownVersion = Self.version(of: other) != Self.version(of: first)
        var actions: [(String, String)] = []
        for operation in other.operations {
            let firstOperation = first.operations.first { $0.name == operation.name }
            let sameShape = summary(operation, of: other) == summary(firstOperation, of: first)
            if sameShape && action(operation) == action(firstOperation) { continue }
            if sameShape && ownVersion, let name = operation.name {
                actions.append((name, action(operation)))
                continue
            }
            warn(
                "operation \(operation.name ?? ""): binding \(other.name ?? "") gives another SOAP action, style, body "
                    + "or headers than binding \(first.name ?? ""); the generated client and service follow "
                    + "\(first.name ?? "")'s",
                at: operation.origin)
        }
        return actions
    }

    private static func version(of binding: WSDLBinding) -> WebService.Version? {
        binding.soap11 != nil ? .soap11 : binding.soap12 != nil ? .soap12 : nil
    }

    static func name(_ name: XMLQualifiedName) -> QualifiedName {
        QualifiedName(namespace: name.namespace, name.localName)
    }

    mutating func warn(_ message: String, at origin: Origin?) {
        model.diagnostics.append(GenerationDiagnostic(.warning, message, at: origin))
    }

    mutating func error(_ message: String, at origin: Origin?) {
        model.diagnostics.append(GenerationDiagnostic(.error, message, at: origin))
    }
}
