import XMLBind

/// What an operation's handler knows of the request besides its body.
public struct SOAPRequestContext {
    /// The request's SOAP version.
    public var version: SOAPVersion
    /// The SOAP action the request was sent with, if any (dispatch does not use it).
    public var action: String?
    /// The request's header blocks of registered types.
    public var headers: [SOAPHeaderBlock]

    /// The header blocks whose type is `H`.
    ///
    /// - Parameter type: A registered header block type.
    /// - Returns: Those blocks, in document order.
    public func headers<H>(of type: H.Type) -> [H] {
        headers.compactMap { $0.value as? H }
    }
}

/// One operation of a ``SOAPService``: its name, message types and handler, type-erased.
struct SOAPOperation: Sendable {
    let name: String
    let requestType: Any.Type
    /// `nil` for a one-way operation, which has no answer message.
    let responseType: Any.Type?
    let action: String
    /// The action of each SOAP version whose binding gives another than ``action``
    /// (``SOAPService/action(_:for:ofOperation:)``), for that binding of the WSDL.
    var versionActions: [SOAPVersion: String] = [:]
    /// The registered types of the fault details it declares, for the WSDL's `<fault>`s.
    let faultTypes: [Any.Type]
    /// The answer's body and header blocks; `nil` for a one-way operation.
    let handle: @Sendable (Any, SOAPRequestContext) async throws -> SOAPReply<Any>?
}
