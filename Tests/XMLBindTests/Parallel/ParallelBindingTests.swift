import Foundation
import Testing

@testable import XMLBind

/// Parallel binding (issue 35): every document of the corpus is bound sequentially and in
/// pieces, and the two give the same graph, the same origins and the same diagnostics;
/// the trace says which documents were cut, and why the others were not.
@Suite("Parallel binding: the same as sequential")
struct ParallelBindingTests {
    typealias M = ParallelModels

    /// What one parse gave: the graph's text, or the error's.
    enum Outcome: Equatable, CustomStringConvertible {
        case graph(String)
        case error(String)

        var description: String {
            switch self {
            case .graph(let text): "graph:\n\(text)"
            case .error(let text): "error:\n\(text)"
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        var isRSS = false
        var options = ParseOptions()
        /// Whether the parallel parse should cut the document (no sequential reason).
        var cuts = true
        var testDescription: String { name }
    }

    static func beans(_ options: ParseOptions, _ text: String) -> Outcome {
        do {
            let beans = try M.beansBinder(options).parse(Data(text.utf8), as: M.Beans.self, file: "beans.xml")
            return .graph(M.text(beans))
        } catch {
            return .error("\(error)")
        }
    }

    static func rss(_ options: ParseOptions, _ text: String) -> Outcome {
        do {
            let rss = try M.rssBinder(options).parse(Data(text.utf8), as: M.RSS.self, file: "feed.xml")
            return .graph(M.text(rss))
        } catch {
            return .error("\(error)")
        }
    }

    /// Binds a case both ways; returns both outcomes and the parallel parse's trace.
    static func bindBothWays(_ test: Case, threads: Int = 2) -> (Outcome, Outcome, [ParallelTrace.Entry]) {
        let trace = ParallelTrace()
        var parallel = M.parallel(test.options, threads: threads)
        parallel.parallelTrace = trace
        let bind = test.isRSS ? rss : beans
        return (bind(test.options, test.document), bind(parallel, test.document), trace.entries)
    }

    static let corpus: [Case] = {
        var cases: [Case] = []
        cases.append(Case(name: "beans", document: M.beansDocument(count: 60)))
        cases.append(Case(name: "rss", document: M.rssDocument(count: 80), isRSS: true))
        cases.append(Case(name: "rss on one line", document: M.rssDocument(count: 80, oneLine: true), isRSS: true))
        cases.append(
            Case(
                name: "beans with a UTF-8 byte order mark",
                document: "\u{FEFF}" + M.beansDocument(count: 40)))
        cases.append(
            Case(
                name: "namespaces declared on the root, used by a piece",
                document: M.beansDocument(count: 40, declarations: #" xmlns:p="urn:p""#) {
                    $0 == 30 ? #"<p:unknown p:a="1"/>"# : ""
                }, cuts: true))
        cases.append(
            Case(
                name: "an unknown element late, strict",
                document: M.beansDocument(count: 50) { $0 == 45 ? "<unknown/>" : "" }))
        cases.append(
            Case(
                name: "unknown elements early and late, lenient",
                document: M.beansDocument(count: 50) { $0 == 2 || $0 == 47 ? "<unknown>x</unknown>" : "" },
                options: ParseOptions(mode: .lenient)))
        cases.append(
            Case(
                name: "a conversion error in a piece",
                document: M.rssDocument(count: 60) { $0 == 33 ? "<count>many</count>" : "" }, isRSS: true))
        cases.append(
            Case(
                name: "a malformed piece late in the document",
                document: M.rssDocument(count: 60) { $0 == 55 ? "<link>x</title>" : "" }, isRSS: true))
        cases.append(
            Case(
                name: "a malformed piece early, errors after it",
                document: M.rssDocument(count: 60) {
                    $0 == 3 ? "<a></b>" : ($0 == 40 ? "<count>x</count>" : "")
                }, isRSS: true))
        cases.append(
            Case(
                name: "errors in many pieces, stop at the first",
                document: M.rssDocument(count: 60) { $0 % 9 == 4 ? "<count>x</count>" : "" }, isRSS: true,
                options: ParseOptions(stopsAtFirstError: true)))
        cases.append(
            Case(
                name: "more diagnostics than kept",
                document: M.rssDocument(count: 60) { $0 % 3 == 0 ? "<count>x</count>" : "" }, isRSS: true,
                options: ParseOptions(maximumDiagnostics: 7)))
        var shallow = ParseOptions()
        shallow.limits.maximumDepth = 4
        cases.append(
            Case(
                name: "the depth limit crossed in a piece",
                document: M.rssDocument(count: 60) { $0 == 50 ? "<x><y/></x>" : "" }, isRSS: true,
                options: shallow))
        var longText = ParseOptions()
        longText.limits.maximumTextLength = 40
        cases.append(
            Case(
                name: "the text limit crossed in a piece",
                document: M.rssDocument(count: 60) {
                    $0 == 20 ? "<title>\(String(repeating: "t", count: 50))</title>" : ""
                },
                isRSS: true, options: longText))
        cases.append(
            Case(
                name: "an entity bomb in the DOCTYPE binds sequentially",
                document: """
                    <?xml version="1.0"?>
                    <!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
                    """ + M.rssDocument(count: 60) { $0 == 10 ? "<title>&b;&b;&b;</title>" : "" },
                isRSS: true, cuts: false))
        cases.append(
            Case(
                name: "a document in ISO-8859-1 binds sequentially",
                document: #"<?xml version="1.0" encoding="ISO-8859-1"?>"# + "\n" + M.rssDocument(count: 60),
                isRSS: true, cuts: false))
        cases.append(
            Case(
                name: "a document without repeated elements binds sequentially",
                document: #"<rss><channel><title>t</title></channel></rss>"#, isRSS: true, cuts: false))
        cases.append(
            Case(
                name: "the container's end tag missing",
                document: String(M.rssDocument(count: 60).dropLast(17)), isRSS: true, cuts: false))
        cases.append(
            Case(
                name: "beans nested in properties, not cut at",
                document: M.beansDocument(count: 60) {
                    "\n    <property name=\"inner\">\n      <bean id=\"n\($0)\" class=\"Inner\"/>\n    </property>"
                }, options: ParseOptions(mode: .lenient)))
        cases.append(
            Case(
                name: "items commented out, where a cut may fall",
                document: M.rssDocument(count: 60) {
                    $0 == 30
                        ? "<!--" + String(repeating: "</item>\n  <item><title>fake</title>", count: 40) + "-->" : ""
                }, isRSS: true))
        cases.append(
            Case(
                name: "items in a CDATA section, where a cut may fall",
                document: M.rssDocument(count: 60) {
                    $0 == 20
                        ? "<title><![CDATA[" + String(repeating: "</item>\n  <item>x", count: 40) + "]]></title>" : ""
                }, isRSS: true))
        cases.append(
            Case(
                name: "CR LF line breaks",
                document: M.rssDocument(count: 60).replacingOccurrences(of: "\n", with: "\r\n"), isRSS: true))
        return cases
    }()

    @Test(arguments: corpus)
    func bothWaysAgree(_ test: Case) {
        let (sequential, parallel, trace) = Self.bindBothWays(test)
        #expect(sequential == parallel, "sequential:\n\(sequential)\nparallel:\n\(parallel)\ntrace: \(trace)")
        #expect(trace.count == 1)
        if test.cuts {
            #if SafeMode
                // That build places children into their parent's object: it never cuts.
                #expect(trace.first?.decision == .sequential(.safeMode))
            #else
                if case .sequential(let reason) = trace.first?.decision {
                    Issue.record("bound sequentially: \(reason)")
                }
            #endif
        } else {
            if case .parallel = trace.first?.decision { Issue.record("cut, but should not be") }
        }
    }

    @Test(arguments: [1, 2, 3])
    func threadCountsAgree(_ threads: Int) {
        let test = Case(name: "rss", document: M.rssDocument(count: 120), isRSS: true)
        let (sequential, parallel, trace) = Self.bindBothWays(test, threads: threads)
        #expect(sequential == parallel)
        #if SafeMode
            #expect(trace.first?.decision == .sequential(.safeMode))
        #else
            guard case .parallel(let pieces, let used, let element, let depth) = trace.first?.decision else {
                Issue.record("not parallel: \(trace)")
                return
            }
            #expect(pieces > 1)
            #expect(used == threads)
            #expect(element == "item")
            #expect(depth == 3)
        #endif
    }

    @Test func aSmallDocumentBindsSequentially() throws {
        var options = ParseOptions()
        options.parallelism = .automatic
        let trace = ParallelTrace()
        options.parallelTrace = trace
        _ = try M.rssBinder(options).parse(M.rssDocument(count: 3), as: M.RSS.self)
        guard case .sequential(.belowMinimumSize) = trace.entries.first?.decision else {
            Issue.record("\(trace.entries)")
            return
        }
    }
}
