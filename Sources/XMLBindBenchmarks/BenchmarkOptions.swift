/// The command line, parsed and checked.
struct BenchmarkOptions {
    /// The workloads to run, in order.
    var workloads: [Workload] = Workload.allCases
    /// Read the (one) workload from this file instead of generating it.
    var file: String?
    /// The generator's target size in bytes.
    var size = 20_000_000
    /// Timed runs per contender (after one warm-up).
    var runs = 5
    /// Contender names to run; all when `nil`.
    var only: [String]?
    /// Measure each contender's peak memory in a child process.
    var measureMemory = true
    /// Write the generated workload here and exit.
    var emit: String?
    /// In single-shot mode, also print `peak-rss-bytes=N` (used by ``PeakMemoryProbe``).
    var printPeakMemory = false
    /// In single-shot mode, free the graph before exiting, so an outside tool counts its
    /// release too (by default it is left to the process's exit, as the timed runs leave
    /// it outside the clock).
    var freesGraph = false
    /// The hand-written C binder (`expat_bind_ns`) to run as the `c-limit` rows.
    var cLimit: String?
    /// The hand-written C streamer (`expat_stream_ns`) to run as the `c-stream` row.
    var cStream: String?
    /// A Python with lxml, to run lxml's writer as the `lxml` row: `--python`, or the peers'
    /// environment when it has been made.
    var python: String? = LXMLWriteContender.defaultPython

    /// One contender, once, no warm-up, only its checksum line on standard output.
    var isSingleShot: Bool { runs == 1 && only?.count == 1 }

    static let help = """
        XMLBindBenchmarks: XMLBind side by side with bare expat and Foundation's XMLParser,
        and writing the graphs back side by side with Foundation's XMLDocument and lxml.

        USAGE: XMLBindBenchmarks [--workload beans|rss] [--size BYTES | --file PATH]
                                 [--runs N] [--only NAME[,NAME…]] [--no-memory]
                                 [--c-limit PATH] [--python PATH]
               XMLBindBenchmarks --workload beans|rss [--size BYTES] --emit PATH

        Workloads are the documents of Benchmarks/gen_workloads.py, generated in
        process byte for byte (the script's Mersenne Twister and draws are ported), or read
        from a file. By default both are generated at 20 MB. Each contender parses the same
        in-memory bytes: one warm-up, then N timed runs; the median is reported, with MB/s,
        peak memory and the ratio to `floor`. Every graph checksum must agree.

        OPTIONS:
          --workload beans|rss  Run only this workload (required with --file and --emit).
          --size BYTES          Generator target size, e.g. 1e6 or 20000000 (default 20e6).
          --file PATH           Parse this file (bytes of gen_workloads.py) instead.
          --runs N              Timed runs per contender (default 5).
          --only NAME[,NAME…]   Run only these contenders: floor, binder,
                                binder-origins (every model type OriginAware), stream,
                                foundation, write, write-file, copy, edit-whole,
                                edit, edit-reparse, xmldocument, lxml. stream
                                reads --file itself, in chunks. The writers write the
                                graph binder builds (outside the clock): write with
                                xmlData, write-file to a file, xmldocument with
                                Foundation's XMLDocument (tree built and serialised);
                                their bytes are read back for the checksum.
                                copy parses and writes (xmlData), both timed.
                                edit-whole binds for editing, changes 1 % of the
                                values and writes them back into the original, all
                                timed (its ratio to copy is printed); edit does the
                                binding and the change outside the clock and times
                                the session's update alone; edit-reparse times the
                                one-call update, which parses the original again.
                                binder-sjis and binder-koi8r run the binder on
                                Shift_JIS and KOI8-R copies of the workload (made
                                with iconv outside the clock); feed reads the rss
                                workload with XMLBindFeeds' Feed.
                                With one name and --runs 1: run it once, without warm-up,
                                and print only its checksum line (for callgrind or
                                /usr/bin/time). floor's line is bytes=N: it builds no graph.
          --no-memory           Skip the per-contender peak-memory measurement.
          --c-limit PATH        Also run the hand-written C binder at PATH (built from
                                expat_bind_ns.c, which is not part of the package) as
                                c-limit (BIND_NO_ORIGIN=1) and c-limit-origins; their
                                time is the program's on the document minus its time
                                on an empty root (start-up and exit), and the table
                                adds a × C column: binder-origins to c-limit-origins,
                                every other row to c-limit.
          --c-stream PATH       Also run the hand-written C streamer at PATH (built from
                                expat_stream_ns.c: the C binder reading the file in 1 MiB
                                pieces and freeing each top-level object at its end) as
                                c-stream (BIND_NO_ORIGIN=1), timed as c-limit is; the
                                stream row's × C is then to c-stream.
          --python PATH         A Python with lxml, to run lxml's writer as the lxml row
                                (lxml.etree.tostring of the tree lxml parsed from the
                                workload, timed in the child: parse and start-up not
                                counted; no peak memory). By default the peers'
                                environment .build/soap-peers/bin/python of the current
                                directory, when scripts/soap-peers.sh has made it.
          --emit PATH           Write the generated workload to PATH and exit.
          --print-peak-memory   With --only NAME --runs 1: also print peak-rss-bytes=N
                                (VmHWM) after the checksum line; the table's memory
                                column runs the benchmark itself this way.
          --free-graph          With --only NAME --runs 1: free the object graph before
                                exiting. By default a single shot leaves it to the exit,
                                as the timed runs leave its release outside the clock,
                                so an outside tool counts binding, not the model's
                                deinitializers.
          -h, --help            Show this help.

        Checksum lines (Benchmarks/README.md):
          beans=B properties=P defines=D strbytes=S lazy=L
          items=N strbytes=S
        """

    /// Parses the arguments (without the program name).
    ///
    /// - Returns: The options, or `nil` when `--help` was asked for.
    /// - Throws: ``BenchmarkError`` with status 64 for a bad command line.
    static func parse(_ arguments: [String]) throws(BenchmarkError) -> BenchmarkOptions? {
        var options = BenchmarkOptions()
        var workload: Workload?
        var sizeGiven = false
        var rest = arguments[...]

        func value(for flag: String) throws(BenchmarkError) -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                throw .usage("error: \(flag) needs a value.")
            }
            return next
        }

        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--workload":
                let name = try value(for: argument)
                guard let parsed = Workload(rawValue: name) else {
                    throw .usage("error: unknown workload '\(name)'; expected beans or rss.")
                }
                workload = parsed
            case "--size":
                let text = try value(for: argument)
                // Like the script's int(float(TARGET_BYTES)).
                guard let number = Double(text), number.isFinite, number >= 1, number < 1e12 else {
                    throw .usage("error: --size needs a positive number of bytes, such as 1e6; got '\(text)'.")
                }
                options.size = Int(number)
                sizeGiven = true
            case "--file":
                options.file = try value(for: argument)
            case "--runs":
                let text = try value(for: argument)
                guard let runs = Int(text), runs >= 1 else {
                    throw .usage("error: --runs needs a whole number of at least 1; got '\(text)'.")
                }
                options.runs = runs
            case "--only":
                let names = try value(for: argument).split(separator: ",").map(String.init)
                let known = Contenders.knownNames
                for name in names where !known.contains(name) {
                    throw .usage("error: unknown contender '\(name)'; known: \(known.joined(separator: ", ")).")
                }
                for name in names {
                    if let reason = Contenders.pending[name] {
                        throw BenchmarkError("error: the '\(name)' contender cannot run yet: it \(reason).")
                    }
                }
                guard !names.isEmpty else { throw .usage("error: --only needs at least one contender name.") }
                options.only = names
            case "--no-memory":
                options.measureMemory = false
            case "--emit":
                options.emit = try value(for: argument)
            case "--print-peak-memory":
                options.printPeakMemory = true
            case "--free-graph":
                options.freesGraph = true
            case "--c-limit":
                options.cLimit = try value(for: argument)
            case "--c-stream":
                options.cStream = try value(for: argument)
            case "--python":
                options.python = try value(for: argument)
            default:
                throw .usage("error: unknown argument '\(argument)'.")
            }
        }

        if let workload { options.workloads = [workload] }
        if options.file != nil {
            guard workload != nil else { throw .usage("error: --file needs --workload beans|rss.") }
            guard !sizeGiven else { throw .usage("error: --size generates a workload; it cannot go with --file.") }
        }
        if options.emit != nil {
            guard workload != nil else { throw .usage("error: --emit needs --workload beans|rss.") }
            guard options.file == nil else { throw .usage("error: --emit writes a generated workload; drop --file.") }
        }
        if options.cLimit == nil, let named = options.only?.first(where: Contenders.cLimitNames.contains) {
            throw .usage("error: the '\(named)' contender needs --c-limit PATH.")
        }
        if options.cStream == nil, options.only?.contains(Contenders.cStreamName) == true {
            throw .usage("error: the '\(Contenders.cStreamName)' contender needs --c-stream PATH.")
        }
        if options.python == nil, options.only?.contains(Contenders.lxmlName) == true {
            throw .usage(
                "error: the '\(Contenders.lxmlName)' contender needs a Python with lxml: run scripts/soap-peers.sh "
                    + "(it makes .build/soap-peers) or give --python PATH.")
        }
        if options.printPeakMemory, !options.isSingleShot {
            throw .usage("error: --print-peak-memory needs --only NAME --runs 1.")
        }
        return options
    }
}
