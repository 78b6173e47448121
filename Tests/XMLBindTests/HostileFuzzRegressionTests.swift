import Foundation
import Testing

@testable import XMLBind

/// Inputs the fuzzer found (`Fixtures/FuzzRegressions`), parsed every way, on a small stack.
@Suite struct HostileFuzzRegressionTests {
    static var inputs: [URL] {
        guard
            let folder = Bundle.module.url(
                forResource: "FuzzRegressions", withExtension: nil, subdirectory: "Fixtures"),
            let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return files.filter { $0.lastPathComponent != "README.md" }.sorted { $0.path < $1.path }
    }

    static let strict = XMLBinder().register(
        mapping(HostileNode.self, element: "r").text(\.text), mapping(HostileNode.self, element: "a"))

    @Test func fixturesAreFound() {
        #expect(Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil, subdirectory: "Fixtures") != nil)
    }

    @Test(arguments: inputs)
    func parsesWithoutCrashing(_ input: URL) throws {
        let data = try Data(contentsOf: input)
        let outcome = Hostile.onSmallStack {
            _ = try? Hostile.standard.parse(data, file: "fuzz.xml")
            _ = try? Self.strict.parse(data, file: "fuzz.xml")
            let cut = data.count / 2
            _ = try? Hostile.standard.parse(chunks: [data.prefix(cut), data.dropFirst(cut)])
            return true
        }
        #expect(outcome)
    }
}
