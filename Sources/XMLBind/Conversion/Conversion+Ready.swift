#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    /// Dates in a fixed Unicode date pattern, such as `"yyyy-MM-dd HH:mm"`, read and written
    /// as `DateFormatter` does in the `en_US_POSIX` locale and the Gregorian calendar.
    ///
    /// The pattern letters known are `yyyy` (and `yy`, `y`), `MM` (`M`, and the English
    /// names `MMM`, `MMMM`), `dd`, `HH`, `hh` with `a`, `mm`, `ss`, `S`… (fraction digits,
    /// kept to the millisecond), `EEE`/`EEEE` (day names, read and ignored), and the offsets
    /// `Z` (`+0200`), `ZZZZZ`, `XXX` (`+02:00`, `Z`), `X`, `XX`, `x`… . Text in single
    /// quotes (`'T'`) and every character that is not an ASCII letter stand for themselves.
    /// A pattern with any other letter (`D`, `w`, `G`, `z`, …) is refused when the mapping
    /// that uses it is registered, rather than read in a way that might differ from
    /// `DateFormatter`'s. Fields a pattern leaves out are those of 1970-01-01 00:00:00.
    ///
    /// - Parameters:
    ///   - format: A Unicode date pattern (`yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`, …).
    ///   - timeZone: The time zone the text is in when it names no offset; UTC unless given.
    /// - Returns: A conversion that parses and formats with that pattern.
    public static func date(format: String, timeZone: TimeZone = .gmt) -> Conversion<Date> {
        let pattern: DatePattern
        do {
            pattern = try DatePattern(format, timeZone: timeZone)
        } catch {
            return Conversion(refusing: error.reason)
        }
        return Conversion(
            bytes: { bytes in
                guard let date = pattern.date(from: String(decoding: XMLWhitespace.trimmed(bytes), as: UTF8.self))
                else {
                    throw ConversionError("not a date in the format '\(format)'")
                }
                return date
            },
            format: { pattern.string(from: $0) })
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
            format: { $0.map(encode).joined(separator: " ") }, refusal: element.refusal)
    }
}
