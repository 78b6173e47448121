import Foundation

/// A version of SOAP: its envelope namespace, content type and fault code names.
///
/// The seed's names are kept: ``version1point1`` and ``version1point2``.
public enum SOAPVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SOAP 1.1 (`http://schemas.xmlsoap.org/soap/envelope/`), sent as `text/xml` with a
    /// `SOAPAction` header.
    case version1point1 = "1.1"
    /// SOAP 1.2 (`http://www.w3.org/2003/05/soap-envelope`), sent as
    /// `application/soap+xml` with the action in the content type.
    case version1point2 = "1.2"

    /// The envelope namespace URI.
    public var envelopeNamespace: String {
        switch self {
        case .version1point1: "http://schemas.xmlsoap.org/soap/envelope/"
        case .version1point2: "http://www.w3.org/2003/05/soap-envelope"
        }
    }

    /// The SOAP encoding namespace, the value written for `encodingStyle` when asked.
    public var encodingNamespace: String {
        switch self {
        case .version1point1: "http://schemas.xmlsoap.org/soap/encoding/"
        case .version1point2: "http://www.w3.org/2003/05/soap-encoding"
        }
    }

    /// The media type without parameters: `text/xml` or `application/soap+xml`.
    public var mediaType: String {
        switch self {
        case .version1point1: "text/xml"
        case .version1point2: "application/soap+xml"
        }
    }

    /// The `Content-Type` of a message: `text/xml; charset=utf-8` for 1.1, and
    /// `application/soap+xml; charset=utf-8; action="…"` for 1.2 (the action only when given).
    ///
    /// - Parameter action: The SOAP action, if any.
    /// - Returns: The header value.
    public func contentType(action: String?) -> String {
        switch self {
        case .version1point1:
            return "text/xml; charset=utf-8"
        case .version1point2:
            guard let action, !action.isEmpty else { return "application/soap+xml; charset=utf-8" }
            return "application/soap+xml; charset=utf-8; action=\"\(Self.quoted(action))\""
        }
    }

    /// The extra HTTP headers of a request: `SOAPAction: "…"` for 1.1 (always present, as
    /// the 1.1 binding asks), none for 1.2.
    ///
    /// - Parameter action: The SOAP action, if any.
    /// - Returns: Header names and values.
    public func actionHeaders(action: String?) -> [String: String] {
        switch self {
        case .version1point1: ["SOAPAction": "\"\(Self.quoted(action ?? ""))\""]
        case .version1point2: [:]
        }
    }

    /// The local name of the fault code for a message the sender got wrong: `Client` in
    /// 1.1, `Sender` in 1.2.
    public var senderFaultCode: String {
        self == .version1point1 ? "Client" : "Sender"
    }

    /// The local name of the fault code for a failure of the receiver: `Server` in 1.1,
    /// `Receiver` in 1.2.
    public var receiverFaultCode: String {
        self == .version1point1 ? "Server" : "Receiver"
    }

    /// The version whose envelope namespace is `uri`, if any.
    ///
    /// - Parameter uri: A namespace URI.
    public init?(envelopeNamespace uri: String) {
        guard let version = Self.allCases.first(where: { $0.envelopeNamespace == uri }) else { return nil }
        self = version
    }

    /// The version a `Content-Type` names, if it names one.
    ///
    /// - Parameter contentType: A header value such as `text/xml; charset=utf-8`.
    public init?(contentType: String) {
        let media = contentType.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        switch media {
        case "text/xml": self = .version1point1
        case "application/soap+xml": self = .version1point2
        default: return nil
        }
    }

    /// `1.1` or `1.2`.
    public var description: String { "SOAP \(rawValue)" }

    /// A header parameter's value with its quotes and backslashes escaped.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
