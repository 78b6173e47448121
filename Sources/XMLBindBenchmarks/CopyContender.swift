import Foundation
import XMLBind

/// Copying the workload through the parser: `parse` and then `xmlData` (compact) of the graph
/// it bound, both timed. What an edit of the document is measured against (issue 32, item 4):
/// `edit-whole`, which binds for editing, changes 1 % of the values and writes them back into
/// the original, should take at most 1.2 times this row's time.
struct CopyContender: Contender {
    let name = "copy"

    func parse(_ document: Document) throws -> ParseResult {
        let options = WritingOptions(layout: .compact)
        switch document.workload {
        case .beans:
            let binder = BinderContender.beansBinder
            let root = try binder.parse(document.bytes, as: BeansModel.Root.self)
            return .writtenKeeping(try binder.xmlData(from: root, options: options), document.workload, bound: root)
        case .rss:
            let binder = BinderContender.rssBinder
            let root = try binder.parse(document.bytes, as: RSSModel.Root.self)
            return .writtenKeeping(try binder.xmlData(from: root, options: options), document.workload, bound: root)
        }
    }
}
