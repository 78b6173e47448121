import Foundation
import XMLBind

/// XMLBind editing in place (issue 32, item 4): the workload's graph, bound once outside
/// the clock, with 1 % of its values changed, written back into the original document with
/// ``XMLBinder/update(_:with:file:warnings:)-(Data,_,_,_)``.
///
/// The timed call does all an edit costs: binding the original again (to know what it
/// binds to), outlining where its values lie, comparing the graphs through the mappings and
/// applying the edits. Its row reads against `binder`'s (the same document through the
/// parser alone); the goal is at most 1.2 times it.
///
/// Every hundredth property value (beans) or item title (RSS) is changed to another of
/// the same length, so the checksum read back agrees with every other contender's.
struct EditContender: Contender {
    let name = "edit"
    private let graph = PreparedGraph()
    let writesGraph = true

    func prepare(_ document: Document) throws {
        try graph.bind(document)
        switch try graph.root(of: document) {
        case .beans(let root):
            var index = 0
            for bean in root.beans {
                for property in bean.properties {
                    if index % 100 == 0, let value = property.value { property.value = Self.shifted(value) }
                    index += 1
                }
            }
        case .rss(let root):
            for (index, item) in (root.channel?.items ?? []).enumerated() where index % 100 == 0 {
                item.title = Self.shifted(item.title)
            }
        default:
            throw BenchmarkError("edit: the prepared graph is missing")
        }
    }

    func parse(_ document: Document) throws -> ParseResult {
        switch try graph.root(of: document) {
        case .beans(let root):
            return .written(try BinderContender.beansBinder.update(document.bytes, with: root), document.workload)
        case .rss(let root):
            return .written(try BinderContender.rssBinder.update(document.bytes, with: root), document.workload)
        default:
            throw BenchmarkError("edit: the prepared graph is missing")
        }
    }

    /// `text` with each ASCII letter and digit moved one on (`a` → `b`, `z` → `a`, `9` → `0`):
    /// another value of the same length in bytes.
    static func shifted(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar -> Unicode.Scalar in
                    switch scalar {
                    case "a"..."y", "A"..."Y", "0"..."8": Unicode.Scalar(scalar.value + 1) ?? scalar
                    case "z": "a"
                    case "Z": "A"
                    case "9": "0"
                    default: scalar
                    }
                }))
    }
}
