import Foundation
import Testing
import XMLBindTestSupport

/// `xmlbind check --fix`, `--dry-run` and `--format json|sarif`, run as the built binary.
@Suite struct CheckFixTests {
    static var binary: URL { CLITests.binary }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    func run(_ arguments: [String], in folder: URL? = nil) async throws -> ProcessRun {
        try await ProcessRun.run(Self.binary, arguments)
    }

    /// A fresh folder holding `name` with `contents`.
    func file(_ name: String, _ contents: String) throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    static let broken =
        "<config>\n  <server name=\"R&D\">\n    <port>80</port>\n  </server>\n  <note>a < b</note>\n</config>\n"
    static let fixed =
        "<config>\n  <server name=\"R&amp;D\">\n    <port>80</port>\n  </server>\n  <note>a &lt; b</note>\n</config>\n"

    @Test func fixAppliesEveryFixItWritesTheFileAndReportsWhatItDid() async throws {
        let url = try file("broken.xml", Self.broken)
        let result = try await run(["check", "--fix", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                \(url.path):2:18: fixed: replace '&' with '&amp;'
                \(url.path):5:11: fixed: replace '<' with '&lt;'

                """)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.fixed)
        let again = try await run(["check", url.path])
        #expect(again.status == 0 && again.stderr == "")
    }

    @Test func fixReportsWhatIsLeftAndFails() async throws {
        let url = try file("left.xml", "<a>\n  <b>&amp</b>\n  <c>\n\n</a>\n")
        let result = try await run(["check", "--fix", url.path])
        #expect(result.status == 1)
        // The `&amp` (no `;`) is fixed; the open <c> two lines above its parent's end tag is not obvious.
        #expect(result.stderr.hasPrefix("\(url.path):2:6: fixed: replace '&' with '&amp;'\n"))
        #expect(result.stderr.contains("\(url.path):5:3: error: mismatched end tag: expected </c> to close <c>"))
        #expect(try String(contentsOf: url, encoding: .utf8) == "<a>\n  <b>&amp;amp</b>\n  <c>\n\n</a>\n")
    }

    @Test func dryRunPrintsTheDiffThatDiffPrintsAndWritesNothing() async throws {
        // Changes far apart give two hunks; the context is three lines.
        let lines = (1...20).map { "  <item n=\"\($0)\"/>" }
        var broken = lines
        broken[2] = "  <item n=\"3 & 4\"/>"
        broken[16] = "  <item n=\"17\">x</itme>"
        let original = "<list>\n" + broken.joined(separator: "\n") + "\n</list>\n"
        let url = try file("list.xml", original)
        let result = try await run(["check", "--fix", "--dry-run", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: url, encoding: .utf8) == original)

        var fixed = broken
        fixed[2] = "  <item n=\"3 &amp; 4\"/>"
        fixed[16] = "  <item n=\"17\">x</item>"
        let expected = try file("expected.xml", "<list>\n" + fixed.joined(separator: "\n") + "\n</list>\n")
        let diff = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/diff"),
            ["-u", "--label", "a/\(url.path)", "--label", "b/\(url.path)", url.path, expected.path])
        #expect(diff.stdout.contains("@@ -1,7 +1,7 @@"))
        #expect(result.stdout == diff.stdout)
        #expect(
            result.stderr == """
                \(url.path):4:14: would fix: replace '&' with '&amp;'
                \(url.path):18:19: would fix: replace 'itme' with 'item'

                """)
    }

    @Test func dryRunMarksAMissingFinalLineBreak() async throws {
        let url = try file("short.xml", "<a>")
        let result = try await run(["check", "--fix", "--dry-run", url.path])
        #expect(
            result.stdout == """
                --- a/\(url.path)
                +++ b/\(url.path)
                @@ -1 +1 @@
                -<a>
                \\ No newline at end of file
                +<a></a>
                \\ No newline at end of file

                """)
    }

    @Test func jsonHasEveryPartOfADiagnostic() async throws {
        let url = try file("j.xml", "<a>\n  <b>x</c>\n</a>\n")
        let result = try await run(["check", "--format", "json", url.path])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == 1)
        let files = try #require(root["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files[0]["path"] as? String == url.path)
        #expect(files[0]["omitted"] as? Int == 0)
        #expect(files[0]["fixed"] == nil)
        let diagnostic = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["code"] as? String == "malformed-xml")
        #expect(diagnostic["message"] as? String == "mismatched end tag: expected </b> to close <b>, found </c>")
        #expect(diagnostic["line"] as? Int == 2)
        #expect(diagnostic["column"] as? Int == 9)
        #expect(diagnostic["byteOffset"] as? Int == 12)
        #expect(diagnostic["sourceLine"] as? String == "  <b>x</c>")
        let note = try #require((diagnostic["notes"] as? [[String: Any]])?.first)
        #expect(note["message"] as? String == "<b> opened here")
        #expect(note["line"] as? Int == 2 && note["column"] as? Int == 3 && note["byteOffset"] as? Int == 6)
        let fixIt = try #require((diagnostic["fixIts"] as? [[String: Any]])?.first)
        #expect(fixIt["message"] as? String == "replace 'c' with 'b'")
        let edits = try #require(fixIt["edits"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(edits[0]["start"] as? Int == 12 && edits[0]["end"] as? Int == 13)
        #expect(edits[0]["replacement"] as? String == "b")
    }

    @Test func jsonWithFixSaysWhatWasFixedAndWritten() async throws {
        let url = try file("jf.xml", "<a>&</a>")
        let result = try await run(["check", "--fix", "--format=json", url.path])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entry = try #require((root["files"] as? [[String: Any]])?.first)
        #expect(entry["written"] as? Bool == true)
        #expect((entry["diagnostics"] as? [Any])?.isEmpty == true)
        let fixed = try #require((entry["fixed"] as? [[String: Any]])?.first)
        #expect(fixed["code"] as? String == "malformed-xml" && fixed["line"] as? Int == 1)
    }

    /// The SARIF log of documents with notes, fix-its, a character outside the Basic
    /// Multilingual Plane and a missing file, validated by Python's `jsonschema` against
    /// the SARIF 2.1.0 schema (Fixtures/SARIF).
    @Test func sarifValidatesAgainstTheSchema() async throws {
        let emoji = try file("emoji.xml", "<a>\n  <b t=\"😀😀\" u=\"R&D\"/>\n</a>\n")
        let mismatch = try file("m.xml", "<a>\n  <b>\n</a>\n")
        let result = try await run(["check", "--format", "sarif", emoji.path, mismatch.path, "/nonexistent/x.xml"])
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(sarifRun["columnKind"] as? String == "utf16CodeUnits")
        let rules = try #require(
            ((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["malformed-xml", "io"])
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results.map { $0["ruleId"] as? String } == ["malformed-xml", "malformed-xml", "io"])
        #expect(results.map { $0["level"] as? String } == ["error", "error", "error"])

        // `&` is the 17th character of its line, after two emoji: column 19 in UTF-16 units.
        let region = try #require(
            ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any])
        #expect(region["startLine"] as? Int == 2 && region["startColumn"] as? Int == 19)
        #expect(region["byteOffset"] as? Int == 26)
        let fix = try #require((results[0]["fixes"] as? [[String: Any]])?.first)
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        let deleted = try #require(replacement["deletedRegion"] as? [String: Any])
        #expect(deleted["startColumn"] as? Int == 19 && deleted["endColumn"] as? Int == 20)
        #expect(deleted["byteOffset"] as? Int == 26 && deleted["byteLength"] as? Int == 1)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "&amp;")
        let related = try #require((results[1]["relatedLocations"] as? [[String: Any]])?.first)
        #expect((related["message"] as? [String: Any])?["text"] as? String == "<b> opened here")

        let peers = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.packageRoot.appendingPathComponent("scripts/soap-peers.sh").path])
        try #require(peers.status == 0, "scripts/soap-peers.sh failed: \(peers.stderr)")
        let python = URL(fileURLWithPath: peers.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let schema = Self.packageRoot.appendingPathComponent(
            "Tests/XMLBindTests/Fixtures/SARIF/sarif-schema-2.1.0.json")
        let sarif = try file("log.sarif", result.stdout)
        let validator = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft4Validator.check_schema(schema)
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
            for error in errors: print(error.message, list(error.absolute_path))
            sys.exit(1 if errors else 0)
            """
        let checked = try await ProcessRun.run(python, ["-c", validator, schema.path, sarif.path])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")

        // A log that breaks the schema is refused, so the validation is real.
        let broken = try file(
            "bad.sarif", result.stdout.replacingOccurrences(of: "\"utf16CodeUnits\"", with: "\"bytes\""))
        let refused = try await ProcessRun.run(python, ["-c", validator, schema.path, broken.path])
        #expect(refused.status == 1, "\(refused.stdout)")
    }

    @Test(arguments: [
        (["check", "--format", "xml", "a.xml"], "unknown format 'xml': use text, json or sarif"),
        (["check", "--format"], "'--format' needs a value"),
        (["check", "--dry-run", "a.xml"], "'--dry-run' goes with '--fix'"),
        (["check", "--fix", "-"], "'--fix' needs files: standard input ('-') cannot be rewritten"),
    ])
    func usageMistakes(_ arguments: [String], _ problem: String) async throws {
        let result = try await run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == "xmlbind: error: \(problem)\nRun 'xmlbind check --help' for usage.\n")
    }
}
