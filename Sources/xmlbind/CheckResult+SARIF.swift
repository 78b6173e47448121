import Foundation
import XMLBind

/// `xmlbind check --format sarif`: a SARIF 2.1.0 log, what GitHub code scanning and
/// editors read.
///
/// One run; its driver's `rules` are the diagnostic codes that occur (`malformed-xml`, …),
/// each result names its rule. Columns are in UTF-16 code units, SARIF's default unit
/// (`columnKind` says so): an origin's column counts Unicode scalars as expat does, so a
/// line with characters outside the Basic Multilingual Plane before the caret gets a larger
/// SARIF column. Regions also carry the byte offset when the parse knew it; a fix-it's
/// replacements give their deleted region both as lines and columns and as bytes.
extension CheckResult {
    /// The SARIF log of every file's results.
    static func sarif(_ results: [CheckResult]) -> [String: Any] {
        var codes: [String] = []
        var sarifResults: [[String: Any]] = []
        for result in results {
            for diagnostic in result.diagnostics {
                let code = diagnostic.code.description
                if !codes.contains(code) { codes.append(code) }
                sarifResults.append(result.sarif(diagnostic, ruleIndex: codes.firstIndex(of: code) ?? 0))
            }
        }
        let driver: [String: Any] = [
            "name": "xmlbind",
            "version": CommandHelp.version,
            "rules": codes.map { ["id": $0] },
        ]
        return [
            "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
            "version": "2.1.0",
            "runs": [["tool": ["driver": driver], "columnKind": "utf16CodeUnits", "results": sarifResults]],
        ]
    }

    private func sarif(_ diagnostic: Diagnostic, ruleIndex: Int) -> [String: Any] {
        var object: [String: Any] = [
            "ruleId": diagnostic.code.description,
            "ruleIndex": ruleIndex,
            "level": diagnostic.severity == .error ? "error" : "warning",
            "message": ["text": diagnostic.message],
            "locations": [
                location(diagnostic.origin, sourceLine: diagnostic.sourceLine, byteOffset: diagnostic.byteOffset)
            ],
        ]
        if !diagnostic.notes.isEmpty {
            object["relatedLocations"] = diagnostic.notes.enumerated().map { index, note in
                var related = location(note.origin, sourceLine: note.sourceLine, byteOffset: note.byteOffset)
                related["id"] = index
                related["message"] = ["text": note.message]
                return related
            }
        }
        if let document, !diagnostic.fixIts.isEmpty {
            object["fixes"] = diagnostic.fixIts.map { fixIt in
                [
                    "description": ["text": fixIt.message],
                    "artifactChanges": [
                        [
                            "artifactLocation": ["uri": uri],
                            "replacements": fixIt.edits.map { replacement($0, in: document) },
                        ] as [String: Any]
                    ],
                ] as [String: Any]
            }
        }
        return object
    }

    /// A `location` object: the file, and the region when the line is known.
    private func location(_ origin: Origin?, sourceLine: String?, byteOffset: Int?) -> [String: Any] {
        var physical: [String: Any] = ["artifactLocation": ["uri": uri]]
        if let origin, origin.line > 0 {
            var region: [String: Any] = [
                "startLine": origin.line,
                "startColumn": utf16Column(origin, sourceLine: sourceLine, byteOffset: byteOffset),
            ]
            if let byteOffset { region["byteOffset"] = byteOffset }
            physical["region"] = region
        }
        return ["physicalLocation": physical]
    }

    /// A `replacement` object for an edit (fix-its are made for UTF-8 documents only).
    private func replacement(_ edit: TextEdit, in document: Data) -> [String: Any] {
        let start = Self.position(of: edit.range.lowerBound, in: document)
        let end = Self.position(of: edit.range.upperBound, in: document)
        var object: [String: Any] = [
            "deletedRegion": [
                "startLine": start.line, "startColumn": start.column,
                "endLine": end.line, "endColumn": end.column,
                "byteOffset": edit.range.lowerBound, "byteLength": edit.range.count,
            ]
        ]
        if !edit.replacement.isEmpty { object["insertedContent"] = ["text": edit.replacement] }
        return object
    }

    /// The file as a URI reference: a relative path stays relative, percent-encoded.
    var uri: String {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// An origin's column (Unicode scalars) in UTF-16 code units: from its source line, or
    /// for a line shown as a window of a long line, from the document's bytes.
    private func utf16Column(_ origin: Origin, sourceLine: String?, byteOffset: Int?) -> Int {
        if let sourceLine, !sourceLine.hasPrefix("…") {
            let before = sourceLine.unicodeScalars.prefix(max(0, origin.column - 1))
            let utf16 = before.reduce(0) { $0 + UTF16.width($1) }
            // A column past the line's end (the end of the input) keeps its excess.
            return utf16 + max(0, origin.column - 1 - before.count) + 1
        }
        if let byteOffset, let document, Self.looksLikeUTF8(document) {
            return Self.position(of: byteOffset, in: document).column
        }
        return origin.column
    }

    /// Whether a document reads as UTF-8 (no NUL bytes, as UTF-16 text of ASCII has).
    private static func looksLikeUTF8(_ document: Data) -> Bool {
        !document.contains(0) && String(validating: document, as: UTF8.self) != nil
    }

    /// The 1-based line and UTF-16 column of a byte offset in a UTF-8 document, counting
    /// lines as expat does (LF, CR LF, CR) and leaving out a byte order mark.
    static func position(of offset: Int, in document: Data) -> (line: Int, column: Int) {
        let bytes = [UInt8](document.prefix(offset))
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D {
            // The LF of a CR LF ends no second line.
            if !(byte == 0x0A && index > 0 && bytes[index - 1] == 0x0D) { line += 1 }
            lineStart = index + 1
        }
        let text = String(decoding: bytes[min(lineStart, bytes.count)...], as: UTF8.self)
        return (line, text.utf16.count + 1)
    }
}
