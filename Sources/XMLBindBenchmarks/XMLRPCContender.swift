import Foundation
import XMLBind
import XMLBindRPC

/// `XMLBindBenchmarks xmlrpc [--runs N] [--records N]`: XMLBindRPC's codec side by side with
/// Python's `xmlrpc.client.loads` and `dumps` on the same methodResponse (about 5 MB: an
/// array of 20,000 structs of 5 members), Python run as a subprocess with its own clock.
enum XMLRPCContender {
    /// One record of the workload: a struct of five members.
    struct Record: Bindable, XMLRPCStructConvertible {
        var id: Int32 = 0
        var name = ""
        var email = ""
        var score = 0.0
        var active = false
        init() {}

        static let xmlrpcMapping = xmlrpcStruct(Record.self)
            .property(\.id).required()
            .property(\.name).required()
            .property(\.email).required()
            .property(\.score).required()
            .property(\.active).required()
    }

    static let help = """
        USAGE: XMLBindBenchmarks xmlrpc [--runs N] [--rounds N] [--records N] [--only PATH]

        Decodes a methodResponse (an array of N structs of 5 members; N = 20000 gives about
        8 MB) into XMLRPCNode and into a declared type, and encodes it from XMLRPCValue and
        from the declared type, and parses it with expat alone; then runs Python's
        xmlrpc.client.loads and dumps on the same bytes in a python3 subprocess, timed there.
        One warm-up, N timed runs (default 5), medians of thread CPU time on both sides, and
        Python's time divided by ours. --rounds R (default 3) repeats ours-then-Python R
        times and ends with the median of each ratio over the rounds.

        The declared type is decoded with XMLRPCCodec.decodeResponse(data, as: [Record].self),
        which reads the document once straight into the records (an xmlrpcStruct mapping),
        and encoded with methodResponse(encoding:), through the core's serializer.

        --only node|typed|encode|encode-typed runs just that path of ours, without Python
        and without warm-up, and prints its checksum (for callgrind). --only reader reads the
        document with an ElementReader that only counts elements, --only floor with expat's
        empty callbacks: their difference is what a reader costs on top of expat.
        """

    /// One of the four paths measured, for `--only`.
    enum Path: String, CaseIterable {
        case node, typed, encode
        case encodeTyped = "encode-typed"
        case reader, floor
    }

    static func run(_ arguments: [String]) -> Int32 {
        var runs = 5
        var rounds = 3
        var records = 20_000
        var only: String?
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--runs": runs = rest.popFirst().flatMap { Int($0) } ?? 0
            case "--rounds": rounds = rest.popFirst().flatMap { Int($0) } ?? 0
            case "--records": records = rest.popFirst().flatMap { Int($0) } ?? 0
            case "--only": only = rest.popFirst() ?? ""
            case "-h", "--help":
                print(help)
                return 0
            default:
                report("error: unknown option \(flag)\n\(help)")
                return 64
            }
        }
        guard runs > 0, records > 0, rounds > 0 else {
            report("error: --runs, --rounds and --records need a positive number\n\(help)")
            return 64
        }
        if let only, !Path.allCases.map(\.rawValue).contains(only) {
            report("error: --only takes one of \(Path.allCases.map(\.rawValue).joined(separator: ", "))\n\(help)")
            return 64
        }
        do {
            if let only, let path = Path(rawValue: only) {
                try profile(path, runs: runs, records: records)
                return 0
            }
            try measure(runs: runs, records: records, rounds: rounds)
            return 0
        } catch {
            report("error: \(error)")
            return 1
        }
    }

    static func workload(records: Int) throws -> (value: XMLRPCValue, data: Data) {
        let value: XMLRPCValue = .array(
            (0..<records).map { index in
                [
                    "id": .int(Int32(index)),
                    "name": .string("Customer \(index)"),
                    "email": .string("c\(index)@example.com"),
                    "score": .double(Double(index) * 0.37 + 0.001),
                    "active": .boolean(index % 3 != 0),
                ]
            })
        return (value, try XMLRPCCodec.methodResponse(value))
    }

    /// The CPU time this thread has used, in seconds. CPU time rather than wall time: on a
    /// machine shared with other work, waiting for a core would count as ours. Python is
    /// timed the same way (`time.thread_time`).
    static func threadCPUTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// One warm-up, then `runs` timed runs; the median in seconds of CPU time, and the last
    /// result (each run also frees the previous run's result, as Python's loop does).
    static func time<T>(_ runs: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
        var result = try body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = threadCPUTime()
            result = try body()
            times.append(threadCPUTime() - start)
        }
        return (BenchmarkRunner.median(times), result)
    }

    /// Runs one path `runs` times, without warm-up, and prints a checksum of its last result.
    static func profile(_ path: Path, runs: Int, records: Int) throws {
        let (value, data) = try workload(records: records)
        var checksum = 0
        // The records encode-typed writes, decoded once, outside what it measures.
        let typed = path == .encodeTyped ? try XMLRPCCodec.decodeResponse(data, as: [Record].self) : []
        for _ in 0..<runs {
            switch path {
            case .node: checksum = try XMLRPCCodec.decodeResponse(data)[0].count ?? 0
            case .typed: checksum = try XMLRPCCodec.decodeResponse(data, as: [Record].self).count
            case .encode: checksum = try XMLRPCCodec.methodResponse(value).count
            case .encodeTyped: checksum = try XMLRPCCodec.methodResponse(encoding: typed).count
            case .reader:
                checksum = try ElementCountReader.binder(root: "methodResponse")
                    .parse(data, as: ElementCountReader.Counts.self).elements
            case .floor:
                let document = Document(workload: .beans, bytes: data, path: nil, provenance: "xmlrpc")
                if case .bytesOnly(let count) = try FloorContender().parse(document) { checksum = count }
            }
        }
        print("xmlrpc \(path.rawValue): \(checksum)")
    }

    /// The paths compared with Python, in the order reported.
    static let rows = [
        "decode → XMLRPCNode", "decode → [Record] (declared type)", "encode XMLRPCValue → bytes",
        "encode [Record] → bytes", "expat alone (floor, empty callbacks)",
    ]

    /// `rounds` rounds of ours then Python's, each reported; then, for each path, the median
    /// over the rounds of Python's time divided by ours. On a shared machine the load moves
    /// between one side's runs and the other's, so a ratio is only taken within a round.
    static func measure(runs: Int, records: Int, rounds: Int) throws {
        let (value, data) = try workload(records: records)
        print(
            "XMLBindBenchmarks xmlrpc: methodResponse of \(records) structs × 5 members, \(data.count) bytes; "
                + "\(rounds) round\(rounds == 1 ? "" : "s") of ours then Python's, each 1 warm-up + \(runs) timed runs, "
                + "medians")
        var ratios: [[Double]] = Array(repeating: [], count: rows.count)
        for round in 1...rounds {
            print("round \(round):")
            let round = try measureRound(value: value, data: data, runs: runs, records: records)
            for index in rows.indices { ratios[index].append(round[index]) }
        }
        guard rounds > 1 else { return }
        print("median over \(rounds) rounds of Python's median / ours (and the rounds' range):")
        for (index, name) in rows.enumerated() {
            let label = name.padding(toLength: 37, withPad: " ", startingAt: 0)
            let values = ratios[index]
            print(
                label
                    + String(
                        format: "%5.1f×   (%.1f–%.1f×)", BenchmarkRunner.median(values), values.min() ?? 0,
                        values.max() ?? 0))
        }
    }

    /// One round: our four paths and expat alone, then Python; Python's time divided by ours
    /// for each row of ``rows``.
    static func measureRound(value: XMLRPCValue, data: Data, runs: Int, records: Int) throws -> [Double] {
        let node = try time(runs) { try XMLRPCCodec.decodeResponse(data) }
        let typed = try time(runs) { try XMLRPCCodec.decodeResponse(data, as: [Record].self) }
        let encodeValue = try time(runs) { try XMLRPCCodec.methodResponse(value) }
        let encodeTyped = try time(runs) { try XMLRPCCodec.methodResponse(encoding: typed.result) }
        // Checksums, outside the clock: every path must see the same records.
        let nodeSum = (node.result[0].array ?? []).reduce(Int64(0)) { $0 + Int64($1["id"].int32 ?? 0) }
        let typedSum = typed.result.reduce(Int64(0)) { $0 + Int64($1.id) }
        guard nodeSum == typedSum, typed.result.count == records, encodeValue.result == data,
            encodeTyped.result == data
        else {
            throw BenchmarkError("checksum mismatch: node \(nodeSum), typed \(typedSum), or an encoding differs")
        }
        // expat alone on the same bytes, as XMLBind's driver sets it up, with empty callbacks:
        // what any binder on expat pays before it does anything.
        let floorDocument = Document(workload: .beans, bytes: data, path: nil, provenance: "xmlrpc")
        let floor = try time(runs) { try FloorContender().parse(floorDocument) }
        let python = try Python.measure(data, runs: runs)
        guard python.sum == nodeSum, python.count == records else {
            throw BenchmarkError("Python read \(python.count) records summing to \(python.sum), we read \(nodeSum)")
        }
        let measured = [
            (node.seconds, python.loads), (typed.seconds, python.loads), (encodeValue.seconds, python.dumps),
            (encodeTyped.seconds, python.dumps), (floor.seconds, python.loads),
        ]
        for (name, (seconds, pythonSeconds)) in zip(rows, measured) {
            let label = name.padding(toLength: 37, withPad: " ", startingAt: 0)
            let ms = String(format: "%8.1f ms", seconds * 1000)
            let mbps = String(format: "%7.1f MB/s", Double(data.count) / 1e6 / seconds)
            print("\(label)\(ms)  \(mbps)   Python/ours \(String(format: "%5.1f", pythonSeconds / seconds))×")
        }
        print(String(format: "python xmlrpc.client.loads              %8.1f ms", python.loads * 1000))
        print(String(format: "python xmlrpc.client.dumps              %8.1f ms", python.dumps * 1000))
        print("checksum: records=\(records) idsum=\(nodeSum)")
        return measured.map { $0.1 / $0.0 }
    }

    /// Python's `xmlrpc.client` on the same bytes, timed in its own process.
    enum Python {
        static let script = """
            import pyexpat, statistics, sys, time, xmlrpc.client
            # loads must run on the C expat parser (pyexpat), as it does by default.
            parser, _ = xmlrpc.client.getparser()
            assert type(parser).__name__ == "ExpatParser", type(parser)
            print("python", sys.version.split()[0], pyexpat.EXPAT_VERSION, file=sys.stderr)
            data = open(sys.argv[1], "rb").read()
            runs = int(sys.argv[2])
            def timed(body):
                result = body()
                times = []
                for _ in range(runs):
                    start = time.thread_time()
                    result = body()
                    times.append(time.thread_time() - start)
                return statistics.median(times), result
            loads, (params, _) = timed(lambda: xmlrpc.client.loads(data))
            dumps, _ = timed(lambda: xmlrpc.client.dumps(params, methodresponse=True))
            records = params[0]
            print(loads, dumps, len(records), sum(record["id"] for record in records))
            """

        static func measure(_ data: Data, runs: Int) throws -> (loads: Double, dumps: Double, count: Int, sum: Int64) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-xmlrpc-\(getpid()).xml")
            try data.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, file.path, String(runs)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let fields = text.split(whereSeparator: \.isWhitespace)
            guard process.terminationStatus == 0, fields.count == 4, let loads = Double(fields[0]),
                let dumps = Double(fields[1]), let count = Int(fields[2]), let sum = Int64(fields[3])
            else {
                throw BenchmarkError(
                    "python3 did not run the comparison (status \(process.terminationStatus)): \(text)")
            }
            return (loads, dumps, count, sum)
        }
    }
}
