import Foundation
import XMLBindTestSupport

/// Python 3 scripts of the fixtures, started as peers on 127.0.0.1 or run to their end.
enum PythonPeer {
    static var fixtures: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    /// Starts `python3 script arguments…` and waits for its first line of output (a server
    /// prints its port); stop it with ``PeerProcess/stop()``. Its standard error is left to
    /// the test run's (a server logs every request there).
    static func start(_ script: String, _ arguments: [String] = []) async throws -> PeerProcess {
        try await PeerProcess.start(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", fixtures.appendingPathComponent(script).path] + arguments,
            capturesErrors: false)
    }

    /// Runs `python3 script arguments…` to its end and gives its standard output, a
    /// traceback included, so a failing test shows it.
    static func run(_ script: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", fixtures.appendingPathComponent(script).path] + arguments,
            errorsIntoOutput: true)
        return (run.status, run.stdout)
    }
}
