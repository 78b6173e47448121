import Foundation
import Testing
import XMLBindSchema
import XMLBindTestSupport

/// xsdata (PyPI), a generator of Python models from the same kinds of input, run side by side
/// with ours on every fixture: which inputs each handles, printed as a table, and what each
/// does with a remote schema location.
@Suite("xsdata side by side")
struct PeerGeneratorTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// One input: its files under Fixtures, whether they are samples, and whether ours refuses
    /// it (a remote location it must not fetch).
    struct Input {
        let paths: [String]
        var fromSamples = false
        var isRemote = false
        /// What xsdata is given, when not the same files: it takes one source, a folder of
        /// samples for several.
        var peerSource: String?
    }

    static let inputs: [Input] = [
        Input(paths: ["XSD/po.xsd"]), Input(paths: ["XSD/library.xsd"]), Input(paths: ["XSD/settings.xsd"]),
        Input(paths: ["XSD/shapes.xsd"]), Input(paths: ["XSD/hostile.xsd"]),
        Input(paths: ["XSD/remote.xsd"], isRemote: true),
        Input(paths: ["DTD/fontconfig/fonts.dtd"]), Input(paths: ["DTD/xkb/xkb.dtd"]),
        Input(paths: ["DTD/polkit/policyconfig-1.dtd"]), Input(paths: ["DTD/gdb/gdb-syscalls.dtd"]),
        Input(paths: ["DTD/catalog/catalog.dtd"]),
        Input(paths: ["WSDL/spyne-soap11.wsdl"]), Input(paths: ["WSDL/spyne-soap12.wsdl"]),
        Input(paths: ["WSDL/rpc.wsdl"]), Input(paths: ["WSDL/remote-import.wsdl"], isRemote: true),
        Input(paths: ["Samples/orders-1.xml", "Samples/orders-2.xml"], fromSamples: true, peerSource: "Samples"),
    ]

    @Test("Both generators on every input: ours refuses only remote locations, xsdata tries to fetch them")
    func sideBySide() async throws {
        let peers = try await ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [TestPackage.root.appendingPathComponent("scripts/soap-peers.sh").path])
        try #require(peers.status == 0, "scripts/soap-peers.sh failed: \(peers.stderr)")
        let python = peers.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // xsdata formats what it writes with ruff, which the environment does not have: a stub
        // that leaves the files as written stands in for it.
        let work = try temporaryDirectory()
        let stubs = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        let ruff = stubs.appendingPathComponent("ruff")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: ruff)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ruff.path)
        // Run in a folder of its own, with no way out to the network: a proxy nobody listens on.
        let script = """
            cd "$1" && shift
            export PATH="$STUBS:$PATH" HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9
            "$@" && "$1" -c 'import out' 2>&1
            """
        var rows: [String] = ["| input | XMLBind | xsdata |", "|---|---|---|"]
        for (number, input) in Self.inputs.enumerated() {
            let urls = input.paths.map { Self.fixtures.appendingPathComponent($0) }
            let ours = ModelGenerator(name: "Peer", inputs: urls, fromSamples: input.fromSamples).generate()
            let folder = work.appendingPathComponent("run\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let theirs = try await ProcessRun.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "STUBS=\(stubs.path)", "/bin/bash", "-c", script, "peer", folder.path, python, "-m", "xsdata",
                    "generate", input.peerSource.map { Self.fixtures.appendingPathComponent($0).path } ?? urls[0].path,
                    "--package", "out",
                ], errorsIntoOutput: true)
            let modules = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".py") && !$0.hasSuffix("__init__.py") }
            let theyHandle = theirs.status == 0 && !modules.isEmpty
            let name = input.paths.joined(separator: " + ")
            if input.isRemote {
                // Ours never fetches: a located error names the location.
                #expect(ours.failed, "\(name)")
                #expect(
                    ours.diagnostics.contains {
                        $0.description.contains(".\(urls[0].pathExtension):") && $0.description.contains("http")
                    },
                    "\(name): \(ours.diagnostics)")
                // xsdata tried the network (the proxy refused it).
                #expect(theirs.stdout.contains("example.com"), "\(name): \(theirs.stdout)")
            } else {
                #expect(!ours.failed, "\(name): \(ours.diagnostics)")
                #expect(!ours.files.isEmpty, "\(name)")
            }
            let warnings = ours.diagnostics.filter { $0.severity == .warning }.count
            let oursCell =
                ours.failed
                ? "refused: " + (ours.diagnostics.first { $0.severity == .error }?.message ?? "")
                : "\(ours.files.count) files" + (warnings > 0 ? ", \(warnings) warnings" : "")
            let theirsCell =
                theyHandle
                ? "\(modules.count) modules, imported"
                : "failed: " + (theirs.stdout.split(separator: "\n").last.map(String.init) ?? "")
            rows.append("| \(name) | \(oursCell) | \(theirsCell) |")
        }
        print(rows.joined(separator: "\n"))
        // The peer works: it handles the purchase-order schema.
        #expect(rows[2].contains("imported"), "\(rows[2])")
    }
}
