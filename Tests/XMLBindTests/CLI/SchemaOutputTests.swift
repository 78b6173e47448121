import Foundation
import Testing
import XMLBindTestSupport

/// `xmlbind schema --output DIR`: the demo model's schemas as linked files that libxml2's
/// validator (xmllint, and lxml in the SOAP peers' virtual environment) loads, and that
/// validate the demo's own `beans.xml` (issue 28, item 3).
@Suite struct SchemaOutputTests {
    static let packageRoot = TestPackage.root
    static let beansXML = packageRoot.appendingPathComponent("Sources/xmlbind/Demo/beans.xml")

    typealias Output = ProcessRun

    static func run(_ executable: String, _ arguments: [String]) async throws -> Output {
        try await ProcessRun.run(URL(fileURLWithPath: executable), arguments)
    }

    /// Writes the schemas with `xmlbind schema FLAG DIR`, and a copy of `beans.xml` whose
    /// `scope` is not one of the enum's cases.
    func writeSchemas(flag: String = "--output") async throws -> (folder: URL, result: Output, broken: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-xsd-\(UUID().uuidString)")
        let result = try await Self.run(CLITests.binary.path, ["schema", flag, folder.path])
        let broken = folder.appendingPathComponent("beans-wrong-scope.xml")
        let text = try String(contentsOf: Self.beansXML, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #"scope="prototype""#, with: #"scope="sometimes""#).utf8).write(
            to: broken)
        return (folder, result, broken)
    }

    @Test(arguments: ["--output", "-o"])
    func writesTheLinkedSet(flag: String) async throws {
        let (folder, result, _) = try await writeSchemas(flag: flag)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "\(folder.path)/beans.xsd\n\(folder.path)/configuration.xsd\n")
        let beans = try String(contentsOf: folder.appendingPathComponent("beans.xsd"), encoding: .utf8)
        #expect(
            beans.contains(
                #"<xs:import namespace="http://www.example.com/schema/configuration" schemaLocation="configuration.xsd"/>"#
            ))
    }

    @Test func outputNeedsAWritableFolder() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let folder = file.appendingPathComponent("xsd").path
        let blocked = try await Self.run(CLITests.binary.path, ["schema", "--output", folder])
        #expect(blocked.status == 1)
        #expect(blocked.stdout == "")
        #expect(blocked.stderr == "xmlbind: error: cannot write the schemas into '\(folder)': Not a directory\n")
        let missing = try await Self.run(CLITests.binary.path, ["schema", "--output"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "xmlbind: error: 'schema' takes one argument, or --output DIR\nRun 'xmlbind schema --help' for usage.\n"
        )
    }

    @Test func xmllintValidatesTheDemosBeans() async throws {
        let (folder, result, broken) = try await writeSchemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        let schema = folder.appendingPathComponent("beans.xsd").path
        let xmllint = try #require(
            ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "xmllint is missing: scripts/install-deps.sh --tests installs it")
        let valid = try await Self.run(xmllint, ["--noout", "--schema", schema, Self.beansXML.path])
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stderr.hasSuffix("beans.xml validates\n"), "\(valid.stderr)")
        let invalid = try await Self.run(xmllint, ["--noout", "--schema", schema, broken.path])
        #expect(invalid.status == 3)
        #expect(invalid.stderr.contains("'sometimes' is not an element of the set"), "\(invalid.stderr)")
    }

    @Test func lxmlValidatesTheDemosBeans() async throws {
        let (folder, result, broken) = try await writeSchemas()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        let peers = try await Self.run(
            "/bin/bash", [Self.packageRoot.appendingPathComponent("scripts/soap-peers.sh").path])
        try #require(peers.status == 0, "scripts/soap-peers.sh failed: \(peers.stderr)")
        let python = peers.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let script = Self.packageRoot.appendingPathComponent("Tests/XMLBindSOAPTests/Peers/validate.py").path
        let schema = folder.appendingPathComponent("beans.xsd").path
        let checked = try await Self.run(python, [script, schema, "--", Self.beansXML.path, broken.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [Any])
        #expect(results.first as? String == "valid", "\(checked.stdout)")
        let errors = try #require(results.last as? [String], "\(checked.stdout)")
        #expect(errors.contains { $0.contains("'sometimes' is not an element of the set") }, "\(errors)")
    }
}
