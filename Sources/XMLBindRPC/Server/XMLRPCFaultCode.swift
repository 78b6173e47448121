/// The fault codes an ``XMLRPCDispatcher`` sends for failures of its own, after the
/// interoperability convention most XML-RPC servers follow (xmlrpc-epi's "specification
/// for fault code interoperability").
public enum XMLRPCFaultCode {
    /// -32700: the request is not well-formed XML, or a limit of the parser refused it.
    public static let parseError = -32700
    /// -32600: the request is XML, but not a valid methodCall.
    public static let invalidRequest = -32600
    /// -32601: no method of that name is registered.
    public static let methodNotFound = -32601
    /// -32602: the method was called with the wrong number or types of parameters.
    public static let invalidParameters = -32602
    /// -32603: the method's result cannot be sent as XML-RPC.
    public static let internalError = -32603
    /// -32500: the method threw an error that is not an ``XMLRPCError`` fault.
    public static let applicationError = -32500
}
