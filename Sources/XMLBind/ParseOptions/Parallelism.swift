#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a parse binds one large document on several threads, and how many.
///
/// Off by default (``sequential``). Turned on, a document in memory or in a file is cut at
/// the boundaries of its repeated elements (the items of a feed, the beans of a
/// `<beans>` file), and each piece is bound by a parser of its own on a thread of its own;
/// the objects are joined in document order. The graph, every origin and every diagnostic
/// are those of a sequential parse. Where the document cannot be cut exactly, the parse is
/// sequential, and a ``ParallelTrace`` says why:
///
/// ```swift
/// var binder = feedBinder
/// binder.options.parallelism = .threads(2)
/// let trace = ParallelTrace()
/// binder.options.parallelTrace = trace
/// let feed = try binder.parse(contentsOf: url, as: RSS.self)
/// print(trace.entries.last?.description ?? "")   // parallel: 8 pieces of <item> on 2 threads, …
/// ```
///
/// It pays for documents of megabytes and more with many repeated elements, on a machine
/// with idle cores; see <doc:ParallelBinding> for what it costs and what makes a document
/// bind sequentially.
public struct Parallelism: Sendable, Hashable, CustomStringConvertible {
    /// The threads that bind pieces: 0 when off, -1 for one per active processor.
    let threadRequest: Int
    /// The smallest document, in bytes, that is cut into pieces: 1 MiB by default.
    /// Smaller documents bind sequentially, since starting threads and parsers costs more
    /// than they save there.
    public var minimumDocumentSize: Int
    /// The depth of the elements to cut between (the root is at depth 1), or `nil` (the
    /// default) for the depth of the first element whose next sibling has the same name:
    /// the items inside an RSS `<channel>` (depth 3), the beans inside `<beans>` (depth 2).
    public var splitDepth: Int?
    /// How many pieces each thread gets at least, for balance between pieces of unequal
    /// cost: 4 by default. A document in memory is also cut into pieces of about 1 MiB at
    /// most, whatever their number: each is copied before it is parsed, and a copy that
    /// small is read back from the caches.
    public var piecesPerThread: Int
    /// The smallest piece, in bytes: a parser and an engine per piece cost about as much
    /// as binding 64 KiB (the default). Tests and the fuzzer lower it to cut small documents.
    package var minimumPieceSize = 64 << 10
    /// The size of a stream's pieces, in bytes (each is cut at the first repeated element
    /// after that many bytes): 256 KiB by default. A stream bound in pieces holds at most
    /// ``threadCount`` × ``piecesPerThread`` pieces in flight, so its input in memory stays
    /// under about that many times this size, whatever the document's size.
    public var streamPieceSize = 256 << 10

    init(threadRequest: Int) {
        self.threadRequest = threadRequest
        self.minimumDocumentSize = 1 << 20
        self.splitDepth = nil
        self.piecesPerThread = 4
    }

    /// What ``ParseOptions`` start with: ``sequential``, unless the environment variable
    /// `XMLBIND_PARALLEL_PIECE_SIZE` holds a number of bytes. The test suite is run once that
    /// way, so that every parse of every test is also bound in pieces of that size on two
    /// threads, whatever its size, and must give what the test expects of a sequential one.
    ///
    /// Read with `getenv`, not `ProcessInfo`: every program that makes a `ParseOptions`
    /// comes here, and `ProcessInfo.processInfo.environment` builds a dictionary of the
    /// whole environment and instantiates ProcessInfo's types, which costs about an eighth of
    /// a small program's page faults at start-up (see the Performance article).
    static let processDefault: Parallelism = {
        guard let value = getenv("XMLBIND_PARALLEL_PIECE_SIZE"), let size = Int(String(cString: value))
        else { return .sequential }
        var parallelism = Parallelism.threads(2)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = max(1, size)
        parallelism.streamPieceSize = max(1, size)
        return parallelism
    }()

    /// One parser on the caller's thread: the default.
    public static var sequential: Parallelism { Parallelism(threadRequest: 0) }

    /// One thread per active processor (`ProcessInfo.activeProcessorCount`).
    public static var automatic: Parallelism { Parallelism(threadRequest: -1) }

    /// A given number of threads binding pieces (at least 1).
    ///
    /// A parse counts the caller's thread among them: it starts `count - 1` workers, and
    /// the caller binds pieces too while it joins their results in document order, so
    /// `.threads(1)` cuts the document and binds the pieces on the caller's thread alone
    /// (the cost of the cutting, without its gain). A stream starts `count` workers: its
    /// caller reads and cuts the input and runs the stream's closure.
    public static func threads(_ count: Int) -> Parallelism {
        Parallelism(threadRequest: max(1, count))
    }

    /// Whether documents are cut into pieces at all.
    public var isParallel: Bool { threadRequest != 0 }

    /// How many threads bind pieces: 0 when ``sequential``.
    public var threadCount: Int {
        threadRequest < 0 ? max(1, ProcessInfo.processInfo.activeProcessorCount) : threadRequest
    }

    public var description: String {
        switch threadRequest {
        case 0: "sequential"
        case -1: "automatic (\(threadCount) threads)"
        default: "\(threadRequest) thread\(threadRequest == 1 ? "" : "s")"
        }
    }
}
