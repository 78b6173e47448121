import Foundation
import XMLBind

/// What `xmlbind check` found in one file, and with `--fix`, what it changed.
struct CheckResult {
    /// The path as given (`<stdin>` for `-`).
    var path: String
    /// The diagnostics of the file (after the fix-its, with `--fix`).
    var diagnostics: [Diagnostic] = []
    /// How many more there were than the parse keeps.
    var omittedCount = 0
    /// With `--fix`: the diagnostics whose fix-its were applied, each as reported in its round.
    var applied: [Diagnostic] = []
    /// With `--fix`: whether the file was replaced (not in a dry run, nor when nothing applied).
    var written = false
    /// With `--fix`: whether fix-its were left because the rounds ran out.
    var roundsRanOut = false
    /// The document the diagnostics are about, when it was read whole (for SARIF's regions).
    var document: Data?

    /// Whether the file still has an error.
    var failed: Bool { diagnostics.contains { $0.severity == .error } }

    /// The JSON object of `--format json` for this file (see `CheckCommand.help`).
    func json(fixing: Bool) -> [String: Any] {
        var object: [String: Any] = [
            "path": path,
            "diagnostics": diagnostics.map(Self.json),
            "omitted": omittedCount,
        ]
        if fixing {
            object["fixed"] = applied.map(Self.json)
            object["written"] = written
        }
        return object
    }

    /// A diagnostic as JSON: what ``Diagnostic`` holds, with absent parts left out.
    static func json(_ diagnostic: Diagnostic) -> [String: Any] {
        var object: [String: Any] = [
            "severity": diagnostic.severity.rawValue,
            "code": diagnostic.code.description,
            "message": diagnostic.message,
        ]
        place(diagnostic.origin, diagnostic.byteOffset, diagnostic.sourceLine, into: &object)
        if !diagnostic.notes.isEmpty {
            object["notes"] = diagnostic.notes.map { note in
                var entry: [String: Any] = ["message": note.message]
                place(note.origin, note.byteOffset, note.sourceLine, into: &entry)
                return entry
            }
        }
        if !diagnostic.fixIts.isEmpty {
            object["fixIts"] = diagnostic.fixIts.map { fixIt in
                [
                    "message": fixIt.message,
                    "edits": fixIt.edits.map { edit in
                        ["start": edit.range.lowerBound, "end": edit.range.upperBound, "replacement": edit.replacement]
                    },
                ] as [String: Any]
            }
        }
        return object
    }

    private static func place(
        _ origin: Origin?, _ byteOffset: Int?, _ sourceLine: String?, into object: inout [String: Any]
    ) {
        if let origin, origin.line > 0 {
            object["line"] = origin.line
            object["column"] = origin.column
        }
        if let byteOffset { object["byteOffset"] = byteOffset }
        if let sourceLine { object["sourceLine"] = sourceLine }
    }

    /// A JSON document as text: keys sorted, slashes as they are, indented.
    static func text(ofJSON object: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
