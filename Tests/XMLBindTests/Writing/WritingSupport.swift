import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Python 3 as an independent peer: a script run as a subprocess, reading standard input
/// and printing its answer.
enum PythonPeer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `python3 -c script` with `input` on standard input; returns standard output.
    static func run(_ script: String, input: String = "") async throws -> String {
        let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: input)
        guard run.status == 0 else {
            throw Failure(description: "python3 exited with \(run.status): " + run.stderr)
        }
        return run.stdout
    }
}
