import Foundation

/// A peer process a test starts (a Python server or client, the built tool): it prints a
/// first line (a server prints its port), and is stopped by its PID.
public final class PeerProcess: @unchecked Sendable {
    // @unchecked Sendable: the process is started in `init` and only stopped after.
    public let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The port the peer listens on, or its first line for a peer that does not listen.
    public let firstLine: String

    /// Starts `executable` with the arguments and waits for its first line, on a thread of
    /// its own: blocking a thread of Swift's concurrency pool could starve the handlers of a
    /// server the peer is talking to (there are only as many as there are cores).
    ///
    /// - Parameter capturesErrors: Whether standard error is kept for the failure message
    ///   (a peer that writes much to it, such as a logging server, should leave it alone).
    public static func start(_ executable: URL, _ arguments: [String] = [], capturesErrors: Bool = true) async throws
        -> PeerProcess
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try PeerProcess(executable, arguments, capturesErrors: capturesErrors) })
            }
        }
    }

    private init(_ executable: URL, _ arguments: [String], capturesErrors: Bool) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        if capturesErrors { process.standardError = errors }
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
            let name =
                arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? executable.lastPathComponent
            guard capturesErrors else {
                stop()
                throw PeerError("\(name) printed nothing")
            }
            process.waitUntilExit()
            let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw PeerError("\(name) exited before it printed its first line:\n\(messages)")
        }
    }

    /// Stops the peer by its PID with `signal` (then `SIGKILL`), reaped on a thread of its
    /// own: a test's `defer` must not block a thread of Swift's concurrency pool.
    public func stop(with signal: Int32 = SIGTERM) {
        endChildProcess(process, with: signal)
    }

    deinit { stop() }
}

/// A peer that failed to start or to answer.
public struct PeerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
