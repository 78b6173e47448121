import XMLBind

/// A SOAP service a WSDL describes, as the generator needs it: the operations of one port
/// type with their messages as elements of the model, and the ports bound to it. ``SwiftEmitter`` writes a client and a
/// service protocol for it (`NAME.Client`, `NAME.Service`).
public struct WebService: Sendable, Hashable {
    /// The SOAP version of a binding.
    public enum Version: String, Sendable, Hashable {
        /// SOAP 1.1 (`soap:binding`).
        case soap11 = "1.1"
        /// SOAP 1.2 (`soap12:binding`).
        case soap12 = "1.2"
    }

    /// How an operation's messages carry their parts.
    public enum Style: String, Sendable, Hashable {
        /// The body holds the input part's element (document/literal).
        case document
        /// The body holds an element named after the operation with one child per part
        /// (rpc/literal); the model has a type for it, made by the reader.
        case rpc
    }

    /// A port: a binding at an address.
    public struct Port: Sendable, Hashable {
        /// The name of the `wsdl:service` the port belongs to.
        public var service: String
        /// The port's name.
        public var name: String
        /// Its binding's SOAP version.
        public var version: Version
        /// The `soap:address` location, as written.
        public var address: String?
        /// Where the port is declared.
        public var origin: Origin?

        /// Creates a port.
        public init(service: String = "", name: String, version: Version, address: String?, origin: Origin? = nil) {
            self.service = service
            self.name = name
            self.version = version
            self.address = address
            self.origin = origin
        }
    }

    /// A fault an operation declares: a message whose one part is an element, the fault's
    /// detail; or, for a header fault (`soap:headerfault`), the part that travels as a
    /// header block beside a fault about a request's header.
    public struct Fault: Sendable, Hashable {
        /// The fault's name in the port type; for a header fault, its part's name.
        public var name: String
        /// The detail element; for a header fault, the header block's element.
        public var element: QualifiedName

        /// Creates a fault.
        public init(name: String, element: QualifiedName) {
            self.name = name
            self.element = element
        }
    }

    /// A header block an operation's input or output declares (`soap:header`): a message
    /// part whose element travels in the envelope's `Header`.
    public struct Header: Sendable, Hashable {
        /// The part's name.
        public var part: String
        /// The header block's element.
        public var element: QualifiedName

        /// Creates a header.
        public init(part: String, element: QualifiedName) {
            self.part = part
            self.element = element
        }
    }

    /// An operation of the port type, with what its binding says.
    public struct Operation: Sendable, Hashable {
        /// The operation's name.
        public var name: String
        /// The SOAP action (`soapAction`); the empty string when the binding gives none.
        public var action: String
        /// The action of each SOAP version whose binding gives another than ``action`` (a
        /// SOAP 1.2 binding of the port type beside the SOAP 1.1 one): the client sends the
        /// one of its version.
        public var versionActions: [Version: String] = [:]
        /// Document or rpc.
        public var style: Style
        /// The request body's element (for rpc, the wrapper the reader made).
        public var input: QualifiedName
        /// The response body's element, or `nil` for a one-way operation.
        public var output: QualifiedName?
        /// The declared faults.
        public var faults: [Fault]
        /// The header faults of the binding's header blocks (`soap:headerfault`): a fault
        /// about one of the request's header blocks carries such a block in its envelope's
        /// `Header` (SOAP 1.1, section 4.4) rather than in its detail.
        public var headerFaults: [Fault] = []
        /// The header blocks the request carries, in the binding's order.
        public var inputHeaders: [Header]
        /// The header blocks the response carries, in the binding's order.
        public var outputHeaders: [Header]
        /// The WSDL's documentation of the operation.
        public var documentation: String?
        /// Where the operation is declared in the port type.
        public var origin: Origin?

        /// Creates an operation.
        public init(
            name: String, action: String, style: Style, input: QualifiedName, output: QualifiedName?,
            faults: [Fault] = [], inputHeaders: [Header] = [], outputHeaders: [Header] = [],
            documentation: String? = nil, origin: Origin? = nil
        ) {
            self.name = name
            self.action = action
            self.style = style
            self.input = input
            self.output = output
            self.faults = faults
            self.inputHeaders = inputHeaders
            self.outputHeaders = outputHeaders
            self.documentation = documentation
            self.origin = origin
        }
    }

    /// The service's name: its `wsdl:service`'s (the first port's), else its port type's.
    public var name: String
    /// The WSDL's target namespace.
    public var namespace: String
    /// The operations, in the port type's order.
    public var operations: [Operation]
    /// The ports whose bindings the generated client can use, in document order, of every
    /// `wsdl:service` whose ports are bound to this service's port type.
    public var ports: [Port]
    /// The WSDL's documentation of the service.
    public var documentation: String?

    /// Creates a service.
    public init(
        name: String, namespace: String, operations: [Operation], ports: [Port], documentation: String? = nil
    ) {
        self.name = name
        self.namespace = namespace
        self.operations = operations
        self.ports = ports
        self.documentation = documentation
    }

    /// The version the client speaks unless told otherwise: the first port's (in document
    /// order), else SOAP 1.1.
    public var defaultVersion: Version { ports.first?.version ?? .soap11 }
}
