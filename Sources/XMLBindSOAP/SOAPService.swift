import Foundation
import XMLBind

/// A SOAP service: typed operations dispatched on the request body's first child element,
/// answering in the version the request came in, and the WSDL that describes it.
///
/// ```swift
/// let service = SOAPService(name: "Calculator", namespace: "urn:calc", binder: binder)
///     .operation("add", request: Add.self, response: AddResponse.self) { add in
///         AddResponse(result: add.a + add.b)
///     }
/// let answer = await service.respond(to: body, version: .version1point1)
/// ```
///
/// Dispatch is by the body element's namespace and local name (through the type it binds
/// to), as most toolkits do; the SOAP action need not match. A ``SOAPFault`` thrown by an
/// operation goes out as that fault, any other error as a Server/Receiver fault; an unknown
/// operation, a malformed envelope or a body that does not bind is a Client/Sender fault
/// whose reason is the binder's diagnostic; a `mustUnderstand` header block that no
/// registered type takes is a MustUnderstand fault; the other version's envelope is a
/// VersionMismatch fault. Every fault is answered with HTTP 500; a one-way operation's
/// request, once taken, with HTTP 202 and an empty body.
///
/// The service knows no transport: ``respond(to:version:action:)`` turns request bytes into
/// response bytes. `routes(soap11Path:soap12Path:)`, in the `XMLBindSOAPServer` product, hosts it on the
/// package's HTTP server.
public struct SOAPService: Sendable {
    /// The service's name, as the WSDL gives it.
    public let name: String
    /// The target namespace of the WSDL (and of elements registered without a namespace).
    public let namespace: String
    /// The mappings of the request, response, header and fault detail types.
    public var binder: XMLBinder { reader.binder }
    /// The operations, in registration order.
    var operations: [SOAPOperation] = []
    /// Header block types the service handles: a `mustUnderstand` block of one of these
    /// types is understood. Every registered type a block binds to counts as handled.
    let reader: SOAPEnvelopeReader
    /// Types the schema names for properties with conversions of their own.
    var schemaTypes: [(keyPath: AnyKeyPath & Sendable, type: XMLSchemaType)] = []

    /// Creates a service with no operations.
    ///
    /// - Parameters:
    ///   - name: The service's name in the WSDL.
    ///   - namespace: The WSDL's target namespace.
    ///   - binder: Mappings for every message, header and fault detail type.
    public init(name: String, namespace: String, binder: XMLBinder) {
        self.name = name
        self.namespace = namespace
        self.reader = SOAPEnvelopeReader(binder: binder)
    }

    /// Returns the service with one more operation.
    ///
    /// - Parameters:
    ///   - name: The operation's name in the WSDL (and its default SOAP action).
    ///   - request: The registered type of the request body (the wrapper element).
    ///   - response: The registered type of the response body.
    ///   - action: The SOAP action the WSDL gives; the operation's name when omitted.
    ///   - faults: The registered types of the details of the faults it throws
    ///     (`SOAPFault(…, detail:)`): the WSDL declares a `<fault>` message for each.
    ///   - handler: Answers a request, or throws a ``SOAPFault``.
    /// - Returns: The changed service.
    /// - Precondition: No other operation takes the same request type (two operations
    ///   would take the same body element).
    public func operation<Request, Response>(
        _ name: String, request: Request.Type, response: Response.Type, action: String? = nil,
        faults: [Any.Type] = [], handler: @escaping @Sendable (Request) async throws -> Response
    ) -> SOAPService {
        operationWithReplyHeaders(name, request: request, response: response, action: action, faults: faults) {
            request, _ in SOAPReply(try await handler(request))
        }
    }

    /// Returns the service with one more operation, whose handler also sees the request's
    /// version, action and header blocks.
    ///
    /// - Parameters:
    ///   - name: The operation's name in the WSDL.
    ///   - request: The registered type of the request body.
    ///   - response: The registered type of the response body.
    ///   - action: The SOAP action the WSDL gives; the operation's name when omitted.
    ///   - faults: The registered types of the details of the faults it throws: the WSDL
    ///     declares a `<fault>` message for each.
    ///   - handler: Answers a request, or throws a ``SOAPFault``.
    /// - Returns: The changed service.
    public func operation<Request, Response>(
        _ name: String, request: Request.Type, response: Response.Type, action: String? = nil,
        faults: [Any.Type] = [], handler: @escaping @Sendable (Request, SOAPRequestContext) async throws -> Response
    ) -> SOAPService {
        operationWithReplyHeaders(name, request: request, response: response, action: action, faults: faults) {
            request, context in SOAPReply(try await handler(request, context))
        }
    }

    /// Returns the service with one more operation, whose handler answers with header
    /// blocks beside the body (the WSDL's `soap:header`s of the operation's output).
    ///
    /// - Parameters:
    ///   - name: The operation's name in the WSDL.
    ///   - request: The registered type of the request body.
    ///   - response: The registered type of the response body.
    ///   - action: The SOAP action the WSDL gives; the operation's name when omitted.
    ///   - faults: The registered types of the details of the faults it throws.
    ///   - handler: Answers a request with a body and header blocks of registered types,
    ///     or throws a ``SOAPFault``.
    /// - Returns: The changed service.
    public func operationWithReplyHeaders<Request, Response>(
        _ name: String, request: Request.Type, response: Response.Type, action: String? = nil,
        faults: [Any.Type] = [],
        handler: @escaping @Sendable (Request, SOAPRequestContext) async throws -> SOAPReply<Response>
    ) -> SOAPService {
        adding(name, request: Request.self, response: Response.self, action: action, faults: faults) {
            request, context in
            let reply = try await handler(request, context)
            return SOAPReply(reply.body as Any, headers: reply.headers)
        }
    }

    /// Returns the service with one more one-way operation: a request with no answer
    /// message. The service answers HTTP 202 with an empty body once the handler has
    /// returned; a fault the handler throws is answered as for any operation, so that the
    /// caller learns of it.
    ///
    /// - Parameters:
    ///   - name: The operation's name in the WSDL.
    ///   - request: The registered type of the request body.
    ///   - action: The SOAP action the WSDL gives; the operation's name when omitted.
    ///   - faults: The registered types of the details of the faults it throws.
    ///   - handler: Takes a request (with its version, action and header blocks), or throws
    ///     a ``SOAPFault``.
    /// - Returns: The changed service.
    public func oneWayOperation<Request>(
        _ name: String, request: Request.Type, action: String? = nil, faults: [Any.Type] = [],
        handler: @escaping @Sendable (Request, SOAPRequestContext) async throws -> Void
    ) -> SOAPService {
        adding(name, request: Request.self, response: nil, action: action, faults: faults) { request, context in
            try await handler(request, context)
            return nil
        }
    }

    /// The service with one more operation, its handler type-erased.
    private func adding<Request>(
        _ name: String, request: Request.Type, response: Any.Type?, action: String?, faults: [Any.Type],
        handler: @escaping @Sendable (Request, SOAPRequestContext) async throws -> SOAPReply<Any>?
    ) -> SOAPService {
        precondition(
            !operations.contains { ObjectIdentifier($0.requestType) == ObjectIdentifier(Request.self) },
            "XMLBindSOAP: two operations of service \(self.name) take \(Request.self) as their request")
        var copy = self
        copy.operations.append(
            SOAPOperation(
                name: name, requestType: Request.self, responseType: response, action: action ?? name,
                faultTypes: faults,
                handle: { body, context in
                    guard let request = body as? Request else {
                        throw SOAPFault.sender("the body is not a \(Request.self)")
                    }
                    return try await handler(request, context)
                }))
        return copy
    }

    /// Returns the service with the SOAP action one version's binding gives an operation,
    /// where the versions' actions differ (a WSDL whose SOAP 1.2 binding says
    /// `urn:quotes#getQuote12`): the WSDL the service describes itself with lists it in that
    /// version's binding. Dispatch does not use actions, so requests are answered as before.
    ///
    /// - Parameters:
    ///   - action: The SOAP action.
    ///   - version: The SOAP version whose binding gives it.
    ///   - name: The operation's name, as registered.
    /// - Returns: The changed service; unchanged when no operation has that name.
    public func action(_ action: String, for version: SOAPVersion, ofOperation name: String) -> SOAPService {
        var copy = self
        for index in copy.operations.indices where copy.operations[index].name == name {
            copy.operations[index].versionActions[version] = action
        }
        return copy
    }

    /// Returns the service with a property's schema type named, for a property whose
    /// conversion writes another form than its Swift type's built-in one.
    ///
    /// - Parameters:
    ///   - type: The XML Schema type.
    ///   - keyPath: The property.
    /// - Returns: The changed service.
    public func schemaType(_ type: XMLSchemaType, for keyPath: AnyKeyPath & Sendable) -> SOAPService {
        var copy = self
        copy.schemaTypes.append((keyPath, type))
        return copy
    }
}
