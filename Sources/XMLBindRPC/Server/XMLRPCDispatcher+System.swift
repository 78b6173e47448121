import Foundation

extension XMLRPCDispatcher {
    /// The built-in `system.` methods; nil when `name` is not one.
    func builtIn(_ name: String, parameters: [XMLRPCNode]) async throws -> XMLRPCValue? {
        switch name {
        case "system.listMethods":
            return .array(methodNames.map { .string($0) })
        case "system.methodHelp":
            let method = try methodNameParameter(parameters, of: name)
            if let registered = self.method(named: method) { return .string(registered.help) }
            guard let help = Self.builtInHelp[method] else { throw unknown(method) }
            return .string(help)
        case "system.methodSignature":
            let method = try methodNameParameter(parameters, of: name)
            let signatures: [[String]]
            if let registered = self.method(named: method) {
                signatures = registered.signatures
            } else if let builtIn = Self.builtInSignatures[method] {
                signatures = builtIn
            } else {
                throw unknown(method)
            }
            // The convention: the string "undef" when the signatures are not known.
            guard !signatures.isEmpty else { return .string("undef") }
            return .array(signatures.map { .array($0.map { .string($0) }) })
        case "system.multicall":
            return try await multicall(parameters)
        default:
            return nil
        }
    }

    static let builtInHelp = [
        "system.listMethods": "Returns the names of the methods the server offers, as an array of strings.",
        "system.methodHelp": "Returns the help text of the method named by the parameter.",
        "system.methodSignature":
            "Returns the signatures of the method named by the parameter: arrays of type names, the result's first.",
        "system.multicall":
            "Calls each {methodName, params} struct of the array in turn; returns, for each, [result] or a fault struct.",
    ]

    static let builtInSignatures = [
        "system.listMethods": [["array"]],
        "system.methodHelp": [["string", "string"]],
        "system.methodSignature": [["array", "string"]],
        "system.multicall": [["array", "array"]],
    ]

    private func unknown(_ method: String) -> XMLRPCError {
        .fault(code: XMLRPCFaultCode.methodNotFound, "method '\(method)' is not registered")
    }

    private func methodNameParameter(_ parameters: [XMLRPCNode], of name: String) throws(XMLRPCError) -> String {
        guard parameters.count == 1, let method = parameters[0].string else {
            throw .fault(code: XMLRPCFaultCode.invalidParameters, "\(name) takes one string, the name of a method")
        }
        return method
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
