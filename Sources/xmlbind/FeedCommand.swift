import Foundation
import Synchronization
import XMLBind
import XMLBindFeeds

/// `xmlbind feed FILE|URL [--json]`: the feed's kind and title, then each item's date,
/// title and link.
enum FeedCommand {
    static let usage = "xmlbind feed FILE|URL [--json]"

    /// - Returns: 0 when the feed reads, 1 when it does not (diagnostics on standard
    ///   error), 2 for wrong arguments.
    static func run(_ arguments: [String]) -> Int32 {
        let json = arguments.contains("--json")
        let rest = arguments.filter { $0 != "--json" }
        guard rest.count == 1, let source = rest.first, !source.hasPrefix("-") || source == "-" else {
            return usageError("'feed' takes one FILE or URL", command: "feed")
        }
        do {
            let feed = try read(source)
            print(json ? jsonText(feed) : text(feed), terminator: "")
            return 0
        } catch let error as XMLBindError {
            FileHandle.standardError.write(Data((error.rendered(.forStandardError) + "\n").utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("\(source): error: \(error)\n".utf8))
            return 1
        }
    }

    private static func read(_ source: String) throws -> Feed {
        if source == "-" { return try Feed(FileHandle.standardInput.readDataToEndOfFile(), file: "<stdin>") }
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return try fetch(url)
        }
        return try Feed(contentsOf: URL(fileURLWithPath: source))
    }

    /// Runs the asynchronous fetch to its end: the tool has nothing else to do meanwhile.
    private static func fetch(_ url: URL) throws -> Feed {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                let feed = try await Feed.load(contentsOf: url)
                outcome.result.withLock { $0 = .success(feed) }
            } catch {
                outcome.result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        guard let result = outcome.result.withLock({ $0 }) else {
            throw XMLBindError(code: .io, message: "cannot fetch \(url.absoluteString)")
        }
        return try result.get()
    }

    private final class Outcome: Sendable {
        let result = Mutex<Result<Feed, any Error>?>(nil)
    }

    // MARK: Output

    /// `KIND: title`, then one line per item: date, title, link, tab-separated.
    static func text(_ feed: Feed) -> String {
        var lines = ["\(feed.kind.rawValue): \(feed.title ?? "(untitled)")"]
        for item in feed.items {
            lines.append([dateText(item.date), item.title ?? "(untitled)", item.link ?? ""].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dateText(_ date: FeedDate?) -> String {
        guard let date else { return "-" }
        guard let moment = date.date else { return date.text }
        return moment.formatted(.iso8601)
    }

    private struct JSONFeed: Encodable {
        var kind: String
        var title, link, description, descriptionText, updated: String?
        var items: [JSONItem]
    }

    /// `descriptionText` and `contentText` only where they differ from the markup (Atom's
    /// xhtml).
    private struct JSONItem: Encodable {
        var title, link, description, descriptionText, content, contentText, published, updated, id, author: String?
        var categories: [String]
        var enclosures: [JSONEnclosure]
    }

    private struct JSONEnclosure: Encodable {
        var url: String
        var type: String?
        var length: Int?
    }

    /// The feed as one JSON object; dates as ISO 8601 when they read, else as written; the
    /// text of xhtml markup beside it.
    static func jsonText(_ feed: Feed) -> String {
        func date(_ value: FeedDate?) -> String? { value.map { $0.date?.formatted(.iso8601) ?? $0.text } }
        func text(_ text: String?, of markup: String?) -> String? { text == markup ? nil : text }
        let value = JSONFeed(
            kind: feed.kind.rawValue, title: feed.title, link: feed.link, description: feed.description,
            descriptionText: text(feed.descriptionText, of: feed.description), updated: date(feed.updated),
            items: feed.items.map { item in
                JSONItem(
                    title: item.title, link: item.link, description: item.description,
                    descriptionText: text(item.descriptionText, of: item.description), content: item.content,
                    contentText: text(item.contentText, of: item.content), published: date(item.published),
                    updated: date(item.updated), id: item.id, author: item.author,
                    categories: item.categories,
                    enclosures: item.enclosures.map { JSONEnclosure(url: $0.url, type: $0.type, length: $0.length) })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
