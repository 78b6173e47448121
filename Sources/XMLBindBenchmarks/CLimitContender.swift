import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The hand-written C binder (`expat_bind_ns`, given with `--c-limit PATH`), run in the
/// same benchmark: the limit the binder's time is a ratio of.
///
/// Each timed parse runs the program on the document's file and checks the checksum line
/// it prints. Its time includes starting a process and reading the file, which the Swift
/// contenders' parse does not, so the runner subtracts ``startupSeconds``: the median time
/// of the same program on a document holding only an empty root element, measured in
/// ``prepare(_:)``. `c-limit` runs it with `BIND_NO_ORIGIN=1` (the limit of `binder` and
/// `stream`, whose models are not `OriginAware`), `c-limit-origins` without (the limit of
/// `binder-origins`). `c-stream` is the C streamer (`expat_stream_ns`, given with
/// `--c-stream PATH`: the same binder reading the file in 1 MiB pieces through expat's
/// buffer and freeing each top-level object at its end), run with `BIND_NO_ORIGIN=1`: the
/// limit of `stream` when it is given. Its peak memory is not measured.
final class CLimitContender: Contender {
    let name: String
    /// The C binder's executable.
    let program: String
    /// Whether the program stores every object's line and column.
    let withOrigins: Bool
    /// Median seconds of the program on an empty-root document: start-up and exit.
    private(set) var startupSeconds = 0.0
    private var file: (bytes: Data, path: String, temporary: Bool)?

    convenience init(program: String, withOrigins: Bool) {
        self.init(name: withOrigins ? "c-limit-origins" : "c-limit", program: program, withOrigins: withOrigins)
    }

    /// The C streamer (`expat_stream_ns`), without origins.
    convenience init(streamer program: String) {
        self.init(name: "c-stream", program: program, withOrigins: false)
    }

    private init(name: String, program: String, withOrigins: Bool) {
        self.name = name
        self.program = program
        self.withOrigins = withOrigins
    }

    deinit {
        if let file, file.temporary { try? FileManager.default.removeItem(atPath: file.path) }
    }

    func prepare(_ document: Document) throws {
        let empty = NSTemporaryDirectory() + "xmlbind-bench-\(getpid())-\(name)-empty.xml"
        try Data(Self.emptyRoot(document.workload).utf8).write(to: URL(fileURLWithPath: empty))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        var times: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            _ = try run(document.workload, empty)
            let took = ContinuousClock.now - start
            times.append(Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18)
        }
        startupSeconds = BenchmarkRunner.median(times)
    }

    func parse(_ document: Document) throws -> ParseResult {
        .tally(try run(document.workload, path(of: document)))
    }

    /// A file holding the document: its own, or a temporary copy of a generated one.
    private func path(of document: Document) throws -> String {
        if let path = document.path { return path }
        if let file, file.bytes == document.bytes { return file.path }
        if let file, file.temporary { try? FileManager.default.removeItem(atPath: file.path) }
        let path = NSTemporaryDirectory() + "xmlbind-bench-\(getpid())-\(name).xml"
        try document.bytes.write(to: URL(fileURLWithPath: path))
        file = (document.bytes, path, true)
        return path
    }

    /// The workload's root element and nothing in it, as the workload declares it.
    static func emptyRoot(_ workload: Workload) -> String {
        switch workload {
        case .beans: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beans xmlns=\"\(BeansModel.beansNamespace)\"/>\n"
        case .rss: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"/>\n"
        }
    }

    /// Runs the program once and returns the line it printed.
    private func run(_ workload: Workload, _ file: String) throws -> String {
        let environment =
            ProcessInfo.processInfo.environment.filter { $0.key != "BIND_NO_ORIGIN" }
            .map { "\($0.key)=\($0.value)" } + (withOrigins ? [] : ["BIND_NO_ORIGIN=1"])
        let result = try ChildProcess.run([program, workload.rawValue, file], environment: environment)
        guard result.succeeded else {
            throw BenchmarkError("\(program) \(workload.rawValue) \(file) failed (wait status \(result.status))")
        }
        return result.text
    }
}
