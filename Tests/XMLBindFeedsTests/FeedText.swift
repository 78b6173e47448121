/// Feed text reduced to what a reader sees, so that HTML and plain text of the same words
/// compare equal (see ``FeedparserComparisonTests``).
enum FeedText {
    /// Elements that start a new block: their tags read as a space.
    static let blocks: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "tr",
        "td", "th", "hr", "dl", "dt", "dd",
    ]

    /// Tags removed (a block's as a space), entities decoded, whitespace collapsed; `nil` for nothing.
    static func plain(_ text: String?) -> String? {
        guard let text else { return nil }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            // The tag's name, by its local part (`h:p` is a `p`).
            let tag = rest[rest.index(after: open)..<close].drop { $0 == "/" }
            let name = tag.prefix { $0.isLetter || $0.isNumber || $0 == ":" }
            let local = name.split(separator: ":").last ?? name
            if blocks.contains(local.lowercased()) { result += " " }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        let words = decoded(result).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
            if let value = named[String(name)] {
                result += value
            } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&" + name + ";"
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }
}
