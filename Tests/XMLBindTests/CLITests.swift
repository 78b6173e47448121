import Foundation
import Testing

/// The `xmlbind` tool, run as a built binary: output and exit status.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `xmlbind`, next to this test bundle's resources in the build folder.
    static var binary: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("xmlbind")
    }

    func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self))
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

    @Test func demoPrintsTheGraphWithOriginsTheRoundTripAndTheBrokenCopysDiagnostic() throws {
        let result = try run(["demo"])
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
        // The round trip: written back compact, read again.
        #expect(
            result.stdout.contains(
                """
                Written back with the same mappings (compact, defaults omitted):

                <beans xmlns="http://www.springframework.org/schema/beans" \
                xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
                xmlns:configuration="http://www.example.com/schema/configuration" \
                xsi:schemaLocation="http://www.springframework.org/schema/beans beans.xsd">\
                <bean id="dataSource" class="com.example.db.Pool" init-method="start">\
                <property name="url" value="jdbc:postgresql://localhost/app"/>\
                <property name="maxConnections" value="16"/><property name="timeout">30</property></bean>\
                <bean id="userService" class="com.example.UserService" lazy="true">\
                <property name="dataSource" ref="dataSource"/><property name="cache">\
                <bean class="com.example.cache.LRUCache" scope="prototype"><property name="capacity" value="1024"/>\
                </bean></property></bean>\
                <configuration:define namespace="db" key="poolSize" type="int" value="16"/>\
                <configuration:define namespace="db" key="url" type="string" value="jdbc:postgresql://localhost/app"/>\
                </beans>

                Read back: the same graph.

                """))
        #expect(
            result.stdout.hasSuffix(
                """
                reports every mistake in one run:

                beans-broken.xml:6:68: error: unknown attribute 'vlaue' on <configuration:define>; did you mean 'value'?
                    6 |     <configuration:define namespace="db" key="poolSize" type="int" vlaue="16"/>
                      |                                                                    ^
                beans-broken.xml:8:62: error: cannot convert "singelton" to Scope for property 'scope' of <bean>: \
                not a valid Scope value; expected one of: singleton, prototype
                    8 |     <bean id="dataSource" class="com.example.db.Pool" scope="singelton" lazy="yes">
                      |                                                              ^
                beans-broken.xml:8:79: error: cannot convert "yes" to Bool for property 'lazy' of <bean>: \
                expected true, false, 1 or 0
                    8 |     <bean id="dataSource" class="com.example.db.Pool" scope="singelton" lazy="yes">
                      |                                                                               ^
                beans-broken.xml:10:9: error: unknown element <proprety> inside <bean>; did you mean 'property'?
                   10 |         <proprety name="timeout">30</proprety>
                      |         ^

                """))
    }

    @Test func checkColorsOnlyWhenAskedForByATerminal() throws {
        // Standard error is a pipe here, so no colors even without NO_COLOR.
        let bad = try temporaryFile("bad.xml", "<a>")
        let result = try run(["check", bad.path])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}["))
    }

    @Test func checkAcceptsWellFormedFilesSilently() throws {
        let good = try temporaryFile("good.xml", "<?xml version='1.0'?>\n<a><b x='1'/>text<!-- c --></a>\n")
        let result = try run(["check", good.path])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func checkReportsEachProblemAndFails() throws {
        let good = try temporaryFile("good.xml", "<a/>")
        let bad = try temporaryFile("bad.xml", "<a>\n  <b>\n</a>\n")
        let result = try run(["check", bad.path, good.path])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                \(bad.path):3:3: error: mismatched tag
                    3 | </a>
                      |   ^

                """)
    }

    @Test func checkReportsMissingFiles() throws {
        let result = try run(["check", "/nonexistent/missing.xml"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "/nonexistent/missing.xml: error: cannot open '/nonexistent/missing.xml': No such file or directory\n"
        )
    }

    @Test func checkReadsStandardInput() throws {
        let result = try run(["check", "-"], stdin: "<a>&undefined;</a>")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                <stdin>:1:4: error: undefined entity
                    1 | <a>&undefined;</a>
                      |    ^

                """)
    }

    @Test func helpPrintsUsage() throws {
        for flag in ["--help", "-h", "help"] {
            let result = try run([flag])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("USAGE: xmlbind <command> [arguments]"))
            #expect(result.stdout.contains("check FILE..."))
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        let unknown = try run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("xmlbind: error: unknown command 'frobnicate'\n"))
        let noFiles = try run(["check"])
        #expect(noFiles.status == 2)
        #expect(noFiles.stderr.hasPrefix("xmlbind: error: wrong arguments for 'check'\n"))
        let nothing = try run([])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("USAGE: xmlbind"))
    }
}
