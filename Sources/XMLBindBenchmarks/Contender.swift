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
}

/// What one parse produced: an object graph to checksum, or (for the floor) only a count.
enum ParseResult {
    case beans(BeansModel.Root)
    case rss(RSSModel.Root)
    /// The floor builds nothing; it reports how many bytes expat accepted.
    case bytesOnly(Int)

    /// The checksum line of the bench README, found by walking the graph.
    var checksumLine: String {
        switch self {
        case .beans(let root): BeansModel.checksumLine(root)
        case .rss(let root): RSSModel.checksumLine(root)
        case .bytesOnly(let count): "bytes=\(count)"
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
    static let pending: [String: String] = [
        "stream": "needs XMLBind's streaming API (issue 5), which does not exist yet"
    ]

    /// Every contender that can run.
    static func all() -> [any Contender] {
        [
            FloorContender(),
            BinderContender(),
            // MARK: stream contender — add here once the streaming API of issue 5 exists:
            // a `StreamContender` that hands each completed `Bean`/`Define` (or `Item`) to a
            // closure through `binder.stream(…)`, tallies the checksum as objects arrive and
            // forgets them, and returns its line through a `ParseResult` case for tallies.
            // Remove "stream" from `pending` then.
            FoundationContender(),
        ]
    }

    /// Every name `--only` accepts.
    static var knownNames: [String] {
        all().map(\.name) + pending.keys.sorted()
    }
}
