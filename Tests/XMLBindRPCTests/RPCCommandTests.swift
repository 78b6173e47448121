import Foundation
import Testing
import XMLBindTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `xmlbind rpc` and `xmlbind rpc serve`, run as the built binary.
@Suite("xmlbind rpc")
struct RPCCommandTests {
    static var tool: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("xmlbind")
    }

    typealias Run = ProcessRun

    /// Runs the tool to its end on a thread of its own.
    static func run(_ arguments: [String]) async throws -> Run {
        try await ProcessRun.run(tool, arguments)
    }

    /// Starts `xmlbind rpc serve --port 0`, reads the URL it prints, and stops it by PID with
    /// `SIGINT` (Ctrl-C).
    static func withDemoServer(_ body: (String) async throws -> Void) async throws {
        let server = try await PeerProcess.start(tool, ["rpc", "serve", "--port", "0"], capturesErrors: false)
        defer { server.stop(with: SIGINT) }
        let firstLine = server.firstLine
        let url = try #require(firstLine.split(separator: " ").first { $0.hasPrefix("http://") })
        #expect(firstLine == "serving XML-RPC at \(url) (Ctrl-C stops)")
        try await body(String(url))
    }

    @Test func callsPrintTheResultAsATree() async throws {
        try await Self.withDemoServer { url in
            let add = try await Self.run(["rpc", url, "demo.add", "2", "40"])
            #expect(add.status == 0)
            #expect(add.stdout == "int 42\n")
            let echo = try await Self.run([
                "rpc", url, "echo", #"{"name": "Ann", "tags": ["a", 1, 2.5, true, null], "when": "x"}"#,
            ])
            #expect(
                echo.stdout == """
                    struct (3)
                      name: string "Ann"
                      tags: array (5)
                        [0] string "a"
                        [1] int 1
                        [2] double 2.5
                        [3] boolean true
                        [4] nil
                      when: string "x"

                    """)
            let forms = try await Self.run(["rpc", url, "demo.stats", "[1, 2.5, 3e0]"])
            #expect(
                forms.stdout == "struct (3)\n  count: int 3\n  sum: double 6.5\n  mean: double 2.1666666666666665\n")
        }
    }

    @Test(arguments: [
        ("42", "int 42"), ("4294967296", "i8 4294967296"), ("2.5", "double 2.5"), ("true", "boolean true"),
        ("null", "nil"), ("\"42\"", "string \"42\""), ("hello world", "string \"hello world\""),
        ("20240501T12:00:00", "dateTime.iso8601 20240501T12:00:00"),
        ("2024-05-01T14:00:00+02:00", "dateTime.iso8601 20240501T12:00:00"), ("base64:AAEC", "base64 (3 bytes) AAEC"),
    ])
    func argumentsAreTypedByTheirForm(argument: String, printed: String) async throws {
        try await Self.withDemoServer { url in
            let result = try await Self.run(["rpc", url, "echo", argument])
            #expect(result.status == 0)
            #expect(result.stdout == printed + "\n")
        }
    }

    @Test func faultsAreDiagnosticsWithStatus1() async throws {
        try await Self.withDemoServer { url in
            let fault = try await Self.run(["rpc", url, "demo.fail", "4", "Too many parameters."])
            #expect(fault.status == 1)
            #expect(fault.stdout == "")
            #expect(fault.stderr == "\(url): error: fault 4: Too many parameters.\n")
            let unknown = try await Self.run(["rpc", url, "nope"])
            #expect(unknown.stderr == "\(url): error: fault -32601: method 'nope' is not registered\n")
        }
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        let json = try await Self.run(["rpc", "http://127.0.0.1:9/RPC2", "echo", "[1, 2"])
        #expect(json.status == 2)
        #expect(json.stderr == "xmlbind: error: '[1, 2' looks like JSON but is not valid JSON\n")
        let missing = try await Self.run(["rpc", "http://127.0.0.1:9/RPC2"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "xmlbind: error: 'rpc' takes URL METHOD [ARG...], or serve [--port N]\n"
                + "Run 'xmlbind rpc --help' for usage.\n")
        let help = try await Self.run(["rpc", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: xmlbind rpc URL METHOD [ARG...]\n"))
    }
}
