import Foundation

/// A date as a feed writes it: the text, and the moment it names when it can be read.
///
/// Feeds write dates in RFC 822 (RSS: `Tue, 10 Jun 2003 04:00:00 GMT`, with the obsolete
/// zones `EST`, `PDT`, `UT` and two-digit years), RFC 3339 (Atom: `2003-12-13T18:30:02Z`)
/// or looser ISO 8601 (`dc:date`: `2003-12-13`, `2003-12-13T18:30+01:00`). A date none of
/// them reads is kept as ``text`` with ``date`` `nil`: a feed with one odd date still reads.
public struct FeedDate: Sendable, Hashable, CustomStringConvertible {
    /// The text, trimmed.
    public let text: String
    /// The moment, or `nil` when the text is no date these formats read.
    public let date: Date?

    /// Reads a date's text.
    public init(_ text: String) {
        self.text = text
        self.date = Self.rfc822(text) ?? Self.iso8601(text)
    }

    public var description: String { text }

    // MARK: RFC 822 / 2822

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    /// RFC 822's named zones, in minutes east of UTC.
    private static let zones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420,
        "mdt": -360, "pst": -480, "pdt": -420,
    ]

    /// `[Day,] DD Mon YY[YY] HH:MM[:SS] [zone]`, read from the UTF-8 bytes, words split at
    /// spaces, tabs and commas.
    static func rfc822(_ text: String) -> Date? {
        var words: [ArraySlice<UInt8>] = []
        let bytes = Array(text.utf8)
        var start = 0
        for index in 0...bytes.count {
            if index == bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x2C {
                if index > start { words.append(bytes[start..<index]) }
                start = index + 1
            }
        }
        func isLetters(_ word: ArraySlice<UInt8>) -> Bool {
            word.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        }
        func number(_ word: ArraySlice<UInt8>) -> Int? {
            guard !word.isEmpty, word.count <= 4, word.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return word.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func lower(_ word: ArraySlice<UInt8>) -> String { String(decoding: word.map { $0 | 0x20 }, as: UTF8.self) }
        if let first = words.first, first.count >= 3, isLetters(first), number(words.dropFirst().first ?? []) != nil {
            words.removeFirst()
        }
        guard words.count >= 4, let day = number(words[0]), (1...31).contains(day), isLetters(words[1]),
            words[1].count >= 3, let month = months.firstIndex(of: lower(words[1].prefix(3))),
            var year = number(words[2])
        else { return nil }
        // RFC 2822's obsolete years: two digits (below 50 in the 2000s), three digits (from 1900).
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 } else if words[2].count == 3 { year += 1900 }
        let clock = words[3].split(separator: 0x3A, omittingEmptySubsequences: false).map(number)
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second else { return nil }
        var offset = 0
        if words.count > 4 {
            let zone = words[4]
            if let named = zones[lower(zone)] {
                offset = named
            } else if zone.count == 5, let sign = zone.first, sign == 0x2B || sign == 0x2D,
                let digits = number(zone.dropFirst())
            {
                offset = (sign == 0x2D ? -1 : 1) * (digits / 100 * 60 + digits % 100)
            } else if zone.count == 1, isLetters(zone) {
                offset = 0  // military zones: RFC 2822 reads them as -0000
            } else {
                return nil
            }
        }
        return moment(year, month + 1, day, hour, minute, second, 0, offset: offset)
    }

    // MARK: ISO 8601 / RFC 3339

    /// `YYYY[-MM[-DD]][(T| )hh:mm[:ss[.fff]]][Z|±hh[:mm]]`; a time without a zone is UTC.
    static func iso8601(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= chars.count else { return nil }
            var value = 0
            for byte in chars[index..<index + digits] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < chars.count, chars[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4) else { return nil }
        var month = 1
        var day = 1
        if skip(UInt8(ascii: "-")) {
            guard let value = number(2) else { return nil }
            month = value
            if skip(UInt8(ascii: "-")) {
                guard let value = number(2) else { return nil }
                day = value
            }
        }
        var hour = 0
        var minute = 0
        var second = 0
        var nanoseconds = 0
        var offset = 0
        if index < chars.count,
            chars[index] == UInt8(ascii: "T") || chars[index] == UInt8(ascii: "t")
                || chars[index] == 0x20
        {
            index += 1
            guard let h = number(2), skip(UInt8(ascii: ":")), let m = number(2) else { return nil }
            hour = h
            minute = m
            if skip(UInt8(ascii: ":")) {
                guard let s = number(2) else { return nil }
                second = s
                if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) {
                    var scale = 100_000_000
                    var digits = 0
                    while index < chars.count, (0x30...0x39).contains(chars[index]) {
                        nanoseconds += Int(chars[index] - 0x30) * scale
                        scale /= 10
                        index += 1
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                offset = 0
            } else if index < chars.count, chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-") {
                let negative = chars[index] == UInt8(ascii: "-")
                index += 1
                guard let hours = number(2) else { return nil }
                var minutes = 0
                if skip(UInt8(ascii: ":")) || (index < chars.count && chars[index] != 0x20) {
                    guard let value = number(2) else { return nil }
                    minutes = value
                }
                guard hours <= 23, minutes <= 59 else { return nil }
                offset = (negative ? -1 : 1) * (hours * 60 + minutes)
            }
        }
        guard index == chars.count else { return nil }
        return moment(year, month, day, hour, minute, second, nanoseconds, offset: offset)
    }

    // MARK: Calendar

    /// The moment of a proleptic Gregorian date and time at `offset` minutes east of UTC,
    /// or `nil` for a day or time that does not exist.
    static func moment(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ nanoseconds: Int,
        offset: Int
    ) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month, of: year), (0...24).contains(hour),
            (0...59).contains(minute), (0...60).contains(second), hour < 24 || minute == 0 && second == 0
        else { return nil }
        // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset * 60
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
