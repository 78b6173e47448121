import Foundation
import Testing
import XMLBindTestSupport

/// A process writing a file with `write(_:to:options:)`, killed with `SIGKILL` at random
/// moments (issue 33 item 4): afterwards the file is always the complete old document or
/// the complete new one, and the temporary a kill leaves is gone after the next write.
/// The writer is the hidden `crash-write` mode of `XMLBindBenchmarks`;
/// `scripts/crash-write.sh` runs hundreds of rounds, this test 50.
@Suite struct WritingCrashTests {
    /// The built `XMLBindBenchmarks`, next to this test bundle in the build folder.
    static var writer: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("XMLBindBenchmarks")
    }

    /// ~1.7 MB a document: long enough that most kills land mid-write.
    static let count = "20000"

    /// Starts the writer on `file` with the `variant` document.
    static func start(_ file: URL, _ variant: String) throws -> Process {
        let process = Process()
        process.executableURL = writer
        process.arguments = ["crash-write", file.path, variant, count]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func temporaries(in folder: URL) -> Int {
        WritingFaultTests.temporaries(in: folder).count
    }

    /// What one killed round left: whether the target held the old or the new document, its
    /// size, and how many temporaries were beside it.
    struct Round: Sendable {
        var isOld: Bool
        var isNew: Bool
        var size: Int
        var temporaries: Int
    }

    /// Writes, kills and reads on a thread of its own (the sleeps and waits must not block a
    /// thread of Swift's concurrency pool); the expectations come after, in the test's task.
    @Test func aKilledWriteLeavesTheOldOrTheNewDocument() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "run `swift build` first")
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.xml")
        let new = folder.appendingPathComponent("new.xml")
        let target = folder.appendingPathComponent("target.xml")
        let (firstStatus, distinct, rounds, finalMatches, finalTemporaries) = try await onOwnThread {
            let first = try Self.start(old, "old")
            first.waitUntilExit()
            // How long a whole write takes here: the kills are spread over 1.2 times that.
            let clock = ContinuousClock()
            let took = try clock.measure {
                let process = try Self.start(new, "new")
                process.waitUntilExit()
            }
            let oldBytes = try Data(contentsOf: old)
            let newBytes = try Data(contentsOf: new)
            try FileManager.default.copyItem(at: old, to: target)
            var generator = SeededGenerator(seed: 33)
            var rounds: [Round] = []
            for round in 0..<50 {
                let process = try Self.start(target, round % 2 == 0 ? "new" : "old")
                Thread.sleep(forTimeInterval: Double.random(in: 0...1.2, using: &generator) * (took / .seconds(1)))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let bytes = try Data(contentsOf: target)
                rounds.append(
                    Round(
                        isOld: bytes == oldBytes, isNew: bytes == newBytes, size: bytes.count,
                        temporaries: Self.temporaries(in: folder)))
            }
            let last = try Self.start(target, "new")
            last.waitUntilExit()
            return (
                first.terminationStatus, oldBytes != newBytes, rounds, try Data(contentsOf: target) == newBytes,
                Self.temporaries(in: folder)
            )
        }
        try #require(firstStatus == 0 && distinct)
        for (index, round) in rounds.enumerated() {
            #expect(round.isOld || round.isNew, "round \(index): \(round.size) bytes, neither document")
            // A kill leaves at most its own temporary: the one before it was removed.
            #expect(round.temporaries <= 1, "round \(index)")
        }
        #expect(rounds.filter { $0.isOld || $0.isNew }.count == 50)
        #expect(finalMatches)
        #expect(finalTemporaries == 0)
    }

    @Test func aStreamToAClosedPipeEndsWithAnErrorNotASignal() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "run `swift build` first")
        let (reason, status, message) = try await onOwnThread {
            let process = Process()
            process.executableURL = Self.writer
            process.arguments = ["crash-stream", Self.count]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            try output.fileHandleForReading.close()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationReason == .exit, process.terminationStatus, message)
        }
        #expect(reason)
        #expect(status == 1)
        #expect(message.contains("cannot write the document to the file handle: Broken pipe"))
    }
}
