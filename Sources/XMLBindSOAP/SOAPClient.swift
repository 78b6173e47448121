import Foundation
import Synchronization
import XMLBind

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls a SOAP service over HTTP: the request body is an object of a registered type,
/// the answer's body is bound to the type asked for, and a fault is thrown as a
/// ``SOAPFault``.
///
/// ```swift
/// let client = SOAPClient(endpoint: url, version: .version1point2, binder: binder)
/// let sum = try await client.call(action: "add", body: Add(a: 2, b: 3), as: AddResponse.self)
/// ```
///
/// Requests go through `URLSession`. Faults arrive with HTTP 500 and are read from the
/// body; an answer that is not a SOAP message (another content type, an empty body, an
/// HTML error page) is a ``SOAPError`` with ``SOAPError/Code/notSOAP`` that shows the
/// status and the start of the body.
public struct SOAPClient: Sendable {
    /// The service's URL.
    public var endpoint: URL
    /// The SOAP version requests are written in and answers must be in.
    public var version: SOAPVersion
    /// The binder whose mappings write requests and header blocks and read answers.
    public var binder: XMLBinder {
        get { reader.binder }
        set { reader = SOAPEnvelopeReader(binder: newValue) }
    }
    /// How long a call may take, in seconds.
    public var timeout: TimeInterval
    /// HTTP headers sent with every request (the content type and `SOAPAction` are set
    /// by the client).
    public var httpHeaders: [String: String]
    /// Header blocks sent with every request, before a call's own.
    public var headers: [SOAPHeaderBlock] {
        get { defaultHeaders.blocks }
        set { defaultHeaders = HeaderBlocks(blocks: newValue) }
    }

    private var reader: SOAPEnvelopeReader
    private var defaultHeaders = HeaderBlocks(blocks: [])
    private let session: URLSession

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - endpoint: The service's URL.
    ///   - version: ``SOAPVersion/version1point1`` (the default) or ``SOAPVersion/version1point2``.
    ///   - binder: Mappings for the request, response, header and fault detail types.
    ///   - timeout: How long a call may take, in seconds.
    ///   - httpHeaders: HTTP headers to send with every request.
    ///   - session: The `URLSession` to send requests with.
    public init(
        endpoint: URL, version: SOAPVersion = .version1point1, binder: XMLBinder = XMLBinder(),
        timeout: TimeInterval = 60, httpHeaders: [String: String] = [:], session: URLSession = .shared
    ) {
        self.endpoint = endpoint
        self.version = version
        self.reader = SOAPEnvelopeReader(binder: binder)
        self.timeout = timeout
        self.httpHeaders = httpHeaders
        self.session = session
    }

    /// Calls an operation and returns the answer's body as the requested type.
    ///
    /// - Parameters:
    ///   - action: The SOAP action (the `SOAPAction` header in 1.1, the `action`
    ///     parameter of the content type in 1.2).
    ///   - body: The request: an object of a registered type (the wrapper element, in
    ///     document/literal wrapped style).
    ///   - headers: Header blocks for this call.
    ///   - type: The registered type the answer's body must bind to.
    /// - Returns: The answer's body.
    /// - Throws: The ``SOAPFault`` the service answered, or ``SOAPError``.
    public func call<Response>(
        action: String, body: Any, headers: [SOAPHeaderBlock] = [], as type: Response.Type
    ) async throws -> Response {
        var envelope = SOAPEnvelope(body: body, headers: self.headers + headers, version: version, action: action)
        envelope.action = action
        let answer = try await send(envelope)
        return try SOAPEnvelopeReader.body(of: answer, as: type)
    }

    /// Calls an operation and returns the answer's body as the requested type, with the
    /// answer's header blocks.
    ///
    /// - Parameters:
    ///   - action: The SOAP action.
    ///   - body: The request: an object of a registered type.
    ///   - headers: Header blocks for this call.
    ///   - type: The registered type the answer's body must bind to.
    /// - Returns: The answer's body and its header blocks of registered types.
    /// - Throws: The ``SOAPFault`` the service answered, or ``SOAPError``.
    public func reply<Response>(
        action: String, body: Any, headers: [SOAPHeaderBlock] = [], as type: Response.Type
    ) async throws -> SOAPReply<Response> {
        let envelope = SOAPEnvelope(body: body, headers: self.headers + headers, version: version, action: action)
        let answer = try await send(envelope)
        return SOAPReply(try SOAPEnvelopeReader.body(of: answer, as: type), headers: answer.headers)
    }

    /// Calls a one-way operation: sends the request and waits until the service has taken it.
    ///
    /// A one-way operation has no answer message: the service answers with an empty body
    /// (HTTP 202 Accepted, or 200), which this accepts. A fault it answers instead is thrown;
    /// an envelope without a fault is accepted too, as some toolkits send one.
    ///
    /// - Parameters:
    ///   - action: The SOAP action.
    ///   - body: The request: an object of a registered type.
    ///   - headers: Header blocks for this call.
    /// - Throws: The ``SOAPFault`` the service answered, or ``SOAPError`` (an error status
    ///   with an empty body is ``SOAPError/Code/notSOAP``).
    public func callOneWay(action: String, body: Any, headers: [SOAPHeaderBlock] = []) async throws {
        let envelope = SOAPEnvelope(body: body, headers: self.headers + headers, version: version, action: action)
        let (data, status, contentType) = try await post(envelope)
        if data.isEmpty, let status, (200..<300).contains(status) { return }
        let answer = try read(data, status: status, contentType: contentType, version: envelope.version)
        if case .fault(let fault) = answer.body { throw fault }
    }

    /// Sends a seed-style message and returns the answer's body as the requested type.
    ///
    /// - Parameters:
    ///   - message: The operation and its parameters.
    ///   - type: The registered type the answer's body must bind to.
    /// - Returns: The answer's body.
    /// - Throws: The ``SOAPFault`` the service answered, or ``SOAPError``.
    public func call<Response>(_ message: SOAPMessage, as type: Response.Type) async throws -> Response {
        var envelope = SOAPEnvelope(soapMessage: message, soapVersion: version)
        envelope.headers = headers
        return try SOAPEnvelopeReader.body(of: try await send(envelope), as: type)
    }

    /// Sends an envelope (the seed's form, or a typed one) and returns the answer's body as
    /// the requested type.
    ///
    /// - Parameters:
    ///   - envelope: The request; the client's header blocks go before its own.
    ///   - type: The registered type the answer's body must bind to.
    /// - Returns: The answer's body.
    /// - Throws: The ``SOAPFault`` the service answered, or ``SOAPError``.
    public func call<Response>(_ envelope: SOAPEnvelope, as type: Response.Type) async throws -> Response {
        var envelope = envelope
        envelope.headers = headers + envelope.headers
        return try SOAPEnvelopeReader.body(of: try await send(envelope), as: type)
    }

    /// Sends an envelope and returns the answer's envelope, a fault included (not thrown).
    ///
    /// - Parameter envelope: The request; its version should be the client's.
    /// - Returns: The answer.
    /// - Throws: ``SOAPError`` when there is no SOAP answer.
    public func send(_ envelope: SOAPEnvelope) async throws(SOAPError) -> SOAPEnvelope {
        let (data, status, contentType) = try await post(envelope)
        return try read(data, status: status, contentType: contentType, version: envelope.version)
    }

    /// Posts an envelope and returns the answer as it came: body, status and content type.
    private func post(_ envelope: SOAPEnvelope) async throws(SOAPError) -> (Data, Int?, String) {
        let payload = try envelope.data(using: reader.binder)
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        for (name, value) in httpHeaders { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue(envelope.version.contentType(action: envelope.action), forHTTPHeaderField: "Content-Type")
        for (name, value) in envelope.version.actionHeaders(action: envelope.action) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = payload
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await exchange(request)
        } catch let error as SOAPError {
            throw error
        } catch {
            throw SOAPError(
                code: .transport, message: "cannot call \(endpoint.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode
        let contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? ""
        return (data, status, contentType)
    }

    /// Sends the request, waiting at most ``timeout`` seconds for the whole answer, and
    /// cancels it then: `URLRequest.timeoutInterval` bounds only the time between bytes,
    /// and not on every platform.
    private func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let timeout = self.timeout
        let endpoint = self.endpoint.absoluteString
        return try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            let task = session.dataTask(with: request) { data, response, error in
                // An empty body (a one-way operation's answer) may come as no data at all.
                if let response, data != nil || error == nil {
                    once.resume(with: .success((data ?? Data(), response)))
                } else {
                    once.resume(with: .failure(error ?? URLError(.badServerResponse)))
                }
            }
            task.resume()
            // A Dispatch timer, not a task: the timeout must fire even when every thread of
            // Swift's concurrency pool is busy.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                let message = "cannot call \(endpoint): no answer within \(timeout) seconds"
                if once.resume(with: .failure(SOAPError(code: .transport, message: message))) { task.cancel() }
            }
        }
    }

    /// The answer as an envelope, or why it is not one.
    private func read(_ data: Data, status: Int?, contentType: String, version: SOAPVersion) throws(SOAPError)
        -> SOAPEnvelope
    {
        let statusText = status.map { "HTTP \($0)" } ?? "no HTTP status"
        let media = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let soapMedia: Set<String> = ["text/xml", "application/soap+xml", "application/xml"]
        guard !data.isEmpty, soapMedia.contains(media) else {
            let what = data.isEmpty ? "an empty body" : "\(media.isEmpty ? "no content type" : media)"
            throw SOAPError(
                code: .notSOAP,
                message:
                    "\(endpoint.absoluteString) answered \(statusText) with \(what), not a SOAP message: "
                    + SOAPError.excerpt(of: [UInt8](data)),
                httpStatus: status)
        }
        do {
            return try reader.read(data, version: version, file: endpoint.absoluteString)
        } catch {
            var failure = error
            failure.httpStatus = status
            if error.code == .malformedEnvelope, let status, !(200..<300).contains(status), status != 500 {
                failure.code = .notSOAP
                failure.message =
                    "\(endpoint.absoluteString) answered \(statusText), not a SOAP message: "
                    + SOAPError.excerpt(of: [UInt8](data))
            }
            throw failure
        }
    }

    /// Resumes a continuation with the first of the answer and the timeout.
    private final class ResumeOnce: Sendable {
        private let continuation: Mutex<CheckedContinuation<(Data, URLResponse), any Error>?>

        init(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            self.continuation = Mutex(continuation)
        }

        /// Resumes unless already resumed; returns whether it did.
        @discardableResult
        func resume(with result: Result<(Data, URLResponse), any Error>) -> Bool {
            guard let waiting = continuation.withLock({ $0.take() }) else { return false }
            waiting.resume(with: result)
            return true
        }
    }

    /// The default header blocks, held so that the client stays `Sendable`: they are set
    /// by the owner of the client and only read by calls.
    private struct HeaderBlocks: @unchecked Sendable {
        var blocks: [SOAPHeaderBlock]
    }
}
