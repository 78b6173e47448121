import Foundation
import Testing

@testable import XMLBind

/// Streaming in parallel (issue 35): every document of the parallel corpus is streamed
/// sequentially and in pieces, from memory and from a file, and the two hand out the same
/// objects in the same order, with the same origins, and end with the same warnings or
/// the same full error text.
@Suite("Parallel streaming: the same as sequential")
struct ParallelStreamTests {
    typealias M = ParallelModels
    typealias Case = ParallelBindingTests.Case

    /// What one stream gave: each object's text, then how it ended.
    struct Outcome: Equatable, CustomStringConvertible {
        var objects: [String] = []
        var end = ""

        var description: String { (objects + ["end: " + end]).joined(separator: "\n") }
    }

    static func text(_ bean: M.Bean) -> String {
        let beans = M.Beans()
        beans.beans = [bean]
        return M.text(beans).split(separator: "\n").dropFirst().joined(separator: "\n")
    }

    static func text(_ item: M.Item) -> String {
        "item \(M.text(item.origin)) \(item.title ?? "-") \(item.link ?? "-") \(item.count)"
    }

    /// Where a stream reads its document.
    enum Source {
        case data, string, file
    }

    /// Streams `test`'s document with `options`; `stopAfter` objects the closure says stop.
    static func stream(_ test: Case, _ options: ParseOptions, from source: Source = .data, stopAfter: Int? = nil)
        -> Outcome
    {
        var outcome = Outcome()
        let log = WarningLog()
        func handle(_ text: String) -> StreamAction {
            outcome.objects.append(text)
            return outcome.objects.count == stopAfter ? .stop : .continue
        }
        do {
            let name = test.isRSS ? "feed.xml" : "beans.xml"
            if test.isRSS {
                let binder = M.rssBinder(options)
                switch source {
                case .data:
                    try binder.stream(Data(test.document.utf8), as: M.Item.self, file: name, warnings: log) {
                        handle(text($0))
                    }
                case .string:
                    try binder.stream(test.document, as: M.Item.self, file: name, warnings: log) { handle(text($0)) }
                case .file:
                    try withFile(test.document) { url in
                        try binder.stream(contentsOf: url, as: M.Item.self, file: name, warnings: log) {
                            handle(text($0))
                        }
                    }
                }
            } else {
                let binder = M.beansBinder(options)
                switch source {
                case .data:
                    try binder.stream(Data(test.document.utf8), as: M.Bean.self, file: name, warnings: log) {
                        handle(text($0))
                    }
                case .string:
                    try binder.stream(test.document, as: M.Bean.self, file: name, warnings: log) { handle(text($0)) }
                case .file:
                    try withFile(test.document) { url in
                        try binder.stream(contentsOf: url, as: M.Bean.self, file: name, warnings: log) {
                            handle(text($0))
                        }
                    }
                }
            }
            outcome.end = "warnings: \(log.warnings.map(\.description))"
        } catch {
            outcome.end = "error: \(error)"
        }
        return outcome
    }

    static func withFile(_ text: String, _ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parstream-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }

    /// Options that cut a stream into pieces of about `pieceSize` bytes.
    static func parallel(_ options: ParseOptions, threads: Int = 2, pieceSize: Int = 400, trace: ParallelTrace)
        -> ParseOptions
    {
        var options = M.parallel(options, threads: threads)
        options.parallelism.streamPieceSize = pieceSize
        options.parallelTrace = trace
        return options
    }

    static func expectCut(_ test: Case, _ trace: ParallelTrace) {
        let entries = trace.entries
        #expect(entries.count == 1, "\(entries)")
        #if SafeMode
            #expect(entries.first?.decision == .sequential(.safeMode))
        #else
            // A stream needs no end tag of the container: it binds what follows the last
            // cut sequentially, where the missing tag is found.
            guard test.cuts || test.name == "the container's end tag missing" else {
                if case .parallel = entries.first?.decision { Issue.record("cut, but should not be") }
                return
            }
            if case .sequential(let reason) = entries.first?.decision {
                Issue.record("streamed sequentially: \(reason)")
            }
        #endif
    }

    static let corpus = ParallelBindingTests.corpus + ParallelDocumentTypeTests.corpus

    @Test(arguments: corpus)
    func bothWaysAgreeFromMemory(_ test: Case) {
        let trace = ParallelTrace()
        let sequential = Self.stream(test, test.options)
        let parallel = Self.stream(test, Self.parallel(test.options, trace: trace))
        #expect(sequential == parallel, "sequential:\n\(sequential)\nparallel:\n\(parallel)\n\(trace.entries)")
        #expect(!sequential.objects.isEmpty || sequential.end.hasPrefix("error") || !test.cuts)
        Self.expectCut(test, trace)
    }

    @Test(arguments: corpus)
    func bothWaysAgreeFromAFile(_ test: Case) {
        let trace = ParallelTrace()
        let sequential = Self.stream(test, test.options, from: .file)
        let parallel = Self.stream(test, Self.parallel(test.options, pieceSize: 300, trace: trace), from: .file)
        #expect(sequential == parallel, "sequential:\n\(sequential)\nparallel:\n\(parallel)\n\(trace.entries)")
        Self.expectCut(test, trace)
    }

    @Test(arguments: [1, 2, 3], [64, 1000, 5000])
    func threadsAndPieceSizesAgree(_ threads: Int, _ pieceSize: Int) {
        let test = Case(name: "rss", document: M.rssDocument(count: 200), isRSS: true)
        let trace = ParallelTrace()
        let sequential = Self.stream(test, ParseOptions(), from: .string)
        let options = Self.parallel(ParseOptions(), threads: threads, pieceSize: pieceSize, trace: trace)
        let parallel = Self.stream(test, options, from: .string)
        #expect(sequential == parallel)
        #expect(sequential.objects.count == 200)
        #if !SafeMode
            guard case .parallel(let pieces, let used, let element, let depth) = trace.entries.first?.decision else {
                Issue.record("not parallel: \(trace.entries)")
                return
            }
            #expect(pieces > 1)
            #expect(used == min(threads, pieces))
            #expect(element == "item")
            #expect(depth == 3)
        #endif
    }

    /// The closure stops the stream: the same objects were handed out, and no error.
    @Test(arguments: [1, 7, 59])
    func aStopFromTheClosure(_ count: Int) {
        let test = Case(name: "beans", document: M.beansDocument(count: 60))
        let trace = ParallelTrace()
        let sequential = Self.stream(test, ParseOptions(), stopAfter: count)
        let parallel = Self.stream(test, Self.parallel(ParseOptions(), trace: trace), stopAfter: count)
        #expect(sequential == parallel)
        #expect(parallel.objects.count == count)
        #expect(parallel.end == "warnings: []")
    }

    struct Thrown: Error {}

    /// The closure throws: the stream throws that at once, after the same objects.
    @Test func aThrowFromTheClosure() throws {
        let document = Data(M.rssDocument(count: 80).utf8)
        for options in [ParseOptions(), Self.parallel(ParseOptions(), trace: ParallelTrace())] {
            var seen = 0
            #expect(throws: Thrown.self) {
                try M.rssBinder(options).stream(document, as: M.Item.self) { item in
                    seen += 1
                    if item.count == 41 { throw Thrown() }
                    return .continue
                }
            }
            #expect(seen == 42)
        }
    }

    /// A large stream holds a bounded number of pieces: every object arrives in order, and
    /// the trace counts many pieces on the threads asked for.
    @Test func aLongStreamInManyPieces() throws {
        let trace = ParallelTrace()
        var options = Self.parallel(ParseOptions(), threads: 3, pieceSize: 1 << 10, trace: trace)
        options.parallelism.piecesPerThread = 2
        var expected = 0
        try M.rssBinder(options).stream(M.rssDocument(count: 3000), as: M.Item.self) { item in
            #expect(item.count == expected)
            expected += 1
            return .continue
        }
        #expect(expected == 3000)
        #if !SafeMode
            guard case .parallel(let pieces, let threads, _, _) = trace.entries.first?.decision else {
                Issue.record("not parallel: \(trace.entries)")
                return
            }
            #expect(pieces > 100)
            #expect(threads == 3)
        #endif
    }

    /// A stream whose streamed type encloses the repeated elements: the pieces stream
    /// nothing, and their objects go into the streamed one.
    @Test func aStreamedContainerTakesItsPieces() throws {
        let document = M.rssDocument(count: 100)
        let trace = ParallelTrace()
        var sequential: [Int] = []
        var parallel: [Int] = []
        try M.rssBinder().stream(document, as: M.Channel.self) {
            sequential.append($0.items.count)
            return .continue
        }
        try M.rssBinder(Self.parallel(ParseOptions(), trace: trace)).stream(document, as: M.Channel.self) {
            parallel.append($0.items.count)
            return .continue
        }
        #expect(sequential == [100])
        #expect(parallel == [100])
        #if !SafeMode
            guard case .parallel(_, _, let element, _) = trace.entries.first?.decision else {
                Issue.record("not parallel: \(trace.entries)")
                return
            }
            #expect(element == "item")
        #endif
    }

    /// The streamed items' parent has no place for them, and item 120 holds a bad count:
    /// both ways hand out the same items and end with the same error.
    @Test func aBadItemUnderAContainerWithoutAPlaceEndsBothWaysAlike() throws {
        func binder(_ options: ParseOptions) -> XMLBinder {
            XMLBinder(options: options).registeredAtSetup(
                mapping(BareFeed.self, element: "rss").child(\.channel),
                mapping(BareChannel.self, element: "channel").element(\.title),
                mapping(M.Item.self, element: "item").element(\.title).element(\.link).element(\.count)
            )
        }
        let document = M.rssDocument(count: 150) { $0 == 120 ? "<count>x</count>" : "" }
        func stream(_ options: ParseOptions) -> [String] {
            var seen: [String] = []
            do {
                try binder(options).stream(document, as: M.Item.self) {
                    seen.append(Self.text($0))
                    return .continue
                }
            } catch {
                seen.append("\(error)")
            }
            return seen
        }
        let trace = ParallelTrace()
        let sequential = stream(ParseOptions())
        #expect(!sequential.isEmpty)
        #expect(sequential == stream(Self.parallel(ParseOptions(), trace: trace)), "\(trace.entries)")
    }
}

/// A feed whose channel has no place for its items.
private final class BareFeed: Bindable {
    var channel: BareChannel?
    init() {}
}

private final class BareChannel: Bindable {
    var title: String?
    init() {}
}
