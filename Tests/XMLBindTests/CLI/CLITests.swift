import Foundation
import Testing
import XMLBindTestSupport

/// The `xmlbind` tool, run as a built binary: output and exit status.
@Suite struct CLITests {
    typealias Run = ProcessRun

    /// The built `xmlbind`, next to this test bundle's resources in the build folder.
    static var binary: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("xmlbind")
    }

    func run(_ arguments: [String], stdin: String? = nil) async throws -> Run {
        try await ProcessRun.run(Self.binary, arguments, input: stdin)
    }

    func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test func binaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run `swift build` first")
    }

    @Test func demoPrintsTheGraphWithOriginsTheRoundTripAndTheBrokenCopysDiagnostic() async throws {
        let result = try await run(["demo"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for expected in [
            "3:1     Beans in http://www.springframework.org/schema/beans",
            "8:5       Define db.poolSize: int = \"16\"",
            "11:5      Bean dataSource: com.example.db.Pool, singleton, init-method=start",
            "14:9        Property timeout = \"30\" (text)",
            "18:9        Property dataSource -> dataSource",
            "20:13         Bean (anonymous): com.example.cache.LRUCache, prototype",
            "21:17           Property capacity = \"1024\"",
        ] {
            #expect(lines.contains(expected), "missing line: \(expected)")
        }
        // The round trip: written back pretty-printed, read again.
        #expect(
            result.stdout.contains(
                """
                Written back with the same mappings (pretty-printed, defaults omitted):

                <beans xmlns="http://www.springframework.org/schema/beans" \
                xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
                xmlns:configuration="http://www.example.com/schema/configuration" \
                xsi:schemaLocation="http://www.springframework.org/schema/beans beans.xsd">
                  <bean id="dataSource" class="com.example.db.Pool" init-method="start">
                    <property name="url" value="jdbc:postgresql://localhost/app"/>
                    <property name="maxConnections" value="16"/>
                    <property name="timeout">30</property>
                  </bean>
                  <bean id="userService" class="com.example.UserService" lazy="true">
                    <property name="dataSource" ref="dataSource"/>
                    <property name="cache"><bean class="com.example.cache.LRUCache" scope="prototype">\
                <property name="capacity" value="1024"/></bean></property>
                  </bean>
                  <configuration:define namespace="db" key="poolSize" type="int" value="16"/>
                  <configuration:define namespace="db" key="url" type="string" value="jdbc:postgresql://localhost/app"/>
                </beans>

                Read back: the same graph.

                """))
        #expect(
            result.stdout.hasSuffix(
                """
                reports every mistake in one run:

                beans-broken.xml:6:68: error: unknown attribute 'vlaue' on <configuration:define>; did you mean 'value'?
                    6 |     <configuration:define namespace="db" key="poolSize" type="int" vlaue="16"/>
                      |                                                                    ^~~~~
                      |                                                                    value
                beans-broken.xml:8:62: error: cannot convert "singelton" to Scope for property 'scope' of <bean>: \
                not a valid Scope value; expected one of: singleton, prototype; did you mean 'singleton'?
                    8 |     <bean id="dataSource" class="com.example.db.Pool" scope="singelton" lazy="yes">
                      |                                                              ^~~~~~~~~
                      |                                                              singleton
                beans-broken.xml:8:79: error: cannot convert "yes" to Bool for property 'lazy' of <bean>: \
                expected true, false, 1 or 0
                    8 |     <bean id="dataSource" class="com.example.db.Pool" scope="singelton" lazy="yes">
                      |                                                                               ^
                beans-broken.xml:10:9: error: unknown element <proprety> inside <bean>; did you mean 'property'?
                   10 |         <proprety name="timeout">30</proprety>
                      |         ^~~~~~~~~
                      |          property

                """))
    }

    /// The demo prints its mapping code first, and every line of it is in the demo's source.
    @Test func demoShowsTheMappingCodeItRuns() async throws {
        let result = try await run(["demo"])
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../Sources/xmlbind/DemoModel.swift").standardized,
            encoding: .utf8)
        let shown = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.hasPrefix("Bound beans.xml") }
        #expect(
            shown.first
                == "The mappings (from Sources/xmlbind/DemoModel.swift; <beans> and <configuration:define> likewise):")
        let code = shown.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(code.count == 12)
        #expect(code.first == "mapping(Bean.self, element: \"bean\")")
        for line in code {
            #expect(source.contains(line), "not in DemoModel.swift: \(line)")
        }
    }

    @Test func checkColorsOnlyWhenAskedForByATerminal() async throws {
        // Standard error is a pipe here, so no colors even without NO_COLOR.
        let bad = try temporaryFile("bad.xml", "<a>")
        let result = try await run(["check", bad.path])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}["))
    }

    @Test func checkAcceptsWellFormedFilesSilently() async throws {
        let good = try temporaryFile("good.xml", "<?xml version='1.0'?>\n<a><b x='1'/>text<!-- c --></a>\n")
        let result = try await run(["check", good.path])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func checkReportsEachProblemAndFails() async throws {
        let good = try temporaryFile("good.xml", "<a/>")
        let bad = try temporaryFile("bad.xml", "<a>\n  <b>\n</a>\n")
        let result = try await run(["check", bad.path, good.path])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                \(bad.path):3:3: error: mismatched end tag: expected </b> to close <b>, found </a>
                    3 | </a>
                      |   ^
                fix-it: insert '</b>' at the end of the line <b> opened on
                \(bad.path):2:3: note: <b> opened here
                    2 |   <b>
                      |   ^

                """)
    }

    @Test func checkReportsMissingFiles() async throws {
        let result = try await run(["check", "/nonexistent/missing.xml"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "/nonexistent/missing.xml: error: cannot open '/nonexistent/missing.xml': No such file or directory\n"
        )
    }

    @Test func checkReadsStandardInput() async throws {
        let result = try await run(["check", "-"], stdin: "<a>&undefined;</a>")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                <stdin>:1:4: error: undefined entity
                    1 | <a>&undefined;</a>
                      |    ^

                """)
    }

    @Test func helpPrintsUsage() async throws {
        for flag in ["--help", "-h", "help"] {
            let result = try await run([flag])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("USAGE: xmlbind <command> [arguments]"))
            #expect(result.stdout.contains("check FILE..."))
            #expect(result.stderr == "")
        }
    }

    /// Every command has its own help page, as `COMMAND --help`, `COMMAND -h` and `help COMMAND`.
    @Test(arguments: ["demo", "check", "help"])
    func everyCommandHasHelp(command: String) async throws {
        for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.hasPrefix("USAGE: xmlbind \(command)"), "\(arguments)")
            #expect(result.stderr == "")
        }
    }

    @Test func checkHelpPrintsHelpInsteadOfOpeningAFile() async throws {
        let result = try await run(["check", "--help"])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "USAGE: xmlbind check [--format text|json|sarif] [--fix [--dry-run]] [--] FILE...\n"))
        #expect(result.stdout.contains("'-' reads standard input"))
        // After `--`, `--help` is a file name.
        let file = try await run(["check", "--", "--help"])
        #expect(file.status == 1)
        #expect(
            file.stderr
                == "--help: error: cannot open '\(FileManager.default.currentDirectoryPath)/--help': No such file or directory\n"
        )
    }

    @Test func versionPrintsTheVersion() async throws {
        let result = try await run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "xmlbind 0.1.0\n")
    }

    @Test func usageErrorsExitWithTwo() async throws {
        let unknown = try await run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "xmlbind: error: unknown command 'frobnicate'\nRun 'xmlbind --help' for usage.\n")
        let option = try await run(["--frobnicate"])
        #expect(option.stderr == "xmlbind: error: unknown option '--frobnicate'\nRun 'xmlbind --help' for usage.\n")
        let noFiles = try await run(["check"])
        #expect(noFiles.status == 2)
        #expect(
            noFiles.stderr == "xmlbind: error: 'check' needs at least one FILE\nRun 'xmlbind check --help' for usage.\n"
        )
        let badOption = try await run(["check", "-x", "a.xml"])
        #expect(badOption.status == 2)
        #expect(
            badOption.stderr
                == "xmlbind: error: unknown option '-x' for 'check'\nRun 'xmlbind check --help' for usage.\n")
        let demoArguments = try await run(["demo", "extra"])
        #expect(demoArguments.status == 2)
        #expect(demoArguments.stderr.hasPrefix("xmlbind: error: 'demo' takes no arguments\n"))
        let unknownHelp = try await run(["help", "frobnicate"])
        #expect(unknownHelp.status == 2)
        let nothing = try await run([])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("USAGE: xmlbind"))
    }
}
