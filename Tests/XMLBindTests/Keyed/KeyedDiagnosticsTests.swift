import Foundation
import Synchronization
import Testing
import XMLBind

/// Keyed members' problems, located at the member like a compiler's: unknown keys (with
/// "did you mean"), keys given twice, members without a key or a value, missing required
/// members; and lenient mode's skipping.
@Suite("Keyed members: diagnostics")
struct KeyedDiagnosticsTests {
    final class Server: Bindable {
        var host = ""
        var port = 0
        var tags: [String] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Server.self, element: "struct")
            .keyedMembers(element: "member", key: .child("name"), value: "value")
            .property(\.host).required()
            .property(\.port)
            .elements(\.tags, xml: "tag"))

    struct Case: CustomStringConvertible {
        let name: String
        let document: String
        let expected: String
        var description: String { name }
    }

    static let cases = [
        Case(
            name: "unknown key, with did you mean",
            document: """
                <struct>
                  <member><name>host</name><value>a</value></member>
                  <member><name>prot</name><value>80</value></member>
                </struct>
                """,
            expected: """
                s.xml:3:3: error: unknown member 'prot' in <struct>; did you mean 'port'?
                    3 |   <member><name>prot</name><value>80</value></member>
                      |   ^
                """),
        Case(
            name: "key given twice",
            document: """
                <struct>
                  <member><name>host</name><value>a</value></member>
                  <member><name>host</name><value>b</value></member>
                </struct>
                """,
            expected: """
                s.xml:3:3: error: member 'host' of <struct> is given more than once
                    3 |   <member><name>host</name><value>b</value></member>
                      |   ^
                s.xml:2:3: note: first given here
                    2 |   <member><name>host</name><value>a</value></member>
                      |   ^
                """),
        Case(
            name: "member without a key",
            document: """
                <struct>
                  <member><name>host</name><value>a</value></member>
                  <member></member>
                </struct>
                """,
            expected: """
                s.xml:3:3: error: <member> in <struct> has no key: its first child must be <name>
                    3 |   <member></member>
                      |   ^
                """),
        Case(
            name: "member without a value",
            document: """
                <struct>
                  <member><name>host</name></member>
                </struct>
                """,
            expected: """
                s.xml:1:1: error: <struct> is missing required property 'host' (member 'host')
                    1 | <struct>
                      | ^
                s.xml:2:3: error: member 'host' of <struct> has no <value>
                    2 |   <member><name>host</name></member>
                      |   ^
                """),
        Case(
            name: "missing required member",
            document: """
                <struct>
                  <member><name>port</name><value>80</value></member>
                </struct>
                """,
            expected: """
                s.xml:1:1: error: <struct> is missing required property 'host' (member 'host')
                    1 | <struct>
                      | ^
                """),
        Case(
            name: "value that does not convert",
            document: """
                <struct>
                  <member><name>host</name><value>a</value></member>
                  <member><name>port</name><value>eighty</value></member>
                </struct>
                """,
            expected: """
                s.xml:3:35: error: cannot convert "eighty" to Int for property 'port' of <struct>: not an integer
                    3 |   <member><name>port</name><value>eighty</value></member>
                      |                                   ^
                """),
        Case(
            name: "value before the key: skipped, then no value",
            document: """
                <struct>
                  <member><value>a</value><name>host</name></member>
                </struct>
                """,
            expected: """
                s.xml:1:1: error: <struct> is missing required property 'host' (member 'host')
                    1 | <struct>
                      | ^
                s.xml:2:3: error: member 'host' of <struct> has no <value>
                    2 |   <member><value>a</value><name>host</name></member>
                      |   ^
                s.xml:2:11: error: unexpected element <value> inside <member> in <struct>, which holds <name>
                    2 |   <member><value>a</value><name>host</name></member>
                      |           ^
                """),
    ]

    @Test(arguments: cases)
    func reportsAtTheMember(_ test: Case) {
        #expect {
            _ = try Self.binder.parse(test.document, as: Server.self, file: "s.xml")
        } throws: { error in
            let text = String(describing: error)
            if text != test.expected { print(text) }
            return text == test.expected
        }
    }

    /// Lenient mode ignores unknown content: an unknown member goes without a word.
    @Test func lenientModeSkipsUnknownMembersAndKeepsTheFirstOfTwo() throws {
        var lenient = Self.binder
        lenient.options = ParseOptions(mode: .lenient)
        let log = WarningLog()
        let server = try lenient.parse(
            """
            <struct>
              <member><name>host</name><value>a</value></member>
              <member><name>hots</name><value>b</value></member>
              <member><name>host</name><value>c</value></member>
              <member><name>tag</name><value>x</value></member>
              <member><name>tag</name><value>y</value></member>
            </struct>
            """, as: Server.self, file: "s.xml", warnings: log)
        #expect(server.host == "a")
        #expect(server.tags == ["x", "y"])
        #expect(
            log.warnings.map { "\($0.origin?.description ?? "") \($0.message)" } == [
                "s.xml:4:3 member 'host' of <struct> is given more than once; the first value is kept"
            ])
    }

    @Test func aCallbackPolicyReceivesUnknownMembers() throws {
        let seen = Mutex<[UnknownContent]>([])
        let binder = XMLBinder(
            options: ParseOptions(unknownContent: .callback { content in seen.withLock { $0.append(content) } })
        ).registeredAtSetup(
            mapping(Server.self, element: "struct")
                .keyedMembers(element: "entry", key: .attribute("key"))
                .property(\.host))
        let server = try binder.parse(
            #"<struct><entry key="host">a</entry><entry key="colour">blue</entry></struct>"#, as: Server.self)
        #expect(server.host == "a")
        #expect(seen.withLock { $0.map(\.name) } == ["colour"])
        #expect(seen.withLock { $0.map(\.parent) } == ["struct"])
    }
}
