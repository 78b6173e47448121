import Foundation
import Testing

@testable import XMLBind

/// A streamed object is handed over and never attached to its parent, so the parent's
/// mapping needs no place for it (the Streaming article's promise): in strict mode too, and
/// in parallel too.
@Suite("Streaming: streamed objects need no place in their parent")
struct StreamPlacementTests {
    final class Catalog: Bindable {
        var title: String?
        init() {}
    }

    final class Entry: Bindable, OriginAware {
        var id: String?
        var origin: Origin?
        init() {}
    }

    /// `Catalog` declares no children: an `<entry>` has no place in it.
    static func binder(_ options: ParseOptions) -> XMLBinder {
        XMLBinder(options: options).registeredAtSetup(
            mapping(Catalog.self, element: "catalog").property(\.title),
            mapping(Entry.self, element: "entry").attribute(\.id))
    }

    static func document(entries: Int) -> String {
        "<catalog>\n  <title>T</title>\n"
            + (1...entries).map { "  <entry id=\"e\($0)\"/>\n" }.joined() + "</catalog>\n"
    }

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var options: ParseOptions
        /// Whether the stream must have been bound in pieces (the trace says how it was bound).
        var inPieces = false
    }

    /// Strict and lenient, sequential and in pieces of about 400 bytes on two threads.
    static let cases: [Case] = [ParseOptions(), ParseOptions(mode: .lenient)].flatMap { options in
        var parallel = ParallelModels.parallel(options)
        parallel.parallelism.streamPieceSize = 400
        return [
            Case(description: "\(options.mode)", options: options),
            Case(description: "\(options.mode), in pieces", options: parallel, inPieces: true),
        ]
    }

    @Test(arguments: cases)
    func everyEntryIsStreamedWithoutAnError(_ test: Case) throws {
        let document = Self.document(entries: 300)
        var ids: [String] = []
        let log = WarningLog()
        var options = test.options
        let trace = ParallelTrace()
        options.parallelTrace = trace
        try Self.binder(options).stream(document, as: Entry.self, file: "c.xml", warnings: log) { entry in
            ids.append("\(entry.id ?? "-")@\(entry.origin?.line ?? 0)")
            return .continue
        }
        #expect(ids == (1...300).map { "e\($0)@\($0 + 2)" })
        #expect(log.warnings.isEmpty, "\(log.warnings)")
        if test.inPieces {
            #if SafeMode
                // The SafeMode build binds sequentially, and its trace says why.
                #expect(trace.entries.first?.decision == .sequential(.safeMode))
            #else
                guard case .parallel = trace.entries.first?.decision else {
                    Issue.record("not bound in pieces: \(trace.entries)")
                    return
                }
            #endif
        }
    }

    /// A whole-document parse still refuses the same document: there the entries would be lost.
    @Test func aWholeDocumentParseStillRefusesAnUnplacedChild() {
        #expect {
            _ = try Self.binder(ParseOptions()).parse(Self.document(entries: 1), as: Catalog.self, file: "c.xml")
        } throws: { error in
            String(describing: error).hasPrefix(
                "c.xml:3:3: error: <entry> cannot be placed in its parent <catalog>: Catalog declares no children "
                    + "and is not an Ancestor")
        }
    }
}

extension StreamPlacementTests {
    @Test(arguments: StreamInput.allCases)
    func everyInputStreamsEntriesWithoutAPlace(_ input: StreamInput) async throws {
        let entries = try await input.stream(
            Self.document(entries: 40), as: Entry.self, binder: Self.binder(ParseOptions()), file: "c.xml")
        #expect(entries.map(\.id) == (1...40).map { "e\($0)" })
    }
}

extension StreamPlacementTests {
    final class BareFeed: Bindable {
        var channel: BareChannel?
        init() {}
    }

    final class BareChannel: Bindable {
        var title: String?
        init() {}
    }

    /// The case that looked like a refusal last session: RSS items two levels down, whose
    /// channel has no place for them. They stream, sequentially and in pieces; what ended that
    /// stream with nothing handed out was the unmapped `version` attribute of `<rss>`, an error
    /// before the first item, after which a strict stream withholds every object.
    @Test(arguments: cases)
    func itemsOfAChannelWithoutAPlaceStream(_ test: Case) throws {
        let binder = XMLBinder(options: test.options).registeredAtSetup(
            mapping(BareFeed.self, element: "rss").child(\.channel),
            mapping(BareChannel.self, element: "channel").element(\.title),
            mapping(ParallelModels.Item.self, element: "item").element(\.title).element(\.link).element(\.count))
        let document = ParallelModels.rssDocument(count: 150) { _ in "" }
        func stream(_ document: String) -> [String] {
            var seen: [String] = []
            do {
                try binder.stream(document, as: ParallelModels.Item.self) {
                    seen.append("\($0.count)")
                    return .continue
                }
            } catch {
                seen.append("\(error)")
            }
            return seen
        }
        let unversioned = document.replacingOccurrences(of: "<rss version=\"2.0\">", with: "<rss>")
        #expect(stream(unversioned) == (0..<150).map { "\($0)" })
        let versioned = stream(document)
        if test.options.mode == .strict {
            #expect(versioned.count == 1 && versioned[0].hasPrefix("<input>:1:6: error: unknown attribute 'version'"))
        } else {
            #expect(versioned == (0..<150).map { "\($0)" })
        }
    }
}
