import Foundation

extension XMLRPCDispatcher {
    /// The built-in `system.` methods, which every dispatcher starts with; registering a
    /// method of the same name replaces one.
    static let builtIns: [String: Method] = [
        "system.listMethods": Method(
            help: "Returns the names of the methods the server offers, as an array of strings.", signatures: [["array"]]
        ) { dispatcher, _ in .array(dispatcher.methodNames.map { .string($0) }) },
        "system.methodHelp": Method(
            help: "Returns the help text of the method named by the parameter.", signatures: [["string", "string"]]
        ) { dispatcher, parameters in
            .string(try dispatcher.method(namedBy: parameters, of: "system.methodHelp").help)
        },
        "system.methodSignature": Method(
            help:
                "Returns the signatures of the method named by the parameter: arrays of type names, the result's first.",
            signatures: [["array", "string"]]
        ) { dispatcher, parameters in
            let signatures = try dispatcher.method(namedBy: parameters, of: "system.methodSignature").signatures
            // The convention: the string "undef" when the signatures are not known.
            return signatures.isEmpty ? .string("undef") : .array(signatures.map { .array($0.map { .string($0) }) })
        },
        "system.multicall": Method(
            help:
                "Calls each {methodName, params} struct of the array in turn; returns, for each, [result] or a fault struct.",
            signatures: [["array", "array"]]
        ) { dispatcher, parameters in try await dispatcher.multicall(parameters) },
    ]

    /// The method a built-in's one string parameter names.
    private func method(namedBy parameters: [XMLRPCNode], of name: String) throws(XMLRPCError) -> Method {
        guard parameters.count == 1, let method = parameters[0].string else {
            throw .fault(code: XMLRPCFaultCode.invalidParameters, "\(name) takes one string, the name of a method")
        }
        guard let found = methods[method] else {
            throw .fault(code: XMLRPCFaultCode.methodNotFound, "method '\(method)' is not registered")
        }
        return found
    }

    /// `system.multicall`: each call's `[result]`, or its fault as a struct, in order.
    private func multicall(_ parameters: [XMLRPCNode]) async throws(XMLRPCError) -> XMLRPCValue {
        guard parameters.count == 1, let calls = parameters[0].array else {
            throw .fault(
                code: XMLRPCFaultCode.invalidParameters,
                "system.multicall takes one array of {methodName, params} structs")
        }
        var results: [XMLRPCValue] = []
        results.reserveCapacity(calls.count)
        for (index, call) in calls.enumerated() {
            let outcome: Result<XMLRPCValue, XMLRPCError>
            if let method = call["methodName"].string,
                let arguments = call["params"].array ?? (call["params"].exists ? nil : [])
            {
                if method == "system.multicall" {
                    outcome = .failure(
                        .fault(code: XMLRPCFaultCode.invalidRequest, "system.multicall cannot call system.multicall"))
                } else {
                    outcome = await result(of: method, parameters: arguments)
                }
            } else {
                outcome = .failure(
                    .fault(
                        code: XMLRPCFaultCode.invalidParameters,
                        "call \(index + 1) of system.multicall is not a struct with a string methodName and an array params"
                    ))
            }
            switch outcome {
            case .success(let value): results.append(.array([value]))
            case .failure(let fault):
                let code = fault.faultCode ?? XMLRPCFaultCode.applicationError
                results.append([
                    "faultCode": code.xmlrpcValue(),
                    "faultString": .string(fault.faultString ?? fault.message),
                ])
            }
        }
        return .array(results)
    }
}
