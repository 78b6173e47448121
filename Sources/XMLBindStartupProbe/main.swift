import XMLBind

// What a program that uses XMLBind alone costs at start-up, as a user would see it: run it
// under `/usr/bin/time -v` and read "Maximum resident set size" (see the Performance
// article, "Foundation and start-up"). It links XMLBind and nothing else of the package.
//
//   XMLBindStartupProbe                  binds one small document
//   XMLBindStartupProbe stream FILE      streams every <item> of an RSS file
//   XMLBindStartupProbe … --libraries    also lists the Foundation and ICU libraries mapped
//   XMLBindStartupProbe … --memory       also prints the resident memory of each mapped file
//                                        (and of the heap, stacks, anonymous memory) once done
//   XMLBIND_PROBE_AS_USER=1 XMLBindStartupProbe
//                                        binds the small document and reads no arguments:
//                                        the run to measure (scripts/measure-startup.sh)
//
// The extra outputs are read from /proc after the work, so a run with them peaks a little
// higher: take the peak from a run without them.
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

final class Item: Bindable {
    var title = ""
    var link = ""
    var pubDate = ""
    init() {}
}

final class Channel: Bindable {
    var items: [Item] = []
    init() {}
}

final class Feed: Bindable {
    var channel: Channel?
    init() {}
}

/// The small document: two items, one with three fields.
let smallDocument = """
    <channel><item><title>One</title><link>https://example.org/1</link>\
    <pubDate>Mon, 07 Dec 2026 10:00:00 GMT</pubDate></item><item><title>Two</title></item></channel>
    """

/// Registers the three types, as a program that reads feeds would.
func makeBinder() throws -> XMLBinder {
    // Lenient: the channel's own elements (its title, link…) are passed over.
    try XMLBinder(options: ParseOptions(mode: .lenient)).register(
        mapping(Feed.self, element: "rss").child(\.channel),
        mapping(Channel.self, element: "channel").children(\.items),
        mapping(Item.self, element: "item").element(\.title).element(\.link).element(\.pubDate))
}

// What a user's program does and no more: register, bind one document, print. A program
// that binds one document parses no flags, and reading `CommandLine` alone (even `argc`)
// maps about 200 KiB of the standard library's code, so this run reads no arguments.
if getenv("XMLBIND_PROBE_AS_USER") != nil {
    do {
        // The count alone, as the reference programs print theirs.
        print(try makeBinder().parse(smallDocument, as: Channel.self).items.count)
        exit(0)
    } catch {
        print(error)
        exit(1)
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let listsLibraries = arguments.contains("--libraries")
let printsMemory = arguments.contains("--memory")
arguments.removeAll { $0 == "--libraries" || $0 == "--memory" }

do {
    let binder = try makeBinder()
    if arguments.first == "stream", arguments.count == 2 {
        var count = 0
        try binder.stream(contentsOf: URL(fileURLWithPath: arguments[1]), as: Item.self) { _ in
            count += 1
            return .continue
        }
        print("streamed \(count) items")
    } else if arguments.isEmpty {
        let channel = try binder.parse(smallDocument, as: Channel.self)
        print("bound \(channel.items.count) items")
    } else {
        print("usage: XMLBindStartupProbe [stream FILE] [--libraries] [--memory]")
        exit(2)
    }
} catch {
    print(error)
    exit(1)
}

if listsLibraries {
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

if printsMemory {
    // /proc/self/smaps: a header line per mapping ("start-end perms offset dev inode path"),
    // then its fields; "Rss:" is what of it is resident. Summed per file (or [heap], [stack],
    // anonymous), largest first, in KiB.
    let smaps = ProcFile.text("/proc/self/smaps")
    var resident: [String: Int] = [:]
    var mapping = "anonymous"
    for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = fields.first else { continue }
        if first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
            resident[mapping, default: 0] += kilobytes
        } else if first.contains("-"), !first.hasSuffix(":") {
            mapping = fields.count >= 6 ? String(fields[5].split(separator: "/").last ?? fields[5]) : "anonymous"
        }
    }
    for (name, kilobytes) in resident.sorted(by: { $0.value > $1.value }) where kilobytes > 0 {
        print("\(kilobytes) KiB\t\(name)")
    }
    print("\(resident.values.reduce(0, +)) KiB\tin all")
}
