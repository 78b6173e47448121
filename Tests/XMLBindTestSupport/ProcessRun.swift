import Foundation

/// A program a test runs to its end: its exit status and what it printed.
public struct ProcessRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Whether the program exited (rather than being ended by a signal).
    public var exited: Bool
    /// Standard output as it was written (with standard error too when it was asked for).
    public var output: Data
    /// Standard output as UTF-8 text.
    public var stdout: String { String(decoding: output, as: UTF8.self) }
    /// Standard error, or empty when it went into ``stdout``.
    public var stderr: String

    /// Runs `executable` with `arguments` to its end, waiting on a thread of its own (see
    /// ``onOwnThread(_:)``: a test's task never blocks a thread of Swift's concurrency pool).
    ///
    /// - Parameters:
    ///   - input: Written to standard input as UTF-8, from a thread of its own (a large
    ///     input would otherwise fill the pipe while the program's answer fills the other),
    ///     which is then closed; `nil` gives an empty standard input.
    ///   - errorsIntoOutput: Whether standard error goes with standard output (so that a
    ///     failing test shows a traceback where it shows the output).
    ///   - environment: Variables added to the test process's own environment.
    public static func run(
        _ executable: URL, _ arguments: [String], input: String? = nil, errorsIntoOutput: Bool = false,
        environment: [String: String] = [:]
    ) async throws -> ProcessRun {
        try await run(
            executable, arguments, bytes: Data((input ?? "").utf8), errorsIntoOutput: errorsIntoOutput,
            environment: environment)
    }

    /// ``run(_:_:input:errorsIntoOutput:environment:)`` with bytes on standard input.
    public static func run(
        _ executable: URL, _ arguments: [String], bytes: Data, errorsIntoOutput: Bool = false,
        environment: [String: String] = [:]
    ) async throws -> ProcessRun {
        try await onOwnThread {
            try runBlocking(
                executable, arguments, bytes: bytes, errorsIntoOutput: errorsIntoOutput, environment: environment)
        }
    }

    /// ``run(_:_:bytes:errorsIntoOutput:environment:)`` waiting on the caller's thread: only
    /// for work that already runs on a thread of its own (inside ``onOwnThread(_:)``).
    @available(*, noasync, message: "use the async run(_:_:…), which waits on a thread of its own")
    public static func runBlocking(
        _ executable: URL, _ arguments: [String], bytes: Data = Data(), errorsIntoOutput: Bool = false,
        environment: [String: String] = [:]
    ) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = errorsIntoOutput ? stdout : stderr
        try process.run()
        Thread {
            stdin.fileHandleForWriting.write(bytes)
            try? stdin.fileHandleForWriting.close()
        }.start()
        // Standard error is read on a thread of its own, so that neither pipe can fill
        // while the other is read (a script installing packages writes much to it).
        let errors = Collected()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            if !errorsIntoOutput { errors.data = stderr.fileHandleForReading.readDataToEndOfFile() }
            errorsRead.signal()
        }.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return ProcessRun(
            status: process.terminationStatus, exited: process.terminationReason == .exit, output: output,
            stderr: String(decoding: errors.data, as: UTF8.self))
    }

    /// Standard error as read by its thread. `@unchecked Sendable`: written before the
    /// semaphore is signalled, read after the wait.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
