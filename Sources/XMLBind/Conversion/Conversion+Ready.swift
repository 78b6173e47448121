import Foundation
import Synchronization

extension Conversion where Value == String {
    /// Text with leading and trailing XML whitespace (space, tab, CR, LF) removed.
    public static var trimmed: Conversion<String> {
        Conversion(
            bytes: { String(decoding: XMLWhitespace.trimmed($0), as: UTF8.self) },
            format: { $0 }, isPlainText: true, trimsPlainText: true)
    }

    /// Text with XML Schema's `whiteSpace="collapse"`: leading and trailing XML whitespace
    /// (space, tab, CR, LF) removed, and every run of it inside replaced by one space.
    ///
    /// ```swift
    /// mapping(Font.self, element: "font").element(\.family, conversion: .collapsed)
    /// // <family>
    /// //     DejaVu   Sans
    /// // </family>                    family == "DejaVu Sans"
    /// ```
    ///
    /// Writing gives the value back as it is.
    public static var collapsed: Conversion<String> {
        Conversion(
            bytes: { bytes in
                let tokens = XMLWhitespace.tokens(bytes)
                guard tokens.count > 1 else { return tokens.first.map { String(decoding: $0, as: UTF8.self) } ?? "" }
                var joined: [UInt8] = []
                joined.reserveCapacity(bytes.count)
                for token in tokens {
                    if !joined.isEmpty { joined.append(0x20) }
                    joined.append(contentsOf: token)
                }
                return String(decoding: joined, as: UTF8.self)
            },
            format: { $0 })
    }
}

extension Conversion where Value == Date {
    /// Dates in a fixed `DateFormatter` pattern, such as `"yyyy-MM-dd HH:mm"`.
    ///
    /// - Parameters:
    ///   - format: A Unicode date pattern (`yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`, …).
    ///   - timeZone: The time zone the text is in; UTC unless given.
    /// - Returns: A conversion that parses and formats with that pattern, in the
    ///   `en_US_POSIX` locale so that the pattern means the same on every machine.
    public static func date(format: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> Conversion<Date>
    {
        let formatter = LockedDateFormatter(format: format, timeZone: timeZone)
        return Conversion(
            parse: { text in
                guard let date = formatter.date(from: XMLWhitespace.trimmed(text)) else {
                    throw ConversionError("not a date in the format '\(format)'")
                }
                return date
            },
            format: { formatter.string(from: $0) })
    }
}

extension Conversion {
    /// A whitespace-separated list, each item read with `element`.
    ///
    /// - Parameter element: The conversion for one item.
    /// - Returns: A conversion whose text is the items separated by single spaces.
    public static func list<Element>(of element: Conversion<Element>) -> Conversion<[Element]>
    where Value == [Element] {
        let decode = element.decode
        let encode = element.encode
        return Conversion<[Element]>(
            bytes: { bytes in try XMLWhitespace.tokens(bytes).map { try decode($0) } },
            format: { $0.map(encode).joined(separator: " ") })
    }
}

/// `DateFormatter` is not `Sendable`; one instance is shared behind a lock.
private final class LockedDateFormatter: Sendable {
    private let formatter: Mutex<DateFormatter>

    init(format: String, timeZone: TimeZone) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        self.formatter = Mutex(formatter)
    }

    func date(from text: String) -> Date? {
        formatter.withLock { $0.date(from: text) }
    }

    func string(from date: Date) -> String {
        formatter.withLock { $0.string(from: date) }
    }
}
