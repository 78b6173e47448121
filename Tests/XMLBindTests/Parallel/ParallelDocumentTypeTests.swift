import Foundation
import Testing

@testable import XMLBind

/// Parallel binding of documents with a DOCTYPE (issue 35): one with only an external
/// subset (never read), or an internal subset that declares no entity and no attribute
/// list, is cut, each piece read after the same declarations; one whose internal subset
/// declares entities or attribute lists binds sequentially. Both ways give the same graph
/// and the same diagnostics.
@Suite("Parallel binding: document type declarations")
struct ParallelDocumentTypeTests {
    typealias M = ParallelModels
    typealias Case = ParallelBindingTests.Case

    static let corpus: [Case] = [
        Case(
            name: "an external subset only",
            document: #"<!DOCTYPE rss SYSTEM "rss.dtd">"# + "\n" + M.rssDocument(count: 60), isRSS: true),
        Case(
            name: "an external subset, an undeclared entity in a late piece",
            document: #"<?xml version="1.0"?>"# + "\n" + #"<!DOCTYPE rss PUBLIC "-//x//y" "a[b]>.dtd">"#
                + M.rssDocument(count: 60) { $0 == 50 ? "<title>&undeclared;</title>" : "" }, isRSS: true),
        Case(
            name: "an external subset, an undeclared entity in an attribute",
            document: #"<!DOCTYPE beans SYSTEM "beans.dtd">"#
                + M.beansDocument(count: 40)
                .replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: "")
                .replacingOccurrences(of: #"id="b33""#, with: #"id="&b;""#)),
        Case(
            name: "standalone, an external subset, an undeclared entity",
            document: #"<?xml version="1.0" standalone="yes"?>"# + "\n"
                + "<!DOCTYPE rss\n  SYSTEM 'rss.dtd'>\n"
                + M.rssDocument(count: 60) { $0 == 30 ? "<title>&undeclared;</title>" : "" }, isRSS: true),
        Case(
            name: "an internal subset of element declarations and a comment",
            document: """
                <!DOCTYPE rss [
                  <!ELEMENT rss (channel)>
                  <!-- no <!ENTITY here, only a comment -->
                  <?pi ]> ?>
                ]>
                """ + M.rssDocument(count: 60) { $0 == 40 ? "<title>&amp;&lt;</title>" : "" }, isRSS: true),
        Case(
            name: "an internal subset with an attribute list binds sequentially",
            document: """
                <!DOCTYPE rss [<!ATTLIST item count CDATA "7">]>
                """ + M.rssDocument(count: 60), isRSS: true, cuts: false),
        Case(
            name: "an internal subset with a parameter entity reference binds sequentially",
            document: "<!DOCTYPE rss [<!ELEMENT rss ANY> %p;]>" + M.rssDocument(count: 60), isRSS: true,
            cuts: false),
        Case(
            name: "a DOCTYPE refused by the limits",
            document: #"<!DOCTYPE rss SYSTEM "rss.dtd">"# + M.rssDocument(count: 60), isRSS: true,
            options: ParseOptions(limits: ParseLimits(allowsDoctype: false)), cuts: false),
    ]

    @Test(arguments: corpus)
    func bothWaysAgree(_ test: Case) {
        let (sequential, parallel, trace) = ParallelBindingTests.bindBothWays(test)
        #expect(sequential == parallel, "sequential:\n\(sequential)\nparallel:\n\(parallel)\ntrace: \(trace)")
        #expect(trace.count == 1)
        #if SafeMode
            #expect(trace.first?.decision == .sequential(.safeMode))
        #else
            if test.cuts {
                if case .sequential(let reason) = trace.first?.decision { Issue.record("sequential: \(reason)") }
            } else if case .parallel = trace.first?.decision {
                Issue.record("cut, but should not be")
            }
        #endif
    }

    @Test func theUndeclaredEntityIsReportedAsSkipped() {
        let (_, parallel, _) = ParallelBindingTests.bindBothWays(Self.corpus[1])
        #expect("\(parallel)".contains("could only come from the external DTD"))
    }

    final class Settings: Bindable {
        var timeout = 0
        var host = ""
        init() {}
    }

    /// Java's properties XML: a DOCTYPE with an external subset, and entries that are keyed
    /// members of the root, whose object a piece does not have: bound sequentially.
    @Test func keyedMembersBindSequentially() throws {
        var entries = ""
        for index in 0..<40 { entries += "  <entry key=\"timeout\">\(index)</entry>\n" }
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">
            <properties>
            \(entries)  <entry key="host">db</entry>
            </properties>
            """
        func binder(_ options: ParseOptions) -> XMLBinder {
            XMLBinder(options: options).registeredAtSetup(
                mapping(Settings.self, element: "properties")
                    .keyedMembers(element: "entry", key: .attribute("key"))
                    .property(\.timeout)
                    .property(\.host))
        }
        func outcome(_ options: ParseOptions) -> String {
            do {
                let settings = try binder(options).parse(document, as: Settings.self)
                return "\(settings.timeout) \(settings.host)"
            } catch {
                return "\(error)"
            }
        }
        let trace = ParallelTrace()
        var options = M.parallel(ParseOptions(mode: .lenient))
        options.parallelTrace = trace
        let sequential = outcome(ParseOptions(mode: .lenient))
        #expect(sequential == outcome(options))
        #if !SafeMode
            #expect(trace.entries.first?.decision == .sequential(.container("its mapping reads keyed members")))
        #endif
    }
}
