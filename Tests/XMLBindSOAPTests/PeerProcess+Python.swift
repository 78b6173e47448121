import Foundation
import XMLBindTestSupport

/// The SOAP tests' Python peers (spyne, zeep, lxml), run from their virtual environment.
extension PeerProcess {
    /// The virtual environment's python, made by `scripts/soap-peers.sh` when missing: first
    /// asked for on a thread of its own (see ``start(script:arguments:)``).
    static let python: Result<String, PeerError> = {
        let script = TestPackage.root.appendingPathComponent("scripts/soap-peers.sh")
        let made: ProcessRun
        do {
            made = try ProcessRun.runBlocking(URL(fileURLWithPath: "/bin/bash"), [script.path])
        } catch {
            return .failure(PeerError("cannot run scripts/soap-peers.sh: \(error)"))
        }
        let path = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard made.status == 0, !path.isEmpty else {
            return .failure(PeerError("scripts/soap-peers.sh failed with status \(made.status)"))
        }
        return .success(path)
    }()

    /// Starts `Peers/<script>` with the arguments and waits for its first line.
    static func start(script: String, arguments: [String] = []) async throws -> PeerProcess {
        // The script may install packages for minutes: never on a thread of the pool.
        let python = try await onOwnThread { try Self.python.get() }
        let path = TestPackage.root.appendingPathComponent("Tests/XMLBindSOAPTests/Peers/\(script)").path
        return try await start(URL(fileURLWithPath: python), [path] + arguments)
    }
}
