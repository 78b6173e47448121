import Foundation
import XMLBind

/// XML-RPC methods by name, answering methodCall documents with methodResponse documents,
/// without any transport: ``respond(to:)`` takes a request body and gives the response
/// body, so any HTTP server can host it (`XMLRPCServer`, in the `XMLBindRPCServer` product, is the package's own).
///
/// ```swift
/// var dispatcher = XMLRPCDispatcher()
/// dispatcher.register("math.add", help: "Adds two ints.") { (a: Int32, b: Int32) in a + b }
/// dispatcher.register("people.find") { (name: String) -> [Person] in try await database.people(named: name) }
/// dispatcher.register("debug.echo", raw: { parameters in .array(parameters.compactMap(\.value)) })
/// let response = await dispatcher.respond(to: requestBody)
/// ```
///
/// A handler that throws ``XMLRPCError/fault(code:_:)`` sends that fault. Every other
/// failure becomes a fault with a code of ``XMLRPCFaultCode``: a request that is not XML
/// (-32700) or not a methodCall (-32600, with the binder's located message), an unknown
/// method (-32601), a wrong number or type of parameters (-32602, naming the parameter), a
/// result that cannot be sent (-32603), any other error a handler throws (-32500, with the
/// error's description). `system.listMethods`, `system.methodHelp`,
/// `system.methodSignature` and `system.multicall` are built in.
public struct XMLRPCDispatcher: Sendable {
    /// A raw handler: the parameters as nodes, the result as a value.
    public typealias RawHandler = @Sendable ([XMLRPCNode]) async throws -> XMLRPCValue

    struct Method: Sendable {
        var help: String
        /// Each signature: the result's type name, then the parameters'.
        var signatures: [[String]]
        /// Computes the result; it is given the dispatcher, which the built-in methods ask.
        var handler: @Sendable (XMLRPCDispatcher, [XMLRPCNode]) async throws -> XMLRPCValue
    }

    private(set) var methods = Self.builtIns

    /// Creates a dispatcher with only the built-in `system.` methods.
    public init() {}

    /// Registers a method that takes the parameters as nodes and returns a value.
    ///
    /// - Parameters:
    ///   - name: The method's name (`examples.echo`); a second registration replaces the first.
    ///   - help: What `system.methodHelp` returns.
    ///   - signatures: What `system.methodSignature` returns: for each form, the result's
    ///     type name followed by the parameters' (`[["int", "int", "int"]]`).
    ///   - handler: Computes the result; throw ``XMLRPCError/fault(code:_:)`` to send a fault.
    public mutating func register(
        _ name: String, help: String = "", signatures: [[String]] = [], raw handler: @escaping RawHandler
    ) {
        methods[name] = Method(help: help, signatures: signatures) { _, parameters in try await handler(parameters) }
    }

    /// Registers a method with typed parameters and result; the signature follows from the
    /// types.
    ///
    /// ```swift
    /// dispatcher.register("math.add") { (a: Int32, b: Int32) in a + b }
    /// ```
    ///
    /// A call with another number of parameters, or a parameter of another type, gets
    /// fault -32602 naming it.
    ///
    /// - Parameters:
    ///   - name: The method's name; a second registration replaces the first.
    ///   - help: What `system.methodHelp` returns.
    ///   - handler: Computes the result from the parameters.
    public mutating func register<each Parameter: XMLRPCDecodable, Result: XMLRPCEncodable>(
        _ name: String, help: String = "", _ handler: @escaping @Sendable (repeat each Parameter) async throws -> Result
    ) {
        var names: [String] = []
        for type in repeat (each Parameter).self { names.append(type.xmlrpcTypeName) }
        let types = names
        methods[name] = Method(help: help, signatures: [[Result.xmlrpcTypeName] + types]) { _, parameters in
            guard parameters.count == types.count else {
                throw XMLRPCError.fault(
                    code: XMLRPCFaultCode.invalidParameters,
                    "\(name) takes \(types.count) parameter\(types.count == 1 ? "" : "s") (\(types.joined(separator: ", "))), "
                        + "but was given \(parameters.count)")
            }
            var index = 0
            func next<T: XMLRPCDecodable>(_: T.Type) throws(XMLRPCError) -> T {
                defer { index += 1 }
                return try T(xmlrpc: parameters[index].relocated(path: "parameter \(index + 1)"))
            }
            let result = try await handler(repeat try next((each Parameter).self))
            return try result.xmlrpcValue()
        }
    }

    /// Whether a method of that name is registered (built-in ones included).
    public func hasMethod(_ name: String) -> Bool {
        methods[name] != nil
    }

    /// The registered methods' names and the built-in ones, sorted.
    public var methodNames: [String] {
        methods.keys.sorted()
    }

    /// Answers a methodCall document with a methodResponse document; never throws, since
    /// every failure is sent as a fault.
    ///
    /// - Parameter body: The request body.
    /// - Returns: The response body.
    public func respond(to body: Data) async -> Data {
        let call: XMLRPCCodec.Call
        do {
            call = try XMLRPCCodec.decodeCall(body)
        } catch {
            let primary = error.diagnostics.isEmpty ? nil : XMLBindError(diagnostics: error.diagnostics).primary
            let isXML = primary?.code != .malformedXML && !Self.isLimit(primary?.code)
            let code = isXML ? XMLRPCFaultCode.invalidRequest : XMLRPCFaultCode.parseError
            return XMLRPCCodec.fault(code: code, string: primary?.description ?? error.message)
        }
        switch await result(of: call.methodName, parameters: call.parameters) {
        case .success(let value):
            do {
                return try XMLRPCCodec.methodResponse(value)
            } catch {
                return XMLRPCCodec.fault(code: XMLRPCFaultCode.internalError, string: error.message)
            }
        case .failure(let fault):
            return XMLRPCCodec.fault(
                code: fault.faultCode ?? XMLRPCFaultCode.applicationError, string: fault.faultString ?? fault.message)
        }
    }

    private static func isLimit(_ code: XMLBindError.Code?) -> Bool {
        guard let code else { return false }
        return [
            .depthLimitExceeded, .attributeLimitExceeded, .nameLengthLimitExceeded, .valueLengthLimitExceeded,
            .textLengthLimitExceeded, .documentSizeLimitExceeded, .entityLimitExceeded, .entityNestingLimitExceeded,
            .entityAmplificationLimitExceeded, .recursiveEntity, .undefinedEntity, .externalEntityRefused,
            .parameterEntityRefused, .doctypeRefused, .invalidEncoding, .unsupportedXMLVersion,
        ].contains(code)
    }

    /// Runs a method; the failure is always a fault (``XMLRPCError/Code/fault``).
    func result(of name: String, parameters: [XMLRPCNode]) async -> Result<XMLRPCValue, XMLRPCError> {
        do {
            if let method = methods[name] {
                return .success(try await method.handler(self, parameters))
            }
            return .failure(
                .fault(
                    code: XMLRPCFaultCode.methodNotFound, "method '\(name)' is not registered\(suggestion(for: name))"))
        } catch let error as XMLRPCError {
            switch error.code {
            case .fault: return .failure(error)
            case .encoding: return .failure(.fault(code: XMLRPCFaultCode.internalError, "\(name): \(error.message)"))
            default: return .failure(.fault(code: XMLRPCFaultCode.invalidParameters, "\(name): \(error.message)"))
            }
        } catch {
            return .failure(.fault(code: XMLRPCFaultCode.applicationError, "\(name) failed: \(error)"))
        }
    }

    private func suggestion(for name: String) -> String {
        let close = methodNames.filter { $0.lowercased() == name.lowercased() || $0.hasSuffix("." + name) }
        return close.first.map { "; did you mean '\($0)'?" } ?? ""
    }
}
