/// Where an element-level check (``ClassDefinition/validate(_:)``) reports what it finds.
///
/// Each report becomes a ``Diagnostic`` with code ``XMLBindError/Code/validationFailed``
/// at the element's origin, or at one of its attributes.
public final class ValidationContext {
    struct Report {
        var severity: Diagnostic.Severity
        var message: String
        var attribute: String?
        /// Another element to point at (a descendant of the checked one), by its origin.
        var origin: Origin?
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

    /// Reports an error at another element than the one checked: one of its descendants,
    /// whose origin the check knows (an ``OriginAware`` object), as a check across a whole
    /// subtree does (XML Schema's identity constraints, say). The diagnostic is found in
    /// the source by the origin's line and column: it has its source line and caret, and
    /// takes its place in document order, as the others do.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - origin: Where the offending element starts; `nil` points at the checked element.
    public func error(_ message: String, at origin: Origin?) {
        reports.append(Report(severity: .error, message: message, attribute: nil, origin: origin))
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
