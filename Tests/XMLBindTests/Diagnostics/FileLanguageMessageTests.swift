import Foundation
import Testing
import XMLBind

/// Messages name things as the file writes them: the XML name beside the Swift property,
/// the valid values of an enum with the close one, a defined variable for a mistyped one.
@Suite struct FileLanguageMessageTests {
    enum Scheme: String, CaseIterable {
        case http, https
    }

    enum Level: String {
        case low, high
    }

    final class Server: Bindable {
        var proto: Scheme = .http
        var level: Level = .low
        var retries = 0
        var admin: String?
    }

    static let binder = XMLBinder(
        options: ParseOptions(substitution: VariableSubstitution(variables: ["ADMIN_EMAIL": "ops@example.com"]))
    ).registeredAtSetup(
        mapping(Server.self, element: "server")
            .attribute(\.proto, xml: "protocol")
            .attribute(\.level)
            .element(\.retries, xml: "retry-count")
            .attribute(\.admin))

    func printed(_ document: String) -> String? {
        bindError { _ = try Self.binder.parse(document, as: Server.self, file: "server.xml") }?.description
    }

    @Test func aCaseIterableEnumListsItsValuesAndSuggestsTheCloseOne() {
        #expect(
            printed(#"<server protocol="HTTPS"/>"#) == """
                server.xml:1:19: error: cannot convert "HTTPS" to Scheme for 'protocol' (property 'proto') of \
                <server>: not a valid Scheme value; expected one of: http, https; did you mean 'https'?
                    1 | <server protocol="HTTPS"/>
                      |                   ^~~~~
                      |                   https
                """)
        #expect(
            printed(#"<server protocol="htps"/>"#)?.hasSuffix(
                "expected one of: http, https; did you mean 'https'?\n    1 | <server protocol=\"htps\"/>\n"
                    + "      |                   ^~~~\n      |                   https") == true)
    }

    @Test func anEnumThatIsNotCaseIterableSaysOnlyThatTheValueIsInvalid() {
        #expect(
            printed(#"<server level="medium"/>"#) == """
                server.xml:1:16: error: cannot convert "medium" to Level for property 'level' of <server>: \
                not a valid Level value
                    1 | <server level="medium"/>
                      |                ^
                """)
    }

    @Test func anElementWithAnotherNameThanItsPropertyIsNamedAsWritten() {
        #expect(
            printed("<server>\n  <retry-count>three</retry-count>\n</server>") == """
                server.xml:2:16: error: cannot convert "three" to Int for 'retry-count' (property 'retries') of \
                <server>: not an integer
                    2 |   <retry-count>three</retry-count>
                      |                ^
                """)
        #expect(
            printed("<server><retry-count>1</retry-count><retry-count>2</retry-count></server>")?.hasPrefix(
                "server.xml:1:37: error: 'retry-count' (property 'retries') of <server> is given more than once")
                == true)
    }

    @Test func anUndefinedVariableSuggestsADefinedOne() {
        #expect(
            printed(#"<server admin="${ADMIN_MAIL}"/>"#) == """
                server.xml:1:16: error: variable 'ADMIN_MAIL' is not set, in property 'admin' of <server>; \
                did you mean 'ADMIN_EMAIL'?
                    1 | <server admin="${ADMIN_MAIL}"/>
                      |                ^
                """)
    }
}
