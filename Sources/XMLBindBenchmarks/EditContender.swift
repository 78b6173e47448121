import Foundation
import XMLBind

/// XMLBind editing in place (issue 32, item 4): 1 % of the workload's values changed and
/// written back into the original document, in three rows.
///
/// - `edit-whole` times a whole edit in a session: ``XMLBinder/parseForEditing(_:as:file:warnings:)-(Data,_,_,_)``,
///   the change, and ``EditableDocument/updated(warnings:)``. It reads against `copy` (the
///   same document parsed and written again); the goal is at most 1.2 times it.
/// - `edit` times the session's save step alone: the workload is bound for editing and
///   changed outside the clock, and the timed call compares the graph with what the parse
///   saw and applies the edits.
/// - `edit-reparse` times the one-call ``XMLBinder/update(_:with:file:warnings:)-(Data,_,_,_)``,
///   which binds the original again first; its graph comes from a plain `parse`, as a caller
///   of the one call has it, so its peak memory holds no session's record.
///
/// Every hundredth property value (beans) or item title (RSS) is changed to another of
/// the same length, so the checksum read back agrees with every other contender's.
struct EditContender: Contender {
    /// What the clock times.
    enum Timed {
        /// The session's update, once bound and changed.
        case save
        /// The one-call update, which parses the original again.
        case reparse
        /// Binding for editing, changing and updating.
        case whole
    }

    let name: String
    let timed: Timed
    private var parsesAgain: Bool { timed == .reparse }
    private let session = Session()
    /// The rows that bind outside the clock write a prepared graph; `edit-whole` binds in it.
    var writesGraph: Bool { timed != .whole }

    init(timing timed: Timed) {
        self.timed = timed
        switch timed {
        case .save: name = "edit"
        case .reparse: name = "edit-reparse"
        case .whole: name = "edit-whole"
        }
    }

    /// The bound document, prepared once: a session for `edit`, a plainly parsed graph for
    /// `edit-reparse`.
    final class Session {
        var bytes: Data?
        var beans: EditableDocument<BeansModel.Root>?
        var rss: EditableDocument<RSSModel.Root>?
        var beansRoot: BeansModel.Root?
        var rssRoot: RSSModel.Root?
    }

    func prepare(_ document: Document) throws {
        if timed == .whole { return }
        if session.bytes == document.bytes { return }
        session.bytes = document.bytes
        session.beans = nil
        session.rss = nil
        session.beansRoot = nil
        session.rssRoot = nil
        switch document.workload {
        case .beans:
            let binder = BinderContender.beansBinder
            if parsesAgain {
                session.beansRoot = Self.changed(try binder.parse(document.bytes, as: BeansModel.Root.self))
            } else {
                let bound = try binder.parseForEditing(document.bytes, as: BeansModel.Root.self)
                _ = Self.changed(bound.root)
                session.beans = bound
            }
        case .rss:
            let binder = BinderContender.rssBinder
            if parsesAgain {
                session.rssRoot = Self.changed(try binder.parse(document.bytes, as: RSSModel.Root.self))
            } else {
                let bound = try binder.parseForEditing(document.bytes, as: RSSModel.Root.self)
                _ = Self.changed(bound.root)
                session.rss = bound
            }
        }
    }

    /// `root` with every hundredth property value shifted.
    static func changed(_ root: BeansModel.Root) -> BeansModel.Root {
        var index = 0
        for bean in root.beans {
            for property in bean.properties {
                if index % 100 == 0, let value = property.value { property.value = Self.shifted(value) }
                index += 1
            }
        }
        return root
    }

    /// `root` with every hundredth item title shifted.
    static func changed(_ root: RSSModel.Root) -> RSSModel.Root {
        for (index, item) in (root.channel?.items ?? []).enumerated() where index % 100 == 0 {
            item.title = Self.shifted(item.title)
        }
        return root
    }

    func parse(_ document: Document) throws -> ParseResult {
        if timed == .whole { return try editWhole(document) }
        if let beans = session.beans {
            return .written(try beans.updated(), document.workload)
        }
        if let rss = session.rss {
            return .written(try rss.updated(), document.workload)
        }
        if let root = session.beansRoot {
            return .written(try BinderContender.beansBinder.update(document.bytes, with: root), document.workload)
        }
        if let root = session.rssRoot {
            return .written(try BinderContender.rssBinder.update(document.bytes, with: root), document.workload)
        }
        throw BenchmarkError("\(name): the document was not prepared")
    }

    /// Binds `document` for editing, changes 1 % of its values and writes them back.
    private func editWhole(_ document: Document) throws -> ParseResult {
        switch document.workload {
        case .beans:
            let bound = try BinderContender.beansBinder.parseForEditing(document.bytes, as: BeansModel.Root.self)
            _ = Self.changed(bound.root)
            return .writtenKeeping(try bound.updated(), document.workload, bound: bound)
        case .rss:
            let bound = try BinderContender.rssBinder.parseForEditing(document.bytes, as: RSSModel.Root.self)
            _ = Self.changed(bound.root)
            return .writtenKeeping(try bound.updated(), document.workload, bound: bound)
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
