import Foundation

/// What a ``SOAPService`` answers: an HTTP status, a content type and the envelope.
public struct SOAPServiceResponse: Sendable {
    /// 200 for a result, 202 (with an empty body) for a one-way operation's request
    /// taken, 500 for a fault, 415 for a request that is not XML.
    public var status: Int
    /// The `Content-Type` to send.
    public var contentType: String
    /// The answer's bytes.
    public var body: Data
}
