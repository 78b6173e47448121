import Foundation
import Testing
import XMLBindTestSupport

/// The fuzz targets of `XMLBindFuzz` (one per concern, chosen by `XMLBIND_FUZZ_TARGET`)
/// replay their seed corpora (`scripts/fuzz-seeds/TARGET`) with every check holding, and an
/// unknown target is refused before any input is read.
@Suite struct HostileFuzzTargetTests {
    static let targets = [
        "all", "parse", "stream", "write-back", "substitution", "encodings", "xmlrpc", "soap", "parallel", "http",
        "schema",
    ]

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the built harness with a target and arguments: its exit status and output.
    static func harness(target: String, _ arguments: [String]) async throws -> (Int32, String) {
        let run = try await ProcessRun.run(
            HostileFuzzRegressionTests.harness, arguments, errorsIntoOutput: true,
            environment: ["XMLBIND_FUZZ_TARGET": target])
        return (run.status, run.stdout)
    }

    @Test(arguments: targets)
    func replaysItsSeeds(_ target: String) async throws {
        let folder = Self.packageRoot.appendingPathComponent("scripts/fuzz-seeds/\(target)")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { folder.appendingPathComponent($0).path }
        #expect(seeds.count >= 4, "scripts/fuzz-seeds/\(target) holds \(seeds.count) inputs")
        let (status, output) = try await Self.harness(target: target, seeds)
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n").count == seeds.count)
        #expect(output.split(separator: "\n").allSatisfy { $0.hasSuffix(": ok") }, "\(output)")
    }

    @Test func refusesAnUnknownTarget() async throws {
        let (status, output) = try await Self.harness(target: "parsing", [])
        #expect(status == 2)
        #expect(output.contains("XMLBIND_FUZZ_TARGET is one of: all, parse, stream, write-back"))
    }
}
