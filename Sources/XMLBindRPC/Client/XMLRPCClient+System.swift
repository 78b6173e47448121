import Foundation

extension XMLRPCClient {
    /// One call of a ``multicall(_:)``.
    public struct Call: Sendable {
        /// The method's name.
        public var methodName: String
        /// The parameters, already encoded.
        public var parameters: [XMLRPCValue]

        /// Creates a call.
        ///
        /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) for a parameter that cannot be sent.
        public init(_ methodName: String, _ parameters: [Any] = []) throws(XMLRPCError) {
            self.methodName = methodName
            self.parameters = try XMLRPCEncoder().parameters(parameters)
        }
    }

    /// Makes several calls in one request with `system.multicall`: one result or fault per
    /// call, in order.
    ///
    /// - Throws: ``XMLRPCError`` when the multicall itself fails (a fault, the transport,
    ///   a response that is not an array of that many entries).
    public func multicall(_ calls: [Call]) async throws(XMLRPCError) -> [Result<XMLRPCNode, XMLRPCError>] {
        let request: XMLRPCValue = .array(
            calls.map { ["methodName": .string($0.methodName), "params": .array($0.parameters)] })
        let response = try await call("system.multicall", values: [request])[0]
        guard let entries = response.array, entries.count == calls.count else {
            throw response.located(
                "system.multicall answered \(response.count.map(String.init) ?? "no array"), expected an array of \(calls.count)"
            )
        }
        return entries.map { entry in
            if entry.array != nil, entry.count == 1 { return .success(entry[0]) }
            if let code = entry["faultCode"].int64, let string = entry["faultString"].string {
                return .failure(.fault(code: Int(code), string))
            }
            return .failure(entry.located("an entry of system.multicall's answer is neither [result] nor a fault"))
        }
    }

    /// `system.listMethods`: the server's method names.
    public func listMethods() async throws(XMLRPCError) -> [String] {
        try await call("system.listMethods", returning: [String].self)
    }

    /// `system.methodHelp`: a method's help text.
    public func methodHelp(_ methodName: String) async throws(XMLRPCError) -> String {
        try await call("system.methodHelp", [methodName], returning: String.self)
    }

    /// `system.methodSignature`: a method's signatures (each the result's type name, then
    /// the parameters'), or nil when the server does not know them (`"undef"` or another
    /// non-array answer, as Python sends).
    public func methodSignature(_ methodName: String) async throws(XMLRPCError) -> [[String]]? {
        let node = try await call("system.methodSignature", [methodName])[0]
        guard node.array != nil else { return nil }
        return try node.decode(as: [[String]].self)
    }
}
