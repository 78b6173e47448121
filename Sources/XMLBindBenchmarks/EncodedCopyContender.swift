import Foundation
import XMLBind

/// The binder reading a copy of the workload in another encoding (`binder-sjis`:
/// Shift_JIS, a multi-byte table; `binder-koi8r`: KOI8-R, a single-byte table; both
/// converted to UTF-8 with their table before expat reads them), with the
/// ``BinderContender``'s mappings, to compare with its time on the UTF-8 original.
///
/// The copy is made once, outside the clock, by the system's `iconv` command, with the
/// XML declaration naming the encoding. The workloads' text is ASCII, so the copies hold
/// the same characters in the same bytes: what the ratio measures is the cost of reading
/// through the encoding's path instead of expat's own UTF-8, which is all an ASCII-heavy
/// feed in these encodings pays.
final class EncodedCopyContender: Contender {
    let name: String
    /// The name the declaration gives, and the one `iconv` writes.
    private let declared: String
    private let iconvName: String
    private var copy: (original: Data, bytes: Data)?

    init(name: String, declared: String, iconvName: String) {
        self.name = name
        self.declared = declared
        self.iconvName = iconvName
    }

    func prepare(_ document: Document) throws {
        if let copy, copy.original == document.bytes { return }
        var text = String(decoding: document.bytes, as: UTF8.self)
        guard let range = text.range(of: "encoding=\"UTF-8\"") else {
            throw BenchmarkError("\(name): the workload has no encoding declaration to change")
        }
        text.replaceSubrange(range, with: "encoding=\"\(declared)\"")
        copy = (document.bytes, try Self.iconv(Data(text.utf8), to: iconvName))
    }

    func parse(_ document: Document) throws -> ParseResult {
        if copy?.original != document.bytes { try prepare(document) }
        guard let bytes = copy?.bytes else { throw BenchmarkError("\(name): no copy") }
        switch document.workload {
        case .beans: return .beans(try BinderContender.beansBinder.parse(bytes, as: BeansModel.Root.self))
        case .rss: return .rss(try BinderContender.rssBinder.parse(bytes, as: RSSModel.Root.self))
        }
    }

    /// Converts UTF-8 to `encoding` with `/usr/bin/iconv`, through a temporary file.
    private static func iconv(_ data: Data, to encoding: String) throws -> Data {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).xml")
        let output = input.appendingPathExtension("out")
        try data.write(to: input)
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", encoding, "-o", output.path, input.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("iconv to \(encoding) failed") }
        return try Data(contentsOf: output)
    }
}
