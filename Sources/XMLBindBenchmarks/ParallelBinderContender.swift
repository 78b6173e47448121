import Foundation
import XMLBind

/// XMLBind's binder with parallel binding (issue 35): the mappings of ``BinderContender``,
/// with ``ParseOptions/parallelism`` set to `threads` threads, so the document is cut
/// between its repeated elements (beans inside `<beans>`, items inside `<channel>`) and
/// the pieces bound on worker threads. `binder-parallel-1` is the cost of the cutting and
/// joining without a second core; `binder-parallel-2` uses two.
///
/// Each parse checks the trace: a document the binder did not cut would time the
/// sequential binder under another name.
struct ParallelBinderContender: Contender {
    let threads: Int
    var name: String { "binder-parallel-\(threads)" }

    private func binder(_ base: XMLBinder, trace: ParallelTrace) -> XMLBinder {
        var binder = base
        binder.options.parallelism = .threads(threads)
        binder.options.parallelTrace = trace
        return binder
    }

    func parse(_ document: Document) throws -> ParseResult {
        let trace = ParallelTrace()
        let result: ParseResult =
            switch document.workload {
            case .beans:
                .beans(
                    try binder(BinderContender.beansBinder, trace: trace).parse(
                        document.bytes, as: BeansModel.Root.self))
            case .rss:
                .rss(try binder(BinderContender.rssBinder, trace: trace).parse(document.bytes, as: RSSModel.Root.self))
            }
        if let entry = trace.entries.first, case .parallel = entry.decision {
            return result
        }
        throw BenchmarkError("error: \(name) did not bind in pieces: \(trace.entries.map(\.description))")
    }
}
