/// The problems that kept a document from binding, each with its place.
///
/// A parse goes on after most problems (the property that failed stays unset, an
/// unknown element is skipped) so that one run finds every mistake in a file; then it
/// throws one `XMLBindError` holding them all, in document order, in ``diagnostics``.
/// Malformed XML stops the parse: it is reported together with what was found before it.
///
/// ``code``, ``message``, ``origin`` and ``sourceLine`` describe the first error, for
/// code that handles one problem; ``description`` prints every diagnostic like a
/// compiler:
///
/// ```
/// beans.xml:14:28: error: cannot convert "fast" to Int for property 'timeout' of <bean>: not an integer
///    14 |     <bean id="db" timeout="fast" class="Pool"/>
///       |                            ^
/// ```
public struct XMLBindError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every diagnostic the parse kept, errors and warnings, in document order. At least
    /// one is an error.
    public var diagnostics: [Diagnostic]
    /// How many more diagnostics there were beyond ``ParseOptions/maximumDiagnostics``.
    public var omittedCount: Int

    /// Creates an error with one diagnostic.
    ///
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A one-line message.
    ///   - origin: Where the problem is.
    ///   - sourceLine: The text of the line at `origin`, without its line break.
    public init(code: Code, message: String, origin: Origin? = nil, sourceLine: String? = nil) {
        self.init(diagnostics: [Diagnostic(code: code, message: message, origin: origin, sourceLine: sourceLine)])
    }

    /// Creates an error from diagnostics.
    ///
    /// - Parameters:
    ///   - diagnostics: The diagnostics, in document order; at least one should be an error.
    ///   - omittedCount: How many more there were that are not included.
    public init(diagnostics: [Diagnostic], omittedCount: Int = 0) {
        self.diagnostics = diagnostics
        self.omittedCount = omittedCount
    }

    /// The first error (or, failing that, the first diagnostic).
    public var primary: Diagnostic {
        diagnostics.first { $0.severity == .error } ?? diagnostics.first
            ?? Diagnostic(code: .malformedXML, message: "unknown error")
    }

    /// The errors alone, in document order.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The first error's kind.
    public var code: Code { primary.code }
    /// The first error's message, without the location.
    public var message: String { primary.message }
    /// Where the first error is, when it is known.
    public var origin: Origin? { primary.origin }
    /// The source line of the first error, when it could be recovered.
    public var sourceLine: String? { primary.sourceLine }

    /// Every diagnostic, as a compiler prints them, then a line saying how many were
    /// left out, if any.
    public var description: String {
        rendered(.plain)
    }

    /// Every diagnostic as text, plain or with terminal colors.
    ///
    /// - Parameter style: How to render.
    /// - Returns: The diagnostics separated by newlines, without a trailing newline.
    public func rendered(_ style: DiagnosticStyle) -> String {
        DiagnosticRenderer(style: style).render(self)
    }
}
