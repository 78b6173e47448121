import Synchronization

/// Collects the warnings of the parses it is given to: the one way every `parse`,
/// `stream` and `objects` form hands warnings back.
///
/// A document without errors may still have warnings (``ParseMode/lenient`` mode, a
/// `.warn` policy for unknown content). Pass a log as `warnings:` to keep them; without
/// one they are dropped, at no cost. When a parse throws, its warnings are in the
/// ``XMLBindError``'s ``XMLBindError/diagnostics`` too.
///
/// ```swift
/// let log = WarningLog()
/// let feed = try binder.parse(data, as: RSS.self, file: "feed.xml", warnings: log)
/// for warning in log.warnings { print(warning) }
/// ```
///
/// A log may be shared by several parses, on any threads; each parse adds its warnings
/// in document order when it has found them (at its end, or when a stream is stopped).
/// To act on each warning as it is added, give a handler:
///
/// ```swift
/// let log = WarningLog { warning in logger.warning("\(warning)") }
/// ```
public final class WarningLog: Sendable {
    private let collected = Mutex<[Diagnostic]>([])
    private let handler: (@Sendable (Diagnostic) -> Void)?

    /// Creates an empty log that keeps the warnings it is given.
    public init() {
        handler = nil
    }

    /// Creates an empty log that keeps the warnings it is given and hands each one to
    /// `handler` as it is added.
    ///
    /// - Parameter handler: Called once per warning, in the order they are added, on the
    ///   thread of the parse that found it.
    public init(_ handler: @escaping @Sendable (Diagnostic) -> Void) {
        self.handler = handler
    }

    /// The warnings added so far, in the order they were added.
    public var warnings: [Diagnostic] {
        collected.withLock { $0 }
    }

    /// Adds a parse's warnings (any errors among `diagnostics` are left out).
    func add(_ diagnostics: [Diagnostic]) {
        let warnings = diagnostics.filter { $0.severity == .warning }
        guard !warnings.isEmpty else { return }
        collected.withLock { $0 += warnings }
        if let handler {
            for warning in warnings { handler(warning) }
        }
    }
}
