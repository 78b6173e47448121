#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One problem in a document, with its place: an error or a warning.
///
/// A parse collects every problem it finds; ``XMLBindError/diagnostics`` holds them in
/// document order. Each prints like a compiler's:
///
/// ```
/// beans.xml:14:28: error: cannot convert "fast" to Int for property 'timeout' of <bean>: not an integer
///    14 |     <bean id="db" timeout="fast" class="Pool"/>
///       |                            ^
/// ```
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The document cannot be bound as it is; the parse throws.
        case error
        /// Something is probably wrong, but binding went on.
        case warning
    }

    /// A remark attached to a diagnostic, such as where a duplicate value was first set.
    public struct Note: Sendable, Hashable {
        /// The remark.
        public var message: String
        /// Where it points, when it points somewhere.
        public var origin: Origin?
        /// The source line at ``origin``.
        public var sourceLine: String?
        /// The byte offset in the document that ``origin`` stands for, when it is known
        /// (see ``Diagnostic/byteOffset``).
        public var byteOffset: Int?
        var caretColumn: Int?

        /// Creates a note.
        ///
        /// - Parameters:
        ///   - message: The remark.
        ///   - origin: Where it points.
        ///   - sourceLine: The text of the line at `origin`.
        public init(_ message: String, origin: Origin? = nil, sourceLine: String? = nil) {
            self.message = message
            self.origin = origin
            self.sourceLine = sourceLine
        }
    }

    /// Error or warning.
    public var severity: Severity
    /// What kind of problem this is.
    public var code: XMLBindError.Code
    /// A one-line message that says what is wrong, without the location.
    public var message: String
    /// Where the problem is, when it is known. Line 0 stands for a whole file.
    public var origin: Origin?
    /// The text of the source line at ``origin``, when it could be recovered. A very
    /// long line (a minified document) is cut to a window around the column.
    public var sourceLine: String?
    /// Further remarks, each with its own place.
    public var notes: [Note]
    /// The byte offset in the document that ``origin`` stands for, when it is known: set by
    /// a parse for documents whose bytes it can read again (from `Data`, a `String` as its
    /// UTF-8, or a file), in the document's own bytes (also for UTF-16); `nil` for a
    /// document the parse transcoded to UTF-8 first and for input streamed from a pipe.
    public var byteOffset: Int?
    /// Machine-applicable corrections: none, or the one obvious fix (see ``FixIt``).
    /// Rendered under the caret, as a compiler shows its fix-its.
    public var fixIts: [FixIt]
    /// The caret's column within ``sourceLine`` when that is a window of a long line.
    var caretColumn: Int?

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error or warning.
    ///   - code: The kind of problem.
    ///   - message: A one-line message.
    ///   - origin: Where the problem is.
    ///   - sourceLine: The text of the line at `origin`, without its line break.
    ///   - notes: Further remarks.
    ///   - byteOffset: The byte offset in the document that `origin` stands for.
    ///   - fixIts: Corrections a tool can apply.
    public init(
        severity: Severity = .error, code: XMLBindError.Code, message: String, origin: Origin? = nil,
        sourceLine: String? = nil, notes: [Note] = [], byteOffset: Int? = nil, fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.origin = origin
        self.sourceLine = sourceLine
        self.notes = notes
        self.byteOffset = byteOffset
        self.fixIts = fixIts
    }

    /// The diagnostic as plain text: `file:line:column: error: message`, the source line
    /// with a caret under the column, then its notes.
    public var description: String {
        DiagnosticRenderer(style: .plain).render(self)
    }

    /// The diagnostic as text, plain or with terminal colors.
    ///
    /// - Parameter style: ``DiagnosticStyle/plain`` for logs and files,
    ///   ``DiagnosticStyle/colored`` for a terminal.
    /// - Returns: The rendered text, without a trailing newline.
    public func rendered(_ style: DiagnosticStyle) -> String {
        DiagnosticRenderer(style: style).render(self)
    }
}

/// How diagnostics are rendered as text.
public enum DiagnosticStyle: Sendable, Hashable {
    /// Plain text, for logs, files and tests.
    case plain
    /// With ANSI colors, for a terminal.
    case colored

    /// ``colored`` when standard error is a terminal and the `NO_COLOR` environment
    /// variable is not set (see no-color.org), ``plain`` otherwise.
    public static var forStandardError: DiagnosticStyle {
        TerminalInfo.isColorTerminal(STDERR_FILENO) ? .colored : .plain
    }

    /// ``colored`` when standard output is a terminal and `NO_COLOR` is not set,
    /// ``plain`` otherwise.
    public static var forStandardOutput: DiagnosticStyle {
        TerminalInfo.isColorTerminal(STDOUT_FILENO) ? .colored : .plain
    }
}
