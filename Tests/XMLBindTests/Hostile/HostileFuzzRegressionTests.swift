import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Fuzz inputs kept as regression tests (`Fixtures/FuzzRegressions`: the cases of issue 11
/// and what the fuzzer found), each run through the fuzz harness itself (the built
/// `XMLBindFuzz`, which replays an input on a 512 KiB thread and exits 1 when one of its
/// checks fails) and parsed every way here, on a 512 KiB thread.
///
/// An input is four control bytes (options, entry points, cut points: see `FuzzHarness`),
/// then the document.
@Suite struct HostileFuzzRegressionTests {
    static var folder: URL? {
        Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil, subdirectory: "Fixtures")
    }

    static var inputs: [URL] {
        guard let folder,
            let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return files.filter { $0.pathExtension == "fuzz" }.sorted { $0.path < $1.path }
    }

    /// The built fuzz target, next to this test bundle in the build folder.
    static var harness: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("XMLBindFuzz")
    }

    static let strict = XMLBinder().registeredAtSetup(
        mapping(HostileNode.self, element: "r").text(\.text), mapping(HostileNode.self, element: "a"))
    static let substituting = XMLBinder(
        options: ParseOptions(mode: .lenient, substitution: VariableSubstitution(variables: ["A": "a"]))
    ).registeredAtSetup(
        mapping(HostileNode.self, element: "root").text(\.text),
        mapping(HostileNode.self, element: "owner"),
        mapping(HostileNode.self, element: "item").text(\.text),
        mapping(HostileNode.self, element: "host").text(\.text))

    @Test func theIssuesCasesAreKept() {
        let names = Set(Self.inputs.map(\.lastPathComponent))
        for name in [
            "issue11-nested-fallbacks-339.fuzz", "issue11-repeated-references.fuzz",
            "issue11-utf16le-without-bom.fuzz", "issue11-utf16be-without-bom.fuzz",
            "issue11-deep-graph-write-back.fuzz",
        ] {
            #expect(names.contains(name), "\(name) is missing")
        }
    }

    @Test(arguments: inputs)
    func passesTheFuzzHarnessChecks(_ input: URL) async throws {
        let run = try await ProcessRun.run(Self.harness, [input.path], errorsIntoOutput: true)
        #expect(run.exited && run.status == 0, "\(run.stdout)")
        #expect(run.stdout == "\(input.path): ok\n")
    }

    @Test(arguments: inputs)
    func parsesTheSameWholeOrInPieces(_ input: URL) throws {
        let document = try Data(contentsOf: input).dropFirst(4)
        let codes = Hostile.onSmallStack { () -> [[String]] in
            [Hostile.standard, Self.strict, Self.substituting].map { binder in
                let whole = Self.codes { _ = try binder.parse(Data(document), as: Any?.self) }
                let cut = document.count / 3
                let pieces = [Data(document.prefix(cut)), Data(document.dropFirst(cut))]
                let chunked = Self.codes { _ = try binder.parse(chunks: pieces, as: Any?.self) }
                // Streamed too, for what it may trip over; its outcome is the harness's to check.
                _ = try? binder.stream(Data(document), as: HostileNode.self) { _ in .continue }
                return [whole.joined(separator: ","), chunked.joined(separator: ",")]
            }
        }
        for pair in codes {
            #expect(pair[0] == pair[1], "whole: \(pair[0]), in two pieces: \(pair[1])")
        }
    }

    /// The codes of a parse's errors; empty when it succeeds.
    static func codes(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as XMLBindError {
            return error.diagnostics.filter { $0.severity == .error }.map { "\($0.code)" }
        } catch {
            return ["\(error)"]
        }
    }
}
