import Foundation
import Testing

@testable import XMLBind

/// Python 3 as an independent peer: a script run as a subprocess, reading standard input
/// and printing its answer.
enum PythonPeer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `python3 -c script` with `input` on standard input; returns standard output.
    static func run(_ script: String, input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Written from another thread: a large input would otherwise fill the pipe while
        // Python's answer fills the other.
        let bytes = Data(input.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(bytes)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 exited with \(process.terminationStatus): "
                    + String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Runs `body` on a new thread with a stack of `size` bytes and waits for it: code that
/// recursed with the graph's depth would overflow it and crash the test run.
func onStack<T: Sendable>(of size: Int, _ body: @escaping @Sendable () -> T) -> T {
    let result = StackResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.value = body()
        done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    guard let value = result.value else { preconditionFailure("the thread produced nothing") }
    return value
}

private final class StackResult<T>: @unchecked Sendable {
    var value: T?
}

/// A small, seeded generator (SplitMix64), so property tests are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
