import Foundation
import Testing

@testable import XMLBind

/// `${NAME}` substitution: values, fallbacks, escapes, and errors at the `${`.
@Suite("${VAR} substitution")
struct SubstitutionTests {
    struct Config: Bindable {
        var url: String?
        var port = 0
        var motd: String?
    }

    static func binder(_ variables: [String: String], environment: Bool = false) -> XMLBinder {
        XMLBinder(
            options: ParseOptions(
                substitution: VariableSubstitution(variables: variables, usesEnvironment: environment))
        ).registeredAtSetup(
            mapping(Config.self, element: "config").attribute(\.url).property(\.port).element(\.motd))
    }

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var value: String
        var expected: String
    }

    static let variables = ["HOST": "db.local", "EMPTY": "", "NESTED": "${HOST}"]

    @Test(arguments: [
        Case(description: "plain variable", value: "jdbc://${HOST}/app", expected: "jdbc://db.local/app"),
        Case(description: "two variables", value: "${HOST}:${HOST}", expected: "db.local:db.local"),
        Case(description: "fallback unused", value: "${HOST:-other}", expected: "db.local"),
        Case(description: "fallback used", value: "${MISSING:-fallback}", expected: "fallback"),
        Case(description: "empty fallback", value: "[${MISSING:-}]", expected: "[]"),
        Case(description: "set but empty", value: "[${EMPTY:-x}]", expected: "[]"),
        Case(description: "nested fallback", value: "${MISSING:-${ALSO_MISSING:-${HOST}}}", expected: "db.local"),
        Case(description: "fallback with braces around", value: "{${MISSING:-a}}", expected: "{a}"),
        Case(description: "escape", value: "$${HOST}", expected: "${HOST}"),
        Case(description: "escape then variable", value: "$${A} ${HOST}", expected: "${A} db.local"),
        Case(description: "values are not substituted again", value: "${NESTED}", expected: "${HOST}"),
        Case(description: "lone dollar and brace", value: "$5 {x} $", expected: "$5 {x} $"),
        Case(description: "dotted names", value: "${db.url:-d}", expected: "d"),
    ])
    func substitutesAttributeValues(_ test: Case) throws {
        let config = try Self.binder(Self.variables).parse(
            "<config url=\"\(test.value)\"/>", as: Config.self)
        #expect(config.url == test.expected)
    }

    @Test func substitutesTextBeforeConversion() throws {
        let config = try Self.binder(["PORT": "5432"]).parse(
            "<config><port>${PORT}</port><motd>hi ${WHO:-all}</motd></config>", as: Config.self)
        #expect(config.port == 5432)
        #expect(config.motd == "hi all")
    }

    @Test func readsTheEnvironmentWhenAsked() throws {
        let home = try #require(ProcessInfo.processInfo.environment["PATH"])
        let config = try Self.binder([:], environment: true).parse(#"<config url="${PATH}"/>"#, as: Config.self)
        #expect(config.url == home)
        let explicitWins = try Self.binder(["PATH": "mine"], environment: true)
            .parse(#"<config url="${PATH}"/>"#, as: Config.self)
        #expect(explicitWins.url == "mine")
    }

    @Test func offByDefault() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Config.self, element: "config").attribute(\.url))
        #expect(try binder.parse(#"<config url="${HOST}"/>"#, as: Config.self).url == "${HOST}")
    }

    struct Failure: CustomStringConvertible, Sendable {
        var description: String
        var document: String
        var expected: String
    }

    @Test(arguments: [
        Failure(
            description: "unset variable in an attribute",
            document: #"<config url="x ${HOST} ${NOPE}"/>"#,
            expected: """
                f.xml:1:24: error: variable 'NOPE' is not set, in property 'url' of <config>
                    1 | <config url="x ${HOST} ${NOPE}"/>
                      |                        ^
                """),
        Failure(
            description: "missing closing brace",
            document: #"<config url="${HOST"/>"#,
            expected: """
                f.xml:1:14: error: '${' has no closing '}', in property 'url' of <config>
                    1 | <config url="${HOST"/>
                      |              ^
                """),
        Failure(
            description: "missing brace after a fallback",
            document: #"<config url="${A:-b"/>"#,
            expected: """
                f.xml:1:14: error: '${' has no closing '}', in property 'url' of <config>
                    1 | <config url="${A:-b"/>
                      |              ^
                """),
        Failure(
            description: "empty name",
            document: #"<config url="${}"/>"#,
            expected: """
                f.xml:1:14: error: '${' must be followed by a variable name, in property 'url' of <config>
                    1 | <config url="${}"/>
                      |              ^
                """),
        Failure(
            description: "escaped marker before the failing one",
            document: #"<config url="$${x} ${NOPE}"/>"#,
            expected: """
                f.xml:1:20: error: variable 'NOPE' is not set, in property 'url' of <config>
                    1 | <config url="$${x} ${NOPE}"/>
                      |                    ^
                """),
        Failure(
            description: "unset variable in text",
            document: "<config>\n  <motd>Hello ${WHO}</motd>\n</config>",
            expected: """
                f.xml:2:15: error: variable 'WHO' is not set, in property 'motd' of <config>
                    2 |   <motd>Hello ${WHO}</motd>
                      |               ^
                """),
        Failure(
            description: "substituted value that does not convert",
            document: "<config port=\"${NAME}\"/>",
            expected: """
                f.xml:1:15: error: cannot convert "abc" (from "${NAME}") to Int for property 'port' of <config>: \
                not an integer
                    1 | <config port="${NAME}"/>
                      |               ^
                """),
    ])
    func reportsProblemsAtTheReference(_ test: Failure) {
        #expect {
            _ = try Self.binder(["NAME": "abc", "HOST": "h"]).parse(test.document, as: Config.self, file: "f.xml")
        } throws: { error in
            #expect(String(describing: error) == test.expected)
            return true
        }
    }
}
