/// An answer's body with the header blocks that came (or go) with it.
///
/// What ``SOAPClient/reply(action:body:headers:as:)`` returns, for operations whose answer
/// carries header blocks the caller needs, and what a handler registered with
/// ``SOAPService/operationWithReplyHeaders(_:request:response:action:faults:handler:)`` answers, to send
/// header blocks back:
///
/// ```swift
/// let reply = try await client.reply(action: "quote", body: request, as: QuoteResponse.self)
/// let session = reply.headers(of: SessionInfo.self).first
/// ```
public struct SOAPReply<Body> {
    /// The answer's body: an object of a registered type.
    public var body: Body
    /// The answer's header blocks of registered types, in document order.
    public var headers: [SOAPHeaderBlock]

    /// Creates a reply.
    ///
    /// - Parameters:
    ///   - body: The body's object.
    ///   - headers: The header blocks, in order.
    public init(_ body: Body, headers: [SOAPHeaderBlock] = []) {
        self.body = body
        self.headers = headers
    }

    /// The header blocks' objects whose type is `H`.
    ///
    /// - Parameter type: A registered header block type.
    /// - Returns: Those blocks, in document order.
    public func headers<H>(of type: H.Type) -> [H] {
        headers.compactMap { $0.value as? H }
    }
}
