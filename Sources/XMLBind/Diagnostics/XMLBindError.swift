/// An error found while binding a document, with the place it was found.
///
/// Every problem the binder reports, malformed XML, an unknown element or attribute,
/// a value that does not convert, a failed read, is one of these values. A program can
/// inspect ``code``; a person reads ``description``, which prints like a compiler:
///
/// ```
/// beans.xml:14:28: error: cannot convert "fast" to Int for property 'timeout' of <bean>
///    14 |     <bean id="db" timeout="fast" class="Pool"/>
///       |                            ^
/// ```
public struct XMLBindError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public var code: Code
    /// A one-line message that says what is wrong, without the location.
    public var message: String
    /// Where the problem is, when it is known.
    public var origin: Origin?
    /// The text of the source line at ``origin``, when it could be recovered. A very
    /// long line (a minified document) is cut to a window around the column.
    public var sourceLine: String?
    /// The caret's column within ``sourceLine`` when that is a window of a long line.
    var caretColumn: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A one-line message.
    ///   - origin: Where the problem is.
    ///   - sourceLine: The text of the line at `origin`, without its line break.
    public init(code: Code, message: String, origin: Origin? = nil, sourceLine: String? = nil) {
        self.code = code
        self.message = message
        self.origin = origin
        self.sourceLine = sourceLine
    }

    /// The error as a compiler prints it: `file:line:column: error: message`, then the
    /// source line and a caret under the column.
    public var description: String {
        DiagnosticRenderer.render(self)
    }
}
