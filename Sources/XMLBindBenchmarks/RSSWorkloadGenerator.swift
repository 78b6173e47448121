/// The `rss` document of `gen_workloads.py` (`gen_rss`), ported call for call.
///
/// Draws happen in the script's order: a generator expression such as
/// `" ".join(r.choice(WORDS) for _ in range(r.randint(4, 10)))` draws the count first,
/// then the words.
struct RSSWorkloadGenerator {
    private static let words =
        ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
        + "incididunt ut labore et dolore magna aliqua swift xml parser release "
        + "performance benchmark server cloud update security").split(separator: " ").map(String.init)
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n"
        + "<title>Example News</title>\n<link>https://news.example.com/</link>\n"
        + "<description>Generated feed for benchmarking</description>\n"
        + "<language>en-us</language>\n"

    private var random = PythonRandom(seed: 7)

    /// Generates the document `gen_workloads.py rss OUT target` writes.
    ///
    /// - Parameter target: The size to reach, in bytes.
    /// - Returns: The document's bytes and the number of items.
    static func generate(target: Int) -> (bytes: [UInt8], units: Int) {
        var generator = RSSWorkloadGenerator()
        var out: [UInt8] = []
        out.reserveCapacity(target + 4096)
        out.append(contentsOf: header.utf8)
        var units = 0
        while out.count < target {
            out.append(contentsOf: generator.item(number: units).utf8)
            units += 1
        }
        out.append(contentsOf: "</channel>\n</rss>\n".utf8)
        return (out, units)
    }

    /// `" ".join(r.choice(WORDS) for _ in range(r.randint(low, high)))`.
    private mutating func sentence(_ low: Int, _ high: Int) -> String {
        let count = random.randint(low, high)
        var words: [String] = []
        words.reserveCapacity(count)
        for _ in 0..<count {
            words.append(random.choice(Self.words))
        }
        return words.joined(separator: " ")
    }

    private mutating func item(number: Int) -> String {
        // str.capitalize(): the first character upper case, the rest lower case.
        let words = sentence(4, 10)
        let title = words.prefix(1).uppercased() + words.dropFirst().lowercased()
        let year = 2000 + random.randint(0, 25)
        let month = PythonFormat.twoDigits(random.randint(1, 12))
        let slug = title.lowercased().split(whereSeparator: { $0 == " " }).prefix(4).joined(separator: "-")
        let link = "https://news.example.com/\(year)/\(month)/\(slug)-\(number)"
        var description = ""
        for _ in 0..<random.randint(1, 3) {
            description += "&lt;p&gt;" + sentence(15, 50) + " &amp;amp; more.&lt;/p&gt;"
        }
        let day = random.choice(Self.days)
        let date = PythonFormat.twoDigits(random.randint(1, 28))
        let monthName = random.choice(Self.months)
        let dateYear = 2000 + random.randint(0, 25)
        let hour = PythonFormat.twoDigits(random.randint(0, 23))
        let minute = PythonFormat.twoDigits(random.randint(0, 59))
        let second = PythonFormat.twoDigits(random.randint(0, 59))
        let pubDate = "\(day), \(date) \(monthName) \(dateYear) \(hour):\(minute):\(second) +0000"
        return
            "<item>\n  <title>\(title)</title>\n  <link>\(link)</link>\n  <description>\(description)</description>\n"
            + "  <pubDate>\(pubDate)</pubDate>\n  <guid isPermaLink=\"true\">\(link)</guid>\n</item>\n"
    }
}
