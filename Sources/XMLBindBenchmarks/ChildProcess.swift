import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program as a child process and collects what it writes to standard output.
///
/// `posix_spawn` rather than Foundation's `Process`: the peak-memory probe needs a child
/// that does not inherit this process's address space accounting through `fork`, and the
/// C limit is timed from the same kind of start.
enum ChildProcess {
    /// What the child wrote to standard output, and how it ended.
    struct Result {
        let output: [UInt8]
        /// The raw wait status.
        let status: Int32
        /// Whether the child exited normally with status 0 (`WIFEXITED` and `WEXITSTATUS`
        /// are macros Swift does not import).
        var succeeded: Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }
        /// The output as text, without surrounding whitespace.
        var text: String {
            String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Runs `arguments[0]` with `arguments` and `environment` (`KEY=value`; nil: this
    /// process's), waiting for it to end.
    static func run(_ arguments: [String], environment: [String]? = nil) throws -> Result {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchmarkError("pipe failed: \(errorText())") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned =
            envp.map { posix_spawn(&pid, arguments[0], &actions, nil, argv, $0) }
            ?? posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkError("waitpid failed: \(errorText())") }
        }
        return Result(output: output, status: status)
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
