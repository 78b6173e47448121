import Foundation
import XMLBindTestSupport

/// Python's feedparser, run from the interop tests' virtual environment (made by
/// `scripts/soap-peers.sh` when missing) over a set of feed files: the fields it read, per file.
enum FeedparserPeer {
    /// One feed as feedparser read it.
    struct Feed: Decodable {
        var file: String
        var title: String?
        var entries: [Entry]
    }

    /// One entry as feedparser read it; `date` in seconds since 1970 (UTC).
    struct Entry: Decodable {
        var title: String?
        var summary: String?
        var link: String?
        var date: Int?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The package's root folder (this file is `Tests/XMLBindFeedsTests/FeedparserPeer.swift`).
    static let packageRoot = TestPackage.root

    /// Reads `files` with feedparser, one process for all.
    static func read(_ files: [URL]) async throws -> [String: Feed] {
        let python = try await run("/bin/bash", [packageRoot.appendingPathComponent("scripts/soap-peers.sh").path])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let script = packageRoot.appendingPathComponent("Tests/XMLBindFeedsTests/Peers/feedparser_fields.py").path
        let output = try await run(python, [script] + files.map(\.path))
        var feeds: [String: Feed] = [:]
        for line in output.split(separator: "\n") {
            let feed = try JSONDecoder().decode(Feed.self, from: Data(line.utf8))
            feeds[feed.file] = feed
        }
        return feeds
    }

    private static func run(_ executable: String, _ arguments: [String]) async throws -> String {
        let run = try await ProcessRun.run(URL(fileURLWithPath: executable), arguments)
        guard run.status == 0 else {
            throw Failure(description: "\(executable) \(arguments.first ?? "") exited with \(run.status)")
        }
        return run.stdout
    }
}
