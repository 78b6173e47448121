import XMLBind

/// A problem met while reading an input or generating from it, located in the input:
/// printed as `file:line:column: warning: message`, as a compiler does.
public struct GenerationDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// Generation goes on; something of the input is not expressed in the output.
        case warning
        /// Generation cannot give a correct result.
        case error
    }

    /// Warning or error.
    public var severity: Severity
    /// A one-line message.
    public var message: String
    /// Where in the input the problem is.
    public var origin: Origin?

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Warning or error.
    ///   - message: A one-line message.
    ///   - origin: Where in the input.
    public init(_ severity: Severity, _ message: String, at origin: Origin? = nil) {
        self.severity = severity
        self.message = message
        self.origin = origin
    }

    /// `file:line:column: warning: message` (without a location when there is none).
    public var description: String {
        guard let origin else { return "\(severity.rawValue): \(message)" }
        return "\(origin.file ?? "<input>"):\(origin.line):\(origin.column): \(severity.rawValue): \(message)"
    }
}
