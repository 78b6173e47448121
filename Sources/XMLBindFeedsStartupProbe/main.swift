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
    // Read to its end: files in /proc say they are empty, and `String(contentsOf:)` reads
    // only their first page.
    var bytes: [UInt8] = []
    let descriptor = open("/proc/self/maps", O_RDONLY)
    if descriptor >= 0 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }), count > 0 {
            bytes.append(contentsOf: buffer[0..<count])
        }
        close(descriptor)
    }
    let maps = String(decoding: bytes, as: UTF8.self)
    var seen: Set<Substring> = []
    for line in maps.split(separator: "\n") {
        guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/"),
            path.contains("Foundation") || path.contains("icu"), seen.insert(path).inserted
        else { continue }
        print(path)
    }
}
