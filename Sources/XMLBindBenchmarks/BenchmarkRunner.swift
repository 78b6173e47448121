import Foundation

/// Runs the contenders over a workload, NIO performance-tester style, and prints the table.
///
/// Per contender: one warm-up parse, then `runs` timed parses of the same in-memory
/// bytes; only `Contender.parse` is inside the clock (the checksum walk and the graph's
/// release come after it). The median is reported, with MB/s (10⁶ bytes per second) and
/// the ratio to `floor`; the peak memory comes from ``PeakMemoryProbe``.
struct BenchmarkRunner {
    struct Row {
        let name: String
        let seconds: [Double]
        let checksumLine: String
        let isGraphChecksum: Bool
        var peakBytes: Int?
        /// For a writing contender: the size of the document it wrote.
        var writtenBytes: Int? = nil
        /// For a writing contender: its child's resident set when it started writing.
        var startBytes: Int? = nil
        /// The process's CPU time of each timed run: on a busy machine, closer to the work
        /// than the wall clock.
        var cpuSeconds: [Double] = []
        var median: Double { BenchmarkRunner.median(seconds) }
    }

    let options: BenchmarkOptions
    let contenders: [any Contender]

    /// Runs one contender once and prints only its checksum line (`--only NAME --runs 1`).
    ///
    /// The graph is kept until the process exits, unless `--free-graph` is given: the timed
    /// runs release each graph outside the clock, and a single shot measured from outside
    /// (callgrind, `/usr/bin/time`) should count the same work. Freeing a graph runs the
    /// model's deinitializers, a cost of the model rather than of binding; with
    /// `--free-graph` it is counted too.
    func runSingleShot(_ document: Document) throws {
        var start: Int?
        var peak: Int?
        var lines: [String] = []
        for contender in contenders {
            try contender.prepare(document)
            if contender.writesGraph, options.printPeakMemory {
                PeakMemoryProbe.resetPeak()
                start = PeakMemoryProbe.ownResidentBytes()
            }
            let result = try contender.parse(document)
            // Before the checksum, which reads a writer's bytes back into a second graph.
            peak = PeakMemoryProbe.ownPeakBytes()
            lines.append(result.checksumLine)
            if !options.freesGraph { ParseResult.keptUntilExit.append(result) }
        }
        lines.forEach { print($0) }
        if options.printPeakMemory {
            guard let peak else { throw BenchmarkError("error: cannot read VmHWM from /proc/self/status") }
            print(PeakMemoryProbe.peakPrefix + String(peak))
            if let start { print(PeakMemoryProbe.startPrefix + String(start)) }
        }
    }

    /// Times every contender on the document and prints the table.
    ///
    /// - Returns: Whether every graph checksum agreed.
    func run(_ document: Document) throws -> Bool {
        var rows: [Row] = []
        for contender in contenders where contender.reads(document.workload) {
            rows.append(try measure(contender, on: document))
        }
        if options.measureMemory {
            try measureMemory(of: &rows, on: document)
        }
        printTable(rows, document: document)
        return checkAgreement(rows)
    }

    private func measure(_ contender: any Contender, on document: Document) throws -> Row {
        try contender.prepare(document)
        let warmUp = try contender.parse(document)
        var written: Int?
        switch warmUp {
        case .written(let bytes, _), .writtenKeeping(let bytes, _, _):
            written = bytes.count
        case .writtenFile(let file, _), .peerWritten(let file, _, _, _):
            written = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        default: break
        }
        let expected = warmUp.checksumLine
        var seconds: [Double] = []
        var cpuSeconds: [Double] = []
        let clock = ContinuousClock()
        for run in 1...options.runs {
            var result: ParseResult?
            let cpuStart = Self.processCPUSeconds()
            let elapsed = try clock.measure {
                result = try contender.parse(document)
            }
            if case .peerWritten(_, _, let peerSeconds, let peerCPU) = result {
                // A peer in a child process timed its own writing.
                seconds.append(peerSeconds)
                cpuSeconds.append(peerCPU)
            } else {
                cpuSeconds.append(Self.processCPUSeconds() - cpuStart)
                seconds.append(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                        - contender.startupSeconds)
            }
            if let line = result?.checksumLine, line != expected {
                throw BenchmarkError(
                    "!!! \(contender.name) is not deterministic: run \(run) gave '\(line)', the warm-up '\(expected)'")
            }
        }
        return Row(
            name: contender.name, seconds: seconds, checksumLine: expected,
            isGraphChecksum: warmUp.isGraphChecksum, writtenBytes: written, cpuSeconds: cpuSeconds)
    }

    private func measureMemory(of rows: inout [Row], on document: Document) throws {
        var temporary: String?
        let path: String
        if let file = document.path {
            path = file
        } else {
            let written = NSTemporaryDirectory() + "xmlbind-bench-\(getpid())-\(document.workload.rawValue).xml"
            try document.bytes.write(to: URL(fileURLWithPath: written))
            temporary = written
            path = written
        }
        defer {
            if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
        }
        for index in rows.indices
        where !Contenders.cLimitNames.contains(rows[index].name)
            && ![Contenders.cStreamName, Contenders.lxmlName].contains(rows[index].name)
        {
            let measurement = try PeakMemoryProbe.measure(
                contender: rows[index].name, workload: document.workload, file: path)
            if measurement.checksumLine != rows[index].checksumLine {
                throw BenchmarkError(
                    "!!! CHECKSUM MISMATCH: \(rows[index].name) printed '\(measurement.checksumLine)' in its "
                        + "child process but '\(rows[index].checksumLine)' in this one")
            }
            rows[index].peakBytes = measurement.peakBytes
            rows[index].startBytes = measurement.startBytes
        }
    }

    private func printTable(_ rows: [Row], document: Document) {
        let floor = rows.first { $0.name == "floor" }?.median
        let cLimit = rows.first { $0.name == "c-limit" }?.median
        let cLimitOrigins = rows.first { $0.name == "c-limit-origins" }?.median
        let cStream = rows.first { $0.name == Contenders.cStreamName }?.median
        let hasC = cLimit != nil || cStream != nil
        /// The C limit a row is compared with: with origins for the rows whose objects have
        /// them; the C streamer, when it ran, for the stream.
        func limit(of row: Row) -> Double? {
            if row.name == "stream" || row.name == Contenders.cStreamName { return cStream ?? cLimit }
            return row.name.hasSuffix("-origins") ? cLimitOrigins : cLimit
        }
        print("")
        print("workload \(document.workload.rawValue): \(document.provenance)")
        print(
            pad("contender", 16) + pad("median s", 10, right: true) + pad("min s", 10, right: true)
                + pad("MB/s", 9, right: true) + pad("peak RSS", 11, right: true) + pad("× floor", 9, right: true)
                + (hasC ? pad("× C", 7, right: true) : ""))
        for row in rows {
            let peak = row.peakBytes.map { String(format: "%.1f MB", Double($0) / 1_000_000) } ?? "-"
            let ratio = floor.map { String(format: "%.2f", row.median / $0) } ?? "-"
            print(
                pad(row.name, 16) + pad(String(format: "%.4f", row.median), 10, right: true)
                    + pad(String(format: "%.4f", row.seconds.min() ?? 0), 10, right: true)
                    + pad(String(format: "%.1f", document.megabytes / row.median), 9, right: true)
                    + pad(peak, 11, right: true) + pad(ratio, 9, right: true)
                    + (hasC
                        ? pad(limit(of: row).map { String(format: "%.2f", row.median / $0) } ?? "-", 7, right: true)
                        : ""))
        }
        for (name, reason) in Contenders.pending.sorted(by: { $0.key < $1.key }) where options.only == nil {
            print(pad(name, 12) + "  (not run: \(reason))")
        }
        for row in rows {
            print("  \(pad(row.name + ":", 12))\(row.checksumLine)")
        }
        printWriters(rows)
        printEdits(rows)
        printEncodedCopies(rows)
        if options.measureMemory {
            print(
                "  peak RSS: VmHWM of a child process running only that contender once on the same file;"
                    + " it includes the runtime and the \(String(format: "%.1f", document.megabytes)) MB document"
                    + " (floor's row is that baseline).")
        }
        if cLimit != nil {
            print(
                "  c-limit: the C binder's time on the document minus its time on an empty root (start-up and exit);"
                    + " × C is binder-origins to c-limit-origins, every other row to c-limit (no origins).")
        }
        if cStream != nil {
            print(
                "  c-stream: the C streamer, timed the same way (no origins); the stream row's × C is to it.")
        }
    }

    /// For the writing contenders: the bytes they wrote, at what rate, and the ratio of
    /// each writer's time to Foundation's `XMLDocument`.
    private func printWriters(_ rows: [Row]) {
        let writers = rows.filter { $0.writtenBytes != nil }
        guard !writers.isEmpty else { return }
        let foundation = writers.first { $0.name == "xmldocument" }?.median
        let lxml = writers.first { $0.name == Contenders.lxmlName }?.median
        for row in writers {
            let bytes = Double(row.writtenBytes ?? 0)
            var ratio = foundation.map { String(format: ", %.2f× xmldocument's time", row.median / $0) } ?? ""
            ratio += lxml.map { String(format: ", %.2f× lxml's", row.median / $0) } ?? ""
            let cpu = BenchmarkRunner.median(row.cpuSeconds)
            let cpuRate = String(format: " (%.1f MB/s of CPU time)", bytes / 1_000_000 / cpu)
            var beyond = ""
            if let peak = row.peakBytes, let start = row.startBytes {
                beyond = String(format: ", peak %.1f MB beyond the graph", Double(peak - start) / 1_000_000)
            }
            print(
                "  \(pad(row.name + ":", 12))wrote \(String(format: "%.1f", bytes / 1_000_000)) MB, "
                    + "\(String(format: "%.1f", bytes / 1_000_000 / row.median)) MB/s written\(cpuRate)\(ratio)\(beyond)"
            )
        }
    }

    /// For the edits: each one's time as a ratio to `copy`'s (the document parsed and
    /// written again), the measure of issue 32's goal for `edit-whole` (at most 1.2), and
    /// the same for CPU time.
    private func printEdits(_ rows: [Row]) {
        guard let copy = rows.first(where: { $0.name == "copy" }) else { return }
        let copyCPU = BenchmarkRunner.median(copy.cpuSeconds)
        for row in rows where ["edit-whole", "edit", "edit-reparse"].contains(row.name) {
            let cpu = String(format: "%.2f", BenchmarkRunner.median(row.cpuSeconds) / copyCPU)
            print(
                "  \(pad(row.name + ":", 12))\(String(format: "%.2f", row.median / copy.median))× copy's time "
                    + "(parse and write), \(cpu)× in CPU time")
        }
    }

    /// For the copies in other encodings and the feed: each one's time as a ratio to the
    /// binder's (on the UTF-8 original; with its plain RSS mapping), and the same for CPU
    /// time, which a busy machine disturbs less.
    private func printEncodedCopies(_ rows: [Row]) {
        guard let binder = rows.first(where: { $0.name == "binder" }) else { return }
        let binderCPU = BenchmarkRunner.median(binder.cpuSeconds)
        for row in rows where row.name.hasPrefix("binder-") || row.name == "feed" {
            let against =
                row.name == "feed" ? "binder's time (its plain RSS mapping)" : "binder's time on the UTF-8 original"
            let cpu = String(format: "%.2f", BenchmarkRunner.median(row.cpuSeconds) / binderCPU)
            print(
                "  \(pad(row.name + ":", 12))\(String(format: "%.2f", row.median / binder.median))× \(against), "
                    + "\(cpu)× in CPU time"
            )
        }
    }

    private func checkAgreement(_ rows: [Row]) -> Bool {
        let graphs = rows.filter(\.isGraphChecksum)
        guard let first = graphs.first else { return true }
        guard graphs.contains(where: { $0.checksumLine != first.checksumLine }) else { return true }
        var message = "\n!!! CHECKSUM MISMATCH: the contenders did not build the same graph !!!\n"
        for row in graphs {
            message += "!!!   \(pad(row.name, 12)) \(row.checksumLine)\n"
        }
        FileHandle.standardError.write(Data(message.utf8))
        return false
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    /// CPU time this process has used, in seconds (`CLOCK_PROCESS_CPUTIME_ID`).
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
