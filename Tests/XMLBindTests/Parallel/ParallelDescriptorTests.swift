import Foundation
import Testing

@testable import XMLBind

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parallel binding of a document read from a file descriptor: a regular file is read
/// whole from where the descriptor is and bound in pieces; when it binds sequentially after
/// all, the descriptor is read again from the same place. A pipe binds sequentially.
@Suite("Parallel binding: file descriptors")
struct ParallelDescriptorTests {
    typealias M = ParallelModels

    /// The feed's graph (or the error's text) from `descriptor`, and the trace.
    static func rss(_ options: ParseOptions, descriptor: Int32) -> (String, [ParallelTrace.Entry]) {
        let trace = ParallelTrace()
        var options = options
        options.parallelTrace = trace
        do {
            let rss = try M.rssBinder(options).parse(fileDescriptor: descriptor, as: M.RSS.self, file: "feed.xml")
            return (M.text(rss), trace.entries)
        } catch {
            return ("error:\n\(error)", trace.entries)
        }
    }

    /// Writes `prefix` and `document` to a temporary file and opens it at the document.
    static func open(_ document: String, after prefix: String = "") throws -> (Int32, String) {
        let path = NSTemporaryDirectory() + "xmlbind-parallel-\(UUID().uuidString).xml"
        try Data((prefix + document).utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = Glibc.open(path, O_RDONLY)
        try #require(descriptor >= 0)
        lseek(descriptor, off_t(prefix.utf8.count), SEEK_SET)
        return (descriptor, path)
    }

    /// Binds `document` from a file both ways (after `prefix`); returns both graphs and the
    /// parallel parse's trace.
    static func bothWays(_ document: String, after prefix: String = "") throws -> (
        String, String, [ParallelTrace.Entry]
    ) {
        let (first, path) = try open(document, after: prefix)
        defer {
            close(first)
            try? FileManager.default.removeItem(atPath: path)
        }
        let (sequential, _) = rss(ParseOptions(), descriptor: first)
        lseek(first, off_t(prefix.utf8.count), SEEK_SET)
        let (parallel, trace) = rss(M.parallel(), descriptor: first)
        return (sequential, parallel, trace)
    }

    @Test func aRegularFileIsBoundInPieces() throws {
        let (sequential, parallel, trace) = try Self.bothWays(M.rssDocument(count: 120), after: "skipped bytes")
        #expect(sequential == parallel)
        #expect(!sequential.hasPrefix("error"))
        #expect(trace.count == 1)
        #if SafeMode
            #expect(trace.first?.decision == .sequential(.safeMode))
        #else
            guard case .parallel(let pieces, _, let element, _) = trace.first?.decision else {
                Issue.record("not parallel: \(trace)")
                return
            }
            #expect(pieces > 1)
            #expect(element == "item")
        #endif
    }

    @Test func aMalformedLatePieceGivesTheSameError() throws {
        let document = M.rssDocument(count: 120) { $0 == 100 ? "<title>a</titel>" : "" }
        let (sequential, parallel, _) = try Self.bothWays(document)
        #expect(sequential.hasPrefix("error"))
        #expect(sequential == parallel)
    }

    @Test func aFileThatBindsSequentiallyIsReadAgainFromWhereItWas() throws {
        // An entity declared in the DOCTYPE is document-wide: the file is read whole, then
        // read again by the sequential parse from the descriptor's first position.
        let document =
            "<!DOCTYPE rss [<!ENTITY e \"x\">]>\n"
            + M.rssDocument(count: 120).replacingOccurrences(of: "Item 3 ü", with: "Item &e; ü")
        let (sequential, parallel, trace) = try Self.bothWays(document, after: "\n\n")
        #expect(sequential == parallel)
        #expect(sequential.contains("Item x ü"))
        #if SafeMode
            #expect(trace.first?.decision == .sequential(.safeMode))
        #else
            #expect(trace.first?.decision == .sequential(.documentType))
        #endif
    }

    @Test func aPipeBindsSequentially() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = Array(M.rssDocument(count: 20).utf8)
        // Small enough for the pipe's buffer: written whole before the parse reads it.
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        try #require(written == bytes.count)
        let (graph, trace) = Self.rss(M.parallel(), descriptor: ends[0])
        #expect(!graph.hasPrefix("error"))
        guard case .sequential(.input(let why)) = trace.first?.decision else {
            Issue.record("\(trace)")
            return
        }
        #expect(why.contains("not a regular file"))
    }
}
