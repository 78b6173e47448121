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

    @Test func aKilledWriteLeavesTheOldOrTheNewDocument() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "run `swift build` first")
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.xml")
        let new = folder.appendingPathComponent("new.xml")
        let target = folder.appendingPathComponent("target.xml")
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
        try #require(oldBytes != newBytes && first.terminationStatus == 0)
        try FileManager.default.copyItem(at: old, to: target)
        var generator = SeededGenerator(seed: 33)
        var outcomes = (old: 0, new: 0)
        for round in 0..<50 {
            let process = try Self.start(target, round % 2 == 0 ? "new" : "old")
            Thread.sleep(forTimeInterval: Double.random(in: 0...1.2, using: &generator) * (took / .seconds(1)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let bytes = try Data(contentsOf: target)
            #expect(bytes == oldBytes || bytes == newBytes, "round \(round): \(bytes.count) bytes, neither document")
            if bytes == oldBytes { outcomes.old += 1 } else if bytes == newBytes { outcomes.new += 1 }
            // A kill leaves at most its own temporary: the one before it was removed.
            #expect(Self.temporaries(in: folder) <= 1, "round \(round)")
        }
        #expect(outcomes.old + outcomes.new == 50)
        let last = try Self.start(target, "new")
        last.waitUntilExit()
        #expect(try Data(contentsOf: target) == newBytes)
        #expect(Self.temporaries(in: folder) == 0)
    }

    @Test func aStreamToAClosedPipeEndsWithAnErrorNotASignal() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.writer.path), "run `swift build` first")
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
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(message.contains("cannot write the document to the file handle: Broken pipe"))
    }
}
