import Foundation
import XMLBind

/// XMLBind writing: the workload's graph (bound once, outside the clock) written back as
/// a compact UTF-8 document with ``XMLBinder/xmlData(from:options:)``.
///
/// Only the write is timed. The checksum comes from reading the written bytes back with
/// the ``BinderContender`` binder, after the clock stops, so the line must agree with
/// every contender that reads the workload: a document that loses or changes a value
/// shows up as a mismatch.
struct WriteContender: Contender {
    let name = "write"
    private let graph = PreparedGraph()
    let writesGraph = true

    func prepare(_ document: Document) throws {
        try graph.bind(document)
    }

    func parse(_ document: Document) throws -> ParseResult {
        let options = WritingOptions(layout: .compact)
        switch try graph.root(of: document) {
        case .beans(let root):
            return .written(try BinderContender.beansBinder.xmlData(from: root, options: options), document.workload)
        case .rss(let root):
            return .written(try BinderContender.rssBinder.xmlData(from: root, options: options), document.workload)
        default:
            throw BenchmarkError("write: the prepared graph is missing")
        }
    }
}

/// XMLBind writing the same graph as ``WriteContender`` to a file with
/// `write(_:to:options:)`: in 64 KiB pieces through a temporary file that then replaces
/// the target, so its peak memory is the graph's plus a bounded amount.
struct WriteFileContender: Contender {
    let name = "write-file"
    private let graph = PreparedGraph()
    let writesGraph = true
    private let target = URL(fileURLWithPath: NSTemporaryDirectory() + "xmlbind-bench-write-\(getpid()).xml")

    func prepare(_ document: Document) throws {
        try graph.bind(document)
    }

    func parse(_ document: Document) throws -> ParseResult {
        let options = WritingOptions(layout: .compact)
        switch try graph.root(of: document) {
        case .beans(let root): try BinderContender.beansBinder.write(root, to: target, options: options)
        case .rss(let root): try BinderContender.rssBinder.write(root, to: target, options: options)
        default: throw BenchmarkError("write-file: the prepared graph is missing")
        }
        return .writtenFile(target, document.workload)
    }
}

/// The graph a writing contender writes: bound by the binder from the workload, once.
///
/// A class, so the contender's `prepare` (outside the clock) can leave it for `parse`;
/// only the benchmark's one thread touches it.
final class PreparedGraph {
    private var bound: (bytes: Data, result: ParseResult)?

    func bind(_ document: Document) throws {
        if let bound, bound.bytes == document.bytes { return }
        bound = (document.bytes, try BinderContender().parse(document))
    }

    func root(of document: Document) throws -> ParseResult {
        guard let bound else { throw BenchmarkError("the graph was not prepared") }
        return bound.result
    }
}

extension ParseResult {
    /// The checksum line of a written file: read back, then removed.
    static func readBack(_ file: URL, _ workload: Workload) -> String {
        defer { try? FileManager.default.removeItem(at: file) }
        guard let bytes = try? Data(contentsOf: file) else { return "unreadable: \(file.path)" }
        return readBack(bytes, workload)
    }

    /// The checksum line of written bytes: read back with the binder that wrote them.
    static func readBack(_ bytes: Data, _ workload: Workload) -> String {
        let document = Document(workload: workload, bytes: bytes, path: nil, provenance: "written")
        do {
            return try BinderContender().parse(document).checksumLine
        } catch {
            return "unreadable: \(error)"
        }
    }
}
