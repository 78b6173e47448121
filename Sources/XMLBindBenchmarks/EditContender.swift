import Foundation
import XMLBind

/// XMLBind editing in place (issue 32, item 4), in an edit session: the workload bound once
/// for editing outside the clock (``XMLBinder/parseForEditing(_:as:file:warnings:)-(Data,_,_,_)``), with
/// 1 % of its values changed, written back into the original document with
/// ``EditableDocument/updated(warnings:)``.
///
/// The timed call does all an update costs once the document is bound: comparing the graph
/// with what the parse saw and applying the edits. Its row reads against `binder`'s (the
/// same document through the parser alone); the goal is at most 1.2 times it. The
/// `edit-reparse` row is the one-call ``XMLBinder/update(_:with:file:warnings:)-(Data,_,_,_)``,
/// which binds the original again first.
///
/// Every hundredth property value (beans) or item title (RSS) is changed to another of
/// the same length, so the checksum read back agrees with every other contender's.
struct EditContender: Contender {
    let name: String
    /// Whether the timed call is the one-call update, which parses the original again.
    let parsesAgain: Bool
    private let session = Session()
    let writesGraph = true

    init(parsesAgain: Bool = false) {
        self.parsesAgain = parsesAgain
        name = parsesAgain ? "edit-reparse" : "edit"
    }

    /// The bound document, prepared once.
    final class Session {
        var bytes: Data?
        var beans: EditableDocument<BeansModel.Root>?
        var rss: EditableDocument<RSSModel.Root>?
    }

    func prepare(_ document: Document) throws {
        if session.bytes == document.bytes { return }
        session.bytes = document.bytes
        session.beans = nil
        session.rss = nil
        switch document.workload {
        case .beans:
            let bound = try BinderContender.beansBinder.parseForEditing(document.bytes, as: BeansModel.Root.self)
            var index = 0
            for bean in bound.root.beans {
                for property in bean.properties {
                    if index % 100 == 0, let value = property.value { property.value = Self.shifted(value) }
                    index += 1
                }
            }
            session.beans = bound
        case .rss:
            let bound = try BinderContender.rssBinder.parseForEditing(document.bytes, as: RSSModel.Root.self)
            for (index, item) in (bound.root.channel?.items ?? []).enumerated() where index % 100 == 0 {
                item.title = Self.shifted(item.title)
            }
            session.rss = bound
        }
    }

    func parse(_ document: Document) throws -> ParseResult {
        if let beans = session.beans {
            let updated =
                parsesAgain
                ? try BinderContender.beansBinder.update(document.bytes, with: beans.root) : try beans.updated()
            return .written(updated, document.workload)
        }
        if let rss = session.rss {
            let updated =
                parsesAgain ? try BinderContender.rssBinder.update(document.bytes, with: rss.root) : try rss.updated()
            return .written(updated, document.workload)
        }
        throw BenchmarkError("\(name): the document was not prepared")
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
