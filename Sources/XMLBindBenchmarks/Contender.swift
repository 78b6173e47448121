import Foundation
import XMLBindFeeds

/// One way of reading a workload document that the benchmark times against the others.
protocol Contender {
    /// The name `--only` selects it by, and its row in the table.
    var name: String { get }

    /// Parses the document once; this call, and only this call, is timed.
    ///
    /// - Parameter document: The workload's bytes.
    /// - Returns: What the parse produced, for the checksum (computed after the clock stops).
    /// - Throws: When the document does not parse.
    func parse(_ document: Document) throws -> ParseResult

    /// Work done once per document before the warm-up, outside the clock (a writer binds
    /// the graph it then writes).
    func prepare(_ document: Document) throws

    /// Whether the contender writes a prepared graph (its peak memory is then measured
    /// from the moment it starts writing).
    var writesGraph: Bool { get }

    /// Seconds of each timed parse that are not the work (a separate program's start-up),
    /// subtracted from every run.
    var startupSeconds: Double { get }

    /// Whether the contender reads this workload; the table leaves it out of the others.
    func reads(_ workload: Workload) -> Bool
}

extension Contender {
    func prepare(_ document: Document) throws {}
    var writesGraph: Bool { false }
    var startupSeconds: Double { 0 }
    func reads(_ workload: Workload) -> Bool { true }
}

/// What one parse produced: an object graph to checksum, or (for the floor) only a count.
enum ParseResult {
    case beans(BeansModel.Root)
    case rss(RSSModel.Root)
    /// A feed read by `XMLBindFeeds` (`feed`), checksummed and released outside the clock
    /// like the binder's graph.
    case feed(Feed)
    /// The graphs of `binder-origins`, every object `OriginAware`.
    case originBeans(OriginModel.BeansRoot)
    case originRSS(OriginModel.RSSRoot)
    /// The floor builds nothing; it reports how many bytes expat accepted.
    case bytesOnly(Int)
    /// A checksum line tallied while parsing, from objects that were then forgotten (`stream`).
    case tally(String)
    /// A written document (`write`, `xmldocument`), checksummed by reading it back.
    case written(Data, Workload)
    /// A written document and what was bound to write it (`copy`'s graph, `edit-whole`'s
    /// session), released after the clock stops, as every reader's graph is.
    case writtenKeeping(Data, Workload, bound: Any)
    /// A written file (`write-file`), checksummed by reading it back.
    case writtenFile(URL, Workload)
    /// A file written by a peer in a child process (`lxml`) that timed its own writing:
    /// the runner takes these times in place of its clock's.
    case peerWritten(URL, Workload, seconds: Double, cpuSeconds: Double)

    /// Single-shot results left for the process's exit to reclaim (see
    /// ``BenchmarkRunner/runSingleShot(_:)``); only the main thread touches it.
    nonisolated(unsafe) static var keptUntilExit: [ParseResult] = []

    /// The checksum line of the bench README, found by walking the graph.
    var checksumLine: String {
        switch self {
        case .beans(let root): BeansModel.checksumLine(root)
        case .rss(let root): RSSModel.checksumLine(root)
        case .feed(let feed): FeedContender.checksumLine(feed)
        case .originBeans(let root): OriginModel.checksumLine(root)
        case .originRSS(let root): OriginModel.checksumLine(root)
        case .bytesOnly(let count): "bytes=\(count)"
        case .tally(let line): line
        case .written(let bytes, let workload), .writtenKeeping(let bytes, let workload, _):
            ParseResult.readBack(bytes, workload)
        case .writtenFile(let file, let workload): ParseResult.readBack(file, workload)
        case .peerWritten(let file, let workload, _, _): ParseResult.readBack(file, workload)
        }
    }

    /// Whether the line is a graph checksum that must agree across contenders.
    var isGraphChecksum: Bool {
        if case .bytesOnly = self { return false }
        return true
    }
}

/// The contenders, in table order.
enum Contenders {
    /// Names that exist but cannot run yet, with the reason.
    static let pending: [String: String] = [:]

    /// The C limit's rows (run only with `--c-limit PATH`).
    static let cLimitNames = ["c-limit", "c-limit-origins"]
    /// The C streamer's row (run only with `--c-stream PATH`).
    static let cStreamName = "c-stream"
    /// lxml's writer (run when a Python with lxml is known: `--python PATH`).
    static let lxmlName = "lxml"

    /// Every contender that can run; the C limit's and the C streamer's when their programs
    /// are given, lxml's when a Python that has it is.
    static func all(cLimit: String? = nil, cStream: String? = nil, python: String? = nil) -> [any Contender] {
        let limits: [any Contender] =
            cLimit.map {
                [CLimitContender(program: $0, withOrigins: false), CLimitContender(program: $0, withOrigins: true)]
            }
            ?? []
        let streamer: [any Contender] = cStream.map { [CLimitContender(streamer: $0)] } ?? []
        let lxml: [any Contender] = python.map { [LXMLWriteContender(python: $0)] } ?? []
        let readers: [any Contender] = [
            FloorContender(),
            BinderContender(),
            ParallelBinderContender(threads: 1),
            ParallelBinderContender(threads: 2),
            OriginBinderContender(),
            StreamContender(),
            StreamContender(threads: 1),
            StreamContender(threads: 2),
            FoundationContender(),
        ]
        let writers: [any Contender] = [
            WriteContender(), WriteFileContender(), CopyContender(), EditContender(timing: .whole),
            EditContender(timing: .save), EditContender(timing: .reparse),
            XMLDocumentContender(),
        ]
        let others: [any Contender] = [
            EncodedCopyContender(name: "binder-sjis", declared: "Shift_JIS", iconvName: "SHIFT_JIS"),
            EncodedCopyContender(name: "binder-koi8r", declared: "KOI8-R", iconvName: "KOI8-R"),
            FeedContender(),
        ]
        return limits + streamer + readers + writers + lxml + others
    }

    /// Every name `--only` accepts.
    static var knownNames: [String] {
        all().map(\.name) + cLimitNames + [cStreamName, lxmlName] + pending.keys.sorted()
    }
}
