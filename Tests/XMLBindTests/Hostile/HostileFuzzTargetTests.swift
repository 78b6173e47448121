import Foundation
import Testing

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
    static func harness(target: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = HostileFuzzRegressionTests.harness
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XMLBIND_FUZZ_TARGET": target]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(arguments: targets)
    func replaysItsSeeds(_ target: String) throws {
        let folder = Self.packageRoot.appendingPathComponent("scripts/fuzz-seeds/\(target)")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { folder.appendingPathComponent($0).path }
        #expect(seeds.count >= 4, "scripts/fuzz-seeds/\(target) holds \(seeds.count) inputs")
        let (status, output) = try Self.harness(target: target, seeds)
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n").count == seeds.count)
        #expect(output.split(separator: "\n").allSatisfy { $0.hasSuffix(": ok") }, "\(output)")
    }

    @Test func refusesAnUnknownTarget() throws {
        let (status, output) = try Self.harness(target: "parsing", [])
        #expect(status == 2)
        #expect(output.contains("XMLBIND_FUZZ_TARGET is one of: all, parse, stream, write-back"))
    }
}
