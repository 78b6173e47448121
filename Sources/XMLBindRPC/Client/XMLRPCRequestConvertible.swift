import Foundation

/// A call described by a value of your own, as AlamofireXMLRPC's `XMLRPCRequestConvertible`:
/// pass it to ``XMLRPCClient/call(_:)``.
public protocol XMLRPCRequestConvertible {
    /// Where to send the call.
    var url: URL { get }
    /// The method's name.
    var methodName: String { get }
    /// The parameters, of the types ``XMLRPCEncoder`` takes.
    var parameters: [Any] { get }
    /// Extra HTTP headers.
    var headers: [String: String] { get }
}

extension XMLRPCRequestConvertible {
    /// No parameters.
    public var parameters: [Any] { [] }
    /// No extra headers.
    public var headers: [String: String] { [:] }
}
