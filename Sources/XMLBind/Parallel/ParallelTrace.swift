import Synchronization

/// What parses with ``ParseOptions/parallelism`` did: bound in pieces, or sequentially and
/// why.
///
/// Give one to ``ParseOptions/parallelTrace``; each parse that asks for parallelism adds
/// one ``Entry`` when it ends. A trace may be shared by parses on many threads.
///
/// ```swift
/// let trace = ParallelTrace()
/// binder.options.parallelTrace = trace
/// _ = try binder.parse(data, as: Beans.self)
/// if case .sequential(let reason) = trace.entries.last?.decision { print(reason) }
/// ```
public final class ParallelTrace: Sendable {
    /// How one parse was bound.
    public enum Decision: Sendable, Hashable {
        /// Cut into `pieces` pieces between the `<element>` elements at `depth`, bound on
        /// `threads` threads.
        case parallel(pieces: Int, threads: Int, element: String, depth: Int)
        /// Bound in pieces up to byte `offset`, then sequentially from there, for `reason`.
        case resumedSequentially(atByte: Int, reason: SequentialReason)
        /// Bound sequentially, for `reason`.
        case sequential(SequentialReason)
    }

    /// Why a document, or the rest of one, was bound by one parser.
    public enum SequentialReason: Sendable, Hashable, CustomStringConvertible {
        /// Smaller than ``Parallelism/minimumDocumentSize``.
        case belowMinimumSize(bytes: Int, minimum: Int)
        /// Not UTF-8 (by its byte order mark, its declaration or ``ParseOptions/encoding``),
        /// or ``ParseOptions/replacesInvalidBytes`` is on: pieces are read as UTF-8.
        case encoding(String)
        /// A `<!DOCTYPE …>`: entities and defaulted attributes are document-wide state.
        case documentType
        /// ``ParseOptions/substitution`` is on: variables are resolved in document order.
        case substitution
        /// A mapping names a prefix only the document binds, or is chosen by `xsi:type`:
        /// the document's declarations are document-wide state.
        case documentPrefixes
        /// An ``UnknownContentPolicy/callback(_:)`` policy: callbacks come in document order.
        case callbackPolicy
        /// A mapping reads its elements with an ``ElementReader``: a reader's calls are the
        /// user's code, made once, in document order.
        case elementReader
        /// Larger than ``ParseLimits/maximumDocumentSize``: the refusal is sequential.
        case documentSizeLimit
        /// No element has a next sibling of the same name (at ``Parallelism/splitDepth``,
        /// when set) near the start, or the container's end tag was not found.
        case noRepeatedElement
        /// The repeated elements' parent is not an object whose mapping collects them in
        /// an array, or it keeps its text, keeps its children's order, or reads keyed members.
        case container(String)
        /// A piece did not end where the next begins (the cut fell in a comment, a CDATA
        /// section or a nested element), or bound something its parent's object had to
        /// take: the rest is bound sequentially, with the same result.
        case inexactPiece(String)
        /// The parse stopped (an error, with ``ParseOptions/stopsAtFirstError``, or
        /// malformed XML) before the first repeated element.
        case stoppedBeforePieces
        /// Streaming, and input read in pieces or from a handle, bind sequentially.
        case input(String)
        /// The SafeMode build places each child into its parent's object as it ends, and a
        /// piece does not have its container's object, so that build binds sequentially.
        case safeMode

        public var description: String {
            switch self {
            case .belowMinimumSize(let bytes, let minimum):
                "the document (\(bytes) bytes) is smaller than Parallelism.minimumDocumentSize (\(minimum))"
            case .encoding(let name): "the document is read as \(name), not UTF-8"
            case .documentType: "the document has a document type declaration"
            case .substitution: "variable substitution is on"
            case .documentPrefixes: "a mapping depends on the document's prefixes or xsi:type"
            case .callbackPolicy: "an unknown-content callback is called in document order"
            case .elementReader: "a mapping reads its elements with an ElementReader"
            case .documentSizeLimit: "the document is larger than ParseLimits.maximumDocumentSize"
            case .noRepeatedElement: "no repeated element to cut between"
            case .container(let why): "the repeated elements' parent: \(why)"
            case .inexactPiece(let why): "a piece was not exact: \(why)"
            case .stoppedBeforePieces: "the parse stopped before the first repeated element"
            case .input(let what): "\(what) binds sequentially"
            case .safeMode: "the SafeMode build places each child into its parent's object, which a piece does not have"
            }
        }
    }

    /// One parse's decision.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The parse's `file:` name.
        public var file: String?
        public var decision: Decision

        public var description: String {
            let name = file.map { "\($0): " } ?? ""
            switch decision {
            case .parallel(let pieces, let threads, let element, let depth):
                return "\(name)parallel: \(pieces) pieces of <\(element)> (depth \(depth)) on \(threads) threads"
            case .resumedSequentially(let offset, let reason):
                return "\(name)parallel up to byte \(offset), then sequential: \(reason)"
            case .sequential(let reason):
                return "\(name)sequential: \(reason)"
            }
        }
    }

    private let recorded = Mutex<[Entry]>([])

    /// Creates an empty trace.
    public init() {}

    /// Every decision so far, oldest first.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    func record(_ decision: Decision, file: String?) {
        recorded.withLock { $0.append(Entry(file: file, decision: decision)) }
    }
}
