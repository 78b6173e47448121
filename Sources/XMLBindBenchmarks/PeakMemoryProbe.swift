#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Measures one contender's peak resident memory by running it alone in a child process.
///
/// `getrusage`'s `ru_maxrss` is a high-water mark for a whole process, so within one
/// process it only ever shows the hungriest contender so far. Instead the benchmark runs
/// itself again (`/proc/self/exe --file F --workload W --only NAME --runs 1
/// --print-peak-memory`): one contender, once, no warm-up. The child reports its own
/// `VmHWM` (peak resident set of its address space, from `/proc/self/status`), not the
/// `ru_maxrss` that `wait4` would give: Linux carries the high-water mark of the address
/// space a process had before `exec` into `ru_maxrss`, and `posix_spawn` starts the child
/// in the parent's (vfork), so every child would inherit this process's peak. The figure
/// includes the Swift runtime and the document held in memory; the `floor` row, which
/// builds nothing, is the baseline to subtract. The child's checksum line is returned
/// too, as one more agreement check.
enum PeakMemoryProbe {
    struct Measurement {
        /// The child's peak resident set size, in bytes.
        let peakBytes: Int
        /// What the child printed: its checksum line.
        let checksumLine: String
        /// For a writer: the resident set when it started writing (its graph bound).
        let startBytes: Int?
    }

    static func measure(contender: String, workload: Workload, file: String) throws -> Measurement {
        let arguments = [
            "/proc/self/exe", "--file", file, "--workload", workload.rawValue, "--only", contender, "--runs", "1",
            "--print-peak-memory",
        ]
        let result = try ChildProcess.run(arguments)
        guard result.succeeded else {
            throw BenchmarkError("the child measuring '\(contender)' failed (wait status \(result.status))")
        }
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count == 2 || lines.count == 3, lines[1].hasPrefix(peakPrefix),
            let peak = Int(lines[1].dropFirst(peakPrefix.count))
        else {
            throw BenchmarkError("the child measuring '\(contender)' printed \(lines), not a checksum and a peak")
        }
        let start =
            lines.count == 3 && lines[2].hasPrefix(startPrefix) ? Int(lines[2].dropFirst(startPrefix.count)) : nil
        return Measurement(peakBytes: peak, checksumLine: lines[0], startBytes: start)
    }

    /// How a child reports its peak: `peak-rss-bytes=N`, after its checksum line.
    static let peakPrefix = "peak-rss-bytes="
    /// How a writer's child reports its resident set before writing: `start-rss-bytes=N`.
    static let startPrefix = "start-rss-bytes="

    /// This process's peak resident set size (`VmHWM` in `/proc/self/status`), in bytes.
    static func ownPeakBytes() -> Int? {
        ownStatusBytes("VmHWM:")
    }

    /// This process's resident set size now (`VmRSS`), in bytes.
    static func ownResidentBytes() -> Int? {
        ownStatusBytes("VmRSS:")
    }

    /// Makes the peak resident set start again from the current one (`/proc/self/clear_refs`
    /// with `5`), so a writer's peak is that of writing, not of binding the graph first.
    static func resetPeak() {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    private static func ownStatusBytes(_ field: String) -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(field) else { continue }
            let digits = text.dropFirst(field.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }  // reported in kB
        }
        return nil
    }
}
