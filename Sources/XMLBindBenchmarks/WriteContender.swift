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
