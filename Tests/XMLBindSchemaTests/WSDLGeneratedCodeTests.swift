import Foundation
import Testing
import XMLBindHTTP
import XMLBindSOAP
import XMLBindSOAPServer
import XMLBindSchema
import XMLBindTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Generates clients and services from WSDLs into a package of their own that depends on
/// this one, builds it with warnings as errors in Swift 6 mode, and runs them: against spyne
/// (the SOAP tests' peer), against our own service, and against each other.
@Suite("Code generated from WSDL")
struct WSDLGeneratedCodeTests {
    static let fixtures = WSDLReaderTests.fixtures

    @Test(
        "Generated clients pass every operation against spyne and our own service; generated services answer them",
        .timeLimit(.minutes(30)))
    func compilesAndRuns() async throws {
        let python = try await Self.peersPython()
        let spyne = try await PeerProcess.start(
            URL(fileURLWithPath: python),
            [TestPackage.root.appendingPathComponent("Tests/XMLBindSOAPTests/Peers/spyne_peer.py").path])
        defer { spyne.stop() }
        let own = HTTPServer(routes: ownService.routes(soap11Path: "/own/soap11", soap12Path: "/own/soap12"))
        try own.start()
        defer { own.stop() }
        let ownPort = try #require(own.port)

        let package = try ThrowawayPackage(
            name: "WSDLCheck",
            targets: [
                .init("WSDLCheck", products: ["XMLBind", "XMLBindSOAP", "XMLBindSOAPServer", "XMLBindHTTP"]),
                // The build-tool plugin generates from a target's own WSDL at build time.
                .init("WSDLPluginCheck", products: ["XMLBind", "XMLBindSOAP"], usesGeneratorPlugin: true),
            ], scratchFolder: "wsdl-check")
        let sources = try package.sources("WSDLCheck")
        let inputs = package.folder.appendingPathComponent("WSDL")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        // spyne's WSDLs as it serves them now: the fixtures are those, but for the port.
        for version in ["11", "12"] {
            let live = try await Self.get("http://127.0.0.1:\(spyne.firstLine)/soap\(version)?wsdl")
            let fixture = try String(
                contentsOf: Self.fixtures.appendingPathComponent("spyne-soap\(version).wsdl"), encoding: .utf8)
            #expect(
                live.replacingOccurrences(of: "127.0.0.1:\(spyne.firstLine)/", with: "127.0.0.1:40571/") == fixture,
                "spyne's WSDL changed: update Fixtures/WSDL/spyne-soap\(version).wsdl")
            try Data(live.utf8).write(to: inputs.appendingPathComponent("spyne\(version).wsdl"))
        }
        let ownWSDL = try await Self.get("http://127.0.0.1:\(ownPort)/own/soap11?wsdl")
        try Data(ownWSDL.utf8).write(to: inputs.appendingPathComponent("own.wsdl"))
        for (name, input) in [
            ("Spyne11", inputs.appendingPathComponent("spyne11.wsdl")),
            ("Spyne12", inputs.appendingPathComponent("spyne12.wsdl")),
            ("Own", inputs.appendingPathComponent("own.wsdl")),
            ("Geometry", Self.fixtures.appendingPathComponent("rpc.wsdl")),
            ("Quotes", Self.fixtures.appendingPathComponent("quotes.wsdl")),
        ] {
            let result = ModelGenerator(name: name, inputs: [input]).generate()
            #expect(!result.failed, "\(name): \(result.diagnostics)")
            try ModelGenerator.write(result.files, to: sources)
        }
        try package.addProgram(Self.program, to: "WSDLCheck")
        try package.addProgram(
            Self.pluginProgram, to: "WSDLPluginCheck", copying: [Self.fixtures.appendingPathComponent("rpc.wsdl")])

        let build = try await package.build()
        try #require(build.status == 0, "\(build.stdout)")

        let run = try await package.run("WSDLCheck", [spyne.firstLine, String(ownPort)])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == Self.expected, "\(run.stdout)")

        let plugin = try await package.run("WSDLPluginCheck", [])
        #expect(plugin.status == 0, "\(plugin.stdout)")
        #expect(plugin.stdout == "GeometryPort 1.2 http://localhost:8080/geometry\n")
    }

    /// What the program prints: each line checked by eye against what the peers do.
    static let expected: [String] = [
        "spyne SOAP 1.1",
        "add -5",
        #"echo Grüße, 世界 <&> "🎉""#,
        "echo nil",
        #"older Zoë (older) 2000-02-29 ["a", "b & c", "older"]"#,
        #"reverse ["z", "y", "x"]"#,
        "fail Sender Client.DivideByZero division by zero",
        "whoami hi zoe session-of-zoe",
        "note fault Sender note refused",
        "notes 2",
        "spyne SOAP 1.2",
        "add 42",
        "echo true",
        #"older Ann (older) 2000-01-01 ["older"]"#,
        "reverse []",
        "fail Receiver the server broke urn:peer",
        "whoami hello None session-of-None",
        "notes 3",
        "own SOAP 1.1 /own/soap11",
        "divide 3",
        "divide fault Sender division by zero 7 by hand",
        "echo hello",
        #"older Bo (older) ["older"]"#,
        "notify fault Sender notification refused",
        "own SOAP 1.2 /own/soap12",
        "divide 3",
        "divide fault Sender division by zero 7 by hand",
        "echo hello",
        #"older Bo (older) ["older"]"#,
        "notify fault Sender notification refused",
        "generated SOAP 1.1",
        "divide 3",
        "divide fault Sender cannot divide by zero 9 generated",
        "echo cba",
        #"older Cy (generated) ["t", "generated"]"#,
        "notify fault Sender refused by generated",
        "generated SOAP 1.2",
        "divide 3",
        "divide fault Sender cannot divide by zero 9 generated",
        "echo cba",
        #"older Cy (generated) ["t", "generated"]"#,
        "notify fault Sender refused by generated",
        "rpc SOAP 1.2",
        "distance 5.0",
        "scale 4.5 -6.0",
        "log fault Sender an empty line",
        #"ports ["QuoteService/QuoteSoap11Port", "QuoteService/QuoteSoap12Port", "QuoteBackup/QuoteSoap11Port"] ["AdminPort"]"#,
        "default http://localhost:8080/quotes/soap11 SOAP 1.2",
        "served actions urn:example:quotes#getQuote urn:example:quotes#audit urn:example:quotes#getQuote12 "
            + "urn:example:quotes#audit",
        "quotes SOAP 1.1",
        "getQuote 6.0 session-of-ann",
        "getQuote fault Sender no valid Auth header",
        "audit fault Sender audit refused",
        "quotes SOAP 1.2",
        "getQuote 6.0 session-of-ann",
        "getQuote fault Sender no valid Auth header",
        "audit fault Sender audit refused",
        "ping header fault Sender not authorised no Auth header 1",
        "ping header fault Sender not authorised a bad token 1",
        "ping 4 sold ACME untraced",
    ]

    /// The venv's python, made by scripts/soap-peers.sh when missing.
    static func peersPython() async throws -> String {
        let peers = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [TestPackage.root.appendingPathComponent("scripts/soap-peers.sh").path])
        try #require(peers.status == 0, "scripts/soap-peers.sh failed: \(peers.stderr)")
        return peers.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func get(_ address: String) async throws -> String {
        let url = try #require(URL(string: address))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return String(decoding: data, as: UTF8.self)
    }

    /// Lists the ports of the client the plugin generated at build time.
    static let pluginProgram = #"""
        import XMLBindSOAP

        for port in WSDLPluginCheckSchema.Client.ports {
            print(port.name, port.version.rawValue, port.address)
        }

        """#
}
