import Foundation

/// A program a test runs to its end: its exit status and what it printed.
public struct ProcessRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output as it was written (with standard error too when it was asked for).
    public var output: Data
    /// Standard output as UTF-8 text.
    public var stdout: String { String(decoding: output, as: UTF8.self) }
    /// Standard error, or empty when it went into ``stdout``.
    public var stderr: String

    /// Runs `executable` with `arguments` to its end.
    ///
    /// - Parameters:
    ///   - input: Written to standard input as UTF-8, from a thread of its own (a large
    ///     input would otherwise fill the pipe while the program's answer fills the other),
    ///     which is then closed; `nil` gives an empty standard input.
    ///   - errorsIntoOutput: Whether standard error goes with standard output (so that a
    ///     failing test shows a traceback where it shows the output).
    public static func run(
        _ executable: URL, _ arguments: [String], input: String? = nil, errorsIntoOutput: Bool = false
    ) throws -> ProcessRun {
        try run(executable, arguments, bytes: Data((input ?? "").utf8), errorsIntoOutput: errorsIntoOutput)
    }

    /// ``run(_:_:input:errorsIntoOutput:)`` with bytes on standard input.
    public static func run(
        _ executable: URL, _ arguments: [String], bytes: Data, errorsIntoOutput: Bool = false
    ) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
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
            status: process.terminationStatus, output: output, stderr: String(decoding: errors.data, as: UTF8.self))
    }

    /// Standard error as read by its thread. `@unchecked Sendable`: written before the
    /// semaphore is signalled, read after the wait.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }

    /// ``run(_:_:input:errorsIntoOutput:)`` on a thread of its own: waiting must not block
    /// a thread of Swift's concurrency pool, which a server under test may need.
    public static func runOnOwnThread(
        _ executable: URL, _ arguments: [String], input: String? = nil, errorsIntoOutput: Bool = false
    ) async throws -> ProcessRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try run(executable, arguments, input: input, errorsIntoOutput: errorsIntoOutput)
                    })
            }.start()
        }
    }
}
