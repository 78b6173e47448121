import Foundation

/// A request of the `http` fuzz target, split as libmicrohttpd hands one to the HTTP layer:
/// method, path and query from the request line, headers by lower-case name (repeated ones
/// joined with `, `), and the bytes after the empty line as the body.
struct RawRequest {
    var method: String
    var path: String
    var queryItems: [(name: String, value: String?)]
    var headers: [String: String]
    var body: Data

    /// Splits `text`; nil when it has no request line of three parts (libmicrohttpd answers
    /// such a request itself).
    init?(_ text: Data) {
        let separator = Data("\r\n\r\n".utf8)
        let head: Data
        if let end = text.range(of: separator) {
            head = text[text.startIndex..<end.lowerBound]
            body = Data(text[end.upperBound...])
        } else {
            head = text
            body = Data()
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        method = String(requestLine[0])
        let target = requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = target[0].removingPercentEncoding ?? String(target[0])
        queryItems = target.count < 2 ? [] : Self.queryItems(target[1])
        headers = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
    }

    private static func queryItems(_ query: Substring) -> [(name: String, value: String?)] {
        query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].removingPercentEncoding ?? String(parts[0])
            return (name, parts.count > 1 ? (parts[1].removingPercentEncoding ?? String(parts[1])) : nil)
        }
    }
}
