/// Where an element-level check (``ClassDefinition/validate(_:)``) reports what it finds.
///
/// Each report becomes a ``Diagnostic`` with code ``XMLBindError/Code/validationFailed``
/// at the element's origin, or at one of its attributes.
public final class ValidationContext {
    struct Report {
        var severity: Diagnostic.Severity
        var message: String
        var attribute: String?
    }

    private(set) var reports: [Report] = []

    /// The name of the element being checked, as written in the document.
    public let elementName: String

    init(elementName: String) {
        self.elementName = elementName
    }

    /// Reports an error: the parse fails, after finding the document's other problems.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - attribute: An attribute of the element to point at, by its qualified name.
    public func error(_ message: String, attribute: String? = nil) {
        reports.append(Report(severity: .error, message: message, attribute: attribute))
    }

    /// Reports a warning: the parse still succeeds.
    ///
    /// - Parameters:
    ///   - message: What is probably wrong.
    ///   - attribute: An attribute of the element to point at, by its qualified name.
    public func warning(_ message: String, attribute: String? = nil) {
        reports.append(Report(severity: .warning, message: message, attribute: attribute))
    }
}
