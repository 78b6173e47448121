import XMLBindFeeds

// What a program that reads a feed from memory with XMLBindFeeds costs at start-up: run it
// under `/usr/bin/time -v` and read "Maximum resident set size" (see the Performance article,
// "Foundation and start-up"). XMLBindFeeds links Foundation for `Feed.load`'s `URLSession`,
// so this program maps Foundation (and ICU) even though it never goes to the network;
// `--libraries` lists what of them it has mapped.
//
//   XMLBindFeedsStartupProbe               reads one small RSS feed from bytes in memory
//   XMLBindFeedsStartupProbe --libraries   also lists the Foundation and ICU libraries mapped
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let document = """
    <rss version="2.0"><channel><title>Probe</title><link>https://example.org/</link>
    <item><title>One</title><link>https://example.org/1</link><pubDate>Mon, 07 Dec 2026 10:00:00 GMT</pubDate></item>
    <item><title>Two</title></item></channel></rss>
    """

do {
    let feed = try Feed(Data(document.utf8), file: "probe.xml")
    print("read \(feed.items.count) items")
} catch {
    print(error)
    exit(1)
}

if CommandLine.arguments.dropFirst().contains("--libraries") {
    // The libraries this process has mapped whose names say Foundation or ICU.
    let maps = ProcFile.text("/proc/self/maps")
    var seen: Set<Substring> = []
    for line in maps.split(separator: "\n") {
        guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/"),
            path.contains("Foundation") || path.contains("icu"), seen.insert(path).inserted
        else { continue }
        print(path)
    }
}
