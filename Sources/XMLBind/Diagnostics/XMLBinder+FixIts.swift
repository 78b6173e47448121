#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Applying a document's fix-its, round by round, as `xmlbind check --fix` does.
extension XMLBinder {
    /// Applies the fix-its of a document's diagnostics, checks it again, and repeats until
    /// nothing is left to fix.
    ///
    /// Each round parses the document (as `parse(_:as:file:)` with `Any?`, so any registered
    /// root will do), then applies together the fix-its of its diagnostics, errors and
    /// warnings, in document order, leaving out any whose edits overlap one already taken
    /// (it gets its turn in the next round, against the changed document). A parse that stops
    /// at malformed XML reports one problem, so one round fixes one of those; a fix can also
    /// reveal the next problem. The rounds stop when a parse has no fix-it left, or after
    /// `maximumRounds`.
    ///
    /// - Parameters:
    ///   - document: The document's bytes.
    ///   - file: The file name for the diagnostics' origins.
    ///   - maximumRounds: How many times at most to apply fix-its and check again.
    /// - Returns: The changed document, the diagnostics whose fix-its were applied, and
    ///   what the changed document still has.
    public func applyingFixIts(to document: Data, file: String? = nil, maximumRounds: Int = 100) -> FixItReport {
        var report = FixItReport(document: document)
        var round = 0
        while true {
            let (diagnostics, omitted) = check(report.document, file: file)
            report.remaining = diagnostics
            report.omittedCount = omitted
            let chosen = Self.nonOverlapping(diagnostics)
            guard !chosen.isEmpty else { return report }
            guard round < maximumRounds else {
                report.roundsRanOut = true
                return report
            }
            round += 1
            let edits = chosen.flatMap { $0.fixIts[0].edits }
            guard let changed = try? TextEdit.apply(edits, to: report.document), changed != report.document else {
                return report
            }
            report.document = changed
            report.applied += chosen
        }
    }

    /// Applies a file's fix-its (see ``applyingFixIts(to:file:maximumRounds:)``) and, when
    /// any applied, replaces the file with the changed document atomically, as
    /// ``write(_:to:options:)-(_,URL,_)`` does: through a temporary file next to it, which keeps the
    /// file's mode and owner and follows a symbolic link.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The file name for the diagnostics' origins (the URL's path when `nil`).
    ///   - maximumRounds: How many times at most to apply fix-its and check again.
    /// - Returns: What was applied and what is left; the file holds ``FixItReport/document``.
    /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/io`` when the file cannot be
    ///   read or replaced; it is then unchanged.
    public func applyFixIts(toFileAt url: URL, file: String? = nil, maximumRounds: Int = 100) throws -> FixItReport {
        let name = file ?? url.path
        let original: Data
        do {
            original = try Data(contentsOf: url)
        } catch {
            // The parse's own I/O diagnostic says why, as `check` would.
            _ = try parse(contentsOf: url, as: Any?.self, file: name)
            throw XMLBindError(
                code: .io, message: "cannot read '\(name)'", origin: Origin(file: name, line: 0, column: 0))
        }
        let report = applyingFixIts(to: original, file: name, maximumRounds: maximumRounds)
        guard !report.applied.isEmpty else { return report }
        let replacement = try FileReplacement(replacing: url.path)
        do {
            try report.document.withUnsafeBytes { try replacement.write($0) }
        } catch {
            replacement.abort()
            throw error
        }
        try replacement.commit()
        return report
    }

    /// The document's diagnostics, warnings included, and how many were left out.
    private func check(_ document: Data, file: String?) -> ([Diagnostic], Int) {
        let warnings = WarningLog()
        do {
            _ = try parse(document, as: Any?.self, file: file, warnings: warnings)
            return (warnings.warnings, 0)
        } catch let error as XMLBindError {
            return (error.diagnostics, error.omittedCount)
        } catch {
            return ([Diagnostic(code: .io, message: "\(error)", origin: Origin(file: file, line: 0, column: 0))], 0)
        }
    }

    /// The diagnostics with a fix-it, in order, leaving out those whose first fix-it's edits
    /// overlap the edits of one taken before.
    private static func nonOverlapping(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var taken: [Diagnostic] = []
        var ranges: [Range<Int>] = []
        for diagnostic in diagnostics {
            guard let fixIt = diagnostic.fixIts.first else { continue }
            // As TextEdit.apply sees it: shared bytes, an insertion inside a replaced range,
            // or two changes at one offset (whose order no one chose).
            let clashes = fixIt.edits.contains { edit in
                ranges.contains { range in
                    range.lowerBound == edit.range.lowerBound
                        || (range.lowerBound < edit.range.upperBound && edit.range.lowerBound < range.upperBound)
                }
            }
            guard !clashes else { continue }
            taken.append(diagnostic)
            ranges += fixIt.edits.map(\.range)
        }
        return taken
    }
}

/// What ``XMLBinder/applyingFixIts(to:file:maximumRounds:)`` did to a document.
public struct FixItReport: Sendable, Hashable {
    /// The document with the fix-its applied (the original when none applied).
    public var document: Data
    /// The diagnostics whose first fix-it was applied, in the order they were applied; each
    /// as it was reported in the document of its round (its origin is in that version).
    public var applied: [Diagnostic] = []
    /// The diagnostics of ``document``: what is left to fix by hand (empty when it binds
    /// cleanly).
    public var remaining: [Diagnostic] = []
    /// How many more diagnostics ``document`` has beyond ``ParseOptions/maximumDiagnostics``.
    public var omittedCount = 0
    /// Whether fix-its were left unapplied because the rounds ran out.
    public var roundsRanOut = false

    /// Creates a report of a document that nothing has been applied to yet.
    ///
    /// - Parameter document: The document.
    public init(document: Data) {
        self.document = document
    }

    /// Whether ``remaining`` holds an error.
    public var hasErrors: Bool { remaining.contains { $0.severity == .error } }
}
