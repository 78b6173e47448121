import Foundation

/// Writes a line to standard error.
func report(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Gets the document of one workload: read from `--file`, or generated.
func loadDocument(_ workload: Workload, options: BenchmarkOptions) throws -> Document {
    if let file = options.file {
        // Mapped, not read: a contender that streams the file itself (`stream`) never
        // touches these pages, so its peak memory does not include the document.
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped) else {
            throw BenchmarkError("error: cannot read '\(file)'.")
        }
        return Document(
            workload: workload, bytes: bytes, path: file,
            provenance: "\(file), \(bytes.count) bytes")
    }
    let start = ContinuousClock.now
    let bytes = workload.generate(target: options.size)
    let took = ContinuousClock.now - start
    return Document(
        workload: workload, bytes: bytes, path: nil,
        provenance: "generated in process (gen_workloads.py \(workload.rawValue) \(options.size)), "
            + "\(bytes.count) bytes, in \(took.formatted(.units(allowed: [.seconds, .milliseconds])))")
}

func runBenchmarks() throws(BenchmarkError) {
    guard let options = try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchmarkOptions.help)
        return
    }

    #if DEBUG
        report(
            """

            !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
            !!! WARNING: XMLBindBenchmarks was built in DEBUG mode.                     !!!
            !!! The figures mean nothing. Build with `swift build -c release`.          !!!
            !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!

            """)
    #endif

    do {
        if let emit = options.emit, let workload = options.workloads.first {
            let bytes = workload.generate(target: options.size)
            try bytes.write(to: URL(fileURLWithPath: emit))
            print("\(emit): \(bytes.count) bytes")
            return
        }

        let contenders = Contenders.all(cLimit: options.cLimit, cStream: options.cStream, python: options.python).filter
        {
            options.only?.contains($0.name) ?? true
        }
        let runner = BenchmarkRunner(options: options, contenders: contenders)
        if options.isSingleShot, let workload = options.workloads.first, options.workloads.count == 1 {
            try runner.runSingleShot(loadDocument(workload, options: options))
            return
        }
        print(
            "XMLBindBenchmarks: \(contenders.map(\.name).joined(separator: ", ")); "
                + "1 warm-up + \(options.runs) timed run\(options.runs == 1 ? "" : "s") each, median reported")
        var agreed = true
        for workload in options.workloads {
            agreed = try runner.run(loadDocument(workload, options: options)) && agreed
        }
        if !agreed {
            throw BenchmarkError("error: checksum mismatch (see above).")
        }
    } catch let error as BenchmarkError {
        throw error
    } catch {
        throw BenchmarkError("error: \(error)")
    }
}

if let mode = CommandLine.arguments.dropFirst().first, mode.hasPrefix("crash-") {
    exit(CrashWriter.run(mode, Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "xmlrpc" {
    exit(XMLRPCContender.run(Array(CommandLine.arguments.dropFirst(2))))
}
do {
    try runBenchmarks()
} catch {
    report(error.description)
    exit(error.status)
}
