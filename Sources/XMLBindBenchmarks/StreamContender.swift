import Foundation
import XMLBind

/// XMLBind streaming: each completed top-level `Bean` and `Define` (or `Item`) is handed
/// to a closure, added to the checksum tally, and forgotten.
///
/// Same mappings as ``BinderContender``. The beans workload streams two types at once
/// through a protocol both conform to; a bean inside a property arrives inside its
/// top-level bean, as in the whole-document graph. When the document came from `--file`,
/// the file itself is streamed (read in chunks through expat's buffer, never whole), which
/// is what the peak-memory column measures; a generated document is streamed from memory.
/// The tally is made inside the timed parse: there is no graph left to walk afterwards.
///
/// With `threads` (issue 35), `stream-parallel-N` streams the same way with
/// ``ParseOptions/parallelism`` set to that many threads: the input is read in windows and
/// cut between its repeated elements as it arrives, the pieces bound on worker threads, and
/// the objects handed out in document order. Each run checks the trace, so that a stream
/// not cut would not time the sequential one under another name.
struct StreamContender: Contender {
    var threads: Int?
    var name: String { threads.map { "stream-parallel-\($0)" } ?? "stream" }

    func parse(_ document: Document) throws -> ParseResult {
        switch document.workload {
        case .beans:
            var tally = BeansModel.Tally()
            try stream(document, BinderContender.beansBinder, as: (any BeansEntry).self) { entry in
                entry.add(to: &tally)
            }
            return .tally(tally.line)
        case .rss:
            var items = 0
            var bytes = 0
            try stream(document, BinderContender.rssBinder, as: RSSModel.Item.self) { item in
                items += 1
                bytes += RSSModel.size(of: item)
            }
            return .tally("items=\(items) strbytes=\(bytes)")
        }
    }

    private func stream<T>(_ document: Document, _ binder: XMLBinder, as type: T.Type, _ add: (T) -> Void) throws {
        let body = { (object: T) -> StreamAction in
            add(object)
            return .continue
        }
        var binder = binder
        let trace = ParallelTrace()
        if let threads {
            binder.options.parallelism = .threads(threads)
            binder.options.parallelTrace = trace
        }
        if let path = document.path {
            try binder.stream(contentsOf: URL(fileURLWithPath: path), as: type, body)
        } else {
            try binder.stream(document.bytes, as: type, body)
        }
        if threads != nil {
            guard let entry = trace.entries.first, case .parallel = entry.decision else {
                throw BenchmarkError("error: \(name) did not stream in pieces: \(trace.entries.map(\.description))")
            }
        }
    }
}

/// What the beans workload streams: its two top-level kinds of object, each adding itself
/// to the tally (a requirement, so that the closure needs no cast back to the class).
protocol BeansEntry {
    func add(to tally: inout BeansModel.Tally)
}

extension BeansModel.Bean: BeansEntry {
    func add(to tally: inout BeansModel.Tally) { tally.add(self) }
}

extension BeansModel.Define: BeansEntry {
    func add(to tally: inout BeansModel.Tally) { tally.add(self) }
}
