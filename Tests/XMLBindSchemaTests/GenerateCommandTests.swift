import Foundation
import Testing
import XMLBindTestSupport

@Suite("xmlbind generate")
struct GenerateCommandTests {
    static let tool = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("xmlbind")
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/XSD")

    @Test("Writes one file per type, the binder and the conversions")
    func writesFiles() async throws {
        let output = try temporaryDirectory()
        let run = try await ProcessRun.run(
            Self.tool,
            [
                "generate", "--name", "PurchaseOrders", "--output", output.path,
                Self.fixtures.appendingPathComponent("po.xsd").path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            files == [
                "PurchaseOrders+CommentElement.swift", "PurchaseOrders+Conversions.swift", "PurchaseOrders+Item.swift",
                "PurchaseOrders+Items.swift", "PurchaseOrders+Priority.swift", "PurchaseOrders+PurchaseOrderType.swift",
                "PurchaseOrders+USAddress.swift", "PurchaseOrders.swift",
            ])
    }

    @Test("--single-file writes NAME.swift alone")
    func singleFile() async throws {
        let output = try temporaryDirectory()
        let run = try await ProcessRun.run(
            Self.tool,
            [
                "generate", "--name", "PO", "--output", output.path, "--single-file",
                Self.fixtures.appendingPathComponent("po.xsd").path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["PO.swift"])
    }

    @Test("Errors in the inputs exit 1 with located diagnostics, and nothing is written")
    func inputErrors() async throws {
        let output = try temporaryDirectory().appendingPathComponent("out")
        let run = try await ProcessRun.run(
            Self.tool,
            [
                "generate", "--name", "R", "--output", output.path,
                Self.fixtures.appendingPathComponent("remote.xsd").path,
            ])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "remote.xsd:3:3: error: schemaLocation 'https://example.com/other.xsd' is not a local file"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("Usage mistakes exit 2 and say what is wrong")
    func usage() async throws {
        let missingName = try await ProcessRun.run(Self.tool, ["generate", "--output", "/tmp/x", "a.xsd"])
        #expect(missingName.status == 2)
        #expect(
            missingName.stderr
                == "xmlbind generate: error: --name NAME is required\nRun 'xmlbind generate --help' for usage.\n")
        let badName = try await ProcessRun.run(
            Self.tool,
            [
                "generate", "--name", "not a name", "--output", "/tmp/x",
                Self.fixtures.appendingPathComponent("po.xsd").path,
            ])
        #expect(badName.status == 1)
        #expect(badName.stderr.contains(#"error: the model's name "not a name" is not a Swift identifier"#))
        let help = try await ProcessRun.run(Self.tool, ["generate", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: xmlbind generate --name NAME --output DIR"))
    }
}
