import Foundation
import Testing
import XMLBindRPC
import XMLBindRPCServer

/// Python's `xmlrpc.client` against our `XMLRPCServer`, the validator1 suite included.
@Suite("Interop: Python's xmlrpc.client against XMLRPCServer")
struct PythonClientInteropTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var checks: [String]
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "types",
            checks: [
                "i4 max", "i4 min", "empty", "whitespace", "special", "non-ASCII", "doubles", "booleans", "dateTime",
                "bytes", "empty bytes", "none", "empty list", "empty dict", "nested", "carriage return from us",
                "i8 from us", "add", "gzipped request and response", "response was gzipped",
            ]),
        Scenario(
            name: "faults",
            checks: ["thrown fault", "unknown method", "wrong count", "wrong type", "other error", "fault string"]),
        Scenario(name: "multicall", checks: ["first", "second", "third"]),
        Scenario(name: "introspection", checks: ["lists validator1", "help", "typed signature", "raw signature"]),
        Scenario(
            name: "validator1",
            checks: [
                "arrayOfStructsTest", "countTheEntities", "easyStructTest", "echoStructTest", "manyTypesTest",
                "moderateSizeArrayCheck", "nestedStructTest", "simpleStructReturnTest",
            ]),
        Scenario(name: "concurrent", checks: ["four slow calls run at once"]),
        Scenario(
            name: "hostile", checks: ["billion laughs", "deep nesting", "not XML", "not XML-RPC", "still serving"]),
    ]

    struct Check: Decodable {
        var check: String
        var ok: Bool
        var got: String
    }

    @Test(arguments: scenarios)
    func pythonClient(_ scenario: Scenario) async throws {
        let server = XMLRPCServer(dispatcher: TestServices.dispatcher())
        try server.start()
        defer { server.stop() }
        let url = try #require(server.url)
        let (status, output) = try await PythonPeer.run("python_client.py", [url.absoluteString, scenario.name])
        #expect(status == 0, "python3 failed; its output:\n\(output)")
        let checks = try output.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try JSONDecoder().decode(Check.self, from: Data($0.utf8))
        }
        #expect(checks.map(\.check) == scenario.checks)
        for check in checks {
            #expect(check.ok, "\(check.check): Python got \(check.got)")
        }
    }
}
