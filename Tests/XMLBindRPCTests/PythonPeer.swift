import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Python 3 process started by a test on 127.0.0.1 and stopped by its PID.
final class PythonPeer: @unchecked Sendable {
    // @unchecked Sendable: the process is started in `init` and only stopped after.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let process: Process
    /// The first line the script printed (a server prints its port).
    let firstLine: String

    static var fixtures: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    /// Starts `python3 script arguments…` and waits for its first line of output.
    static func start(_ script: String, _ arguments: [String] = []) async throws -> PythonPeer {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try PythonPeer(script: script, arguments: arguments) })
            }.start()
        }
    }

    private init(script: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.fixtures.appendingPathComponent(script).path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        self.process = process
        var line = Data()
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        firstLine = String(decoding: line, as: UTF8.self)
        guard !firstLine.isEmpty else {
            kill(process.processIdentifier, SIGTERM)
            throw Failure(description: "python3 \(script) printed nothing")
        }
    }

    /// Stops the process by its PID (SIGTERM, then SIGKILL after two seconds) and waits for it.
    func stop() {
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        for _ in 0..<200 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `python3 script arguments…` to its end and gives its standard output, on a
    /// thread of its own (waiting must not block Swift's concurrency pool).
    static func run(_ script: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                        process.arguments = ["python3", fixtures.appendingPathComponent(script).path] + arguments
                        let output = Pipe()
                        process.standardOutput = output
                        // A traceback goes with the output, so a failing test shows it.
                        process.standardError = output
                        try process.run()
                        let data = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
                    })
            }.start()
        }
    }
}
