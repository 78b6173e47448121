import Foundation
import Testing

/// A Python peer (spyne or zeep) run from the SOAP tests' virtual environment: started on
/// 127.0.0.1, its port read from its first line of output, stopped by its PID.
final class PeerProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The port the peer listens on, or its first line for a peer that does not listen.
    let firstLine: String

    /// The package's root folder (this file is `Tests/XMLBindSOAPTests/PeerProcess.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The virtual environment's python, made by `scripts/soap-peers.sh` when missing.
    static let python: Result<String, PeerError> = {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [packageRoot.appendingPathComponent("scripts/soap-peers.sh").path]
        let pipe = Pipe()
        script.standardOutput = pipe
        do {
            try script.run()
        } catch {
            return .failure(PeerError("cannot run scripts/soap-peers.sh: \(error)"))
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        script.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard script.terminationStatus == 0, !path.isEmpty else {
            return .failure(PeerError("scripts/soap-peers.sh failed with status \(script.terminationStatus)"))
        }
        return .success(path)
    }()

    /// Starts `Peers/<script>` with the arguments and waits for its first line, on a thread
    /// of its own: blocking a thread of Swift's concurrency pool could starve the handlers
    /// of a server the peer is talking to (there are only as many as there are cores).
    static func start(script: String, arguments: [String] = []) async throws -> PeerProcess {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try PeerProcess(script: script, arguments: arguments) })
            }
        }
    }

    private init(script: String, arguments: [String] = []) throws {
        let python = try Self.python.get()
        let path = Self.packageRoot.appendingPathComponent("Tests/XMLBindSOAPTests/Peers/\(script)").path
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [path] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        firstLine = String(decoding: line, as: UTF8.self)
        guard !firstLine.isEmpty else {
            process.waitUntilExit()
            let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw PeerError("\(script) exited before it printed its first line:\n\(messages)")
        }
    }

    /// The rest of the peer's output, once it exits by itself.
    func remainingOutput() -> String {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Stops the peer by its PID.
    func stop() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        // SIGTERM may be blocked in a peer that has not unblocked it yet: SIGKILL cannot be.
        for _ in 0..<50 where process.isRunning { usleep(20_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct PeerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
