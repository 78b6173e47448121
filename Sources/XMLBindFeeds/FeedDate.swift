#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// `[Day,] DD Mon YY[YY] HH:MM[:SS] [zone]`, read from the UTF-8 bytes, words split at
    /// spaces, tabs and commas (anything after the zone is passed over).
    ///
    /// Read in place from the string's bytes, without an array, a word list or a `String`
    /// for the month or the zone: every item of a feed has a date, so this is on the hot
    /// path of reading a large feed.
    static func rfc822(_ text: String) -> Date? {
        let bytes = text.utf8.span
        var words = Words()
        guard var word = words.next(bytes) else { return nil }
        // The day name, if the word after it is the day of the month.
        if word.count >= 3, isLetters(word, bytes) {
            guard let next = words.next(bytes) else { return nil }
            word = next
        }
        guard let day = number(word, bytes), (1...31).contains(day), let monthWord = words.next(bytes),
            monthWord.count >= 3, isLetters(monthWord, bytes), let month = month(monthWord.lowerBound, bytes),
            let yearWord = words.next(bytes), var year = number(yearWord, bytes), let clock = words.next(bytes)
        else { return nil }
        // RFC 2822's obsolete years: two digits (below 50 in the 2000s), three digits (from 1900).
        if yearWord.count == 2 { year += year < 50 ? 2000 : 1900 } else if yearWord.count == 3 { year += 1900 }
        // HH:MM[:SS], each part one to four digits.
        var hour = 0
        var minute = 0
        var second = 0
        var count = 0
        var start = clock.lowerBound
        for index in clock.lowerBound...clock.upperBound where index == clock.upperBound || bytes[index] == 0x3A {
            guard count < 3, let value = number(start..<index, bytes) else { return nil }
            switch count {
            case 0: hour = value
            case 1: minute = value
            default: second = value
            }
            count += 1
            start = index + 1
        }
        guard count >= 2 else { return nil }
        var offset = 0
        if let zone = words.next(bytes) {
            if let named = namedZone(zone, bytes) {
                offset = named
            } else if zone.count == 5, bytes[zone.lowerBound] == 0x2B || bytes[zone.lowerBound] == 0x2D,
                let digits = number(zone.lowerBound + 1..<zone.upperBound, bytes)
            {
                offset = (bytes[zone.lowerBound] == 0x2D ? -1 : 1) * (digits / 100 * 60 + digits % 100)
            } else if zone.count == 1, isLetters(zone, bytes) {
                offset = 0  // military zones: RFC 2822 reads them as -0000
            } else {
                return nil
            }
        }
        return moment(year, month, day, hour, minute, second, 0, offset: offset)
    }

    /// The words of a date: runs of bytes between spaces, tabs and commas.
    private struct Words {
        var index = 0

        mutating func next(_ bytes: borrowing Span<UInt8>) -> Range<Int>? {
            func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x2C }
            while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let start = index
            while index < bytes.count, !isSeparator(bytes[index]) { index += 1 }
            return start..<index
        }
    }

    private static func isLetters(_ word: Range<Int>, _ bytes: borrowing Span<UInt8>) -> Bool {
        for index in word where !((bytes[index] | 0x20) >= 0x61 && (bytes[index] | 0x20) <= 0x7A) { return false }
        return true
    }

    /// One to four ASCII digits.
    private static func number(_ word: Range<Int>, _ bytes: borrowing Span<UInt8>) -> Int? {
        guard !word.isEmpty, word.count <= 4 else { return nil }
        var value = 0
        for index in word {
            let digit = bytes[index] &- 0x30
            guard digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// Three ASCII letters, lowercased, in one integer: how month and zone names are compared.
    private static func packed(_ start: Int, _ count: Int, _ bytes: borrowing Span<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + count { value = value << 8 | UInt32(bytes[index] | 0x20) }
        return value
    }

    private static func packed(_ name: StaticString) -> UInt32 {
        var value: UInt32 = 0
        name.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt32(byte) } }
        return value
    }

    private static let months: [UInt32] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ].map(packed)

    /// The month (1 to 12) of the three letters at `start` (`Sep` of `September` too).
    private static func month(_ start: Int, _ bytes: borrowing Span<UInt8>) -> Int? {
        let name = packed(start, 3, bytes)
        return months.firstIndex(of: name).map { $0 + 1 }
    }

    /// RFC 822's named zones, in minutes east of UTC.
    private static let zones: [(name: UInt32, count: Int, offset: Int)] = [
        ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300),
        ("mst", -420), ("mdt", -360), ("pst", -480), ("pdt", -420),
    ].map { (name: StaticString, offset: Int) in (packed(name), name.utf8CodeUnitCount, offset) }

    private static func namedZone(_ word: Range<Int>, _ bytes: borrowing Span<UInt8>) -> Int? {
        guard word.count <= 3, isLetters(word, bytes) else { return nil }
        let name = packed(word.lowerBound, word.count, bytes)
        return zones.first { $0.count == word.count && $0.name == name }?.offset
    }

    // MARK: ISO 8601 / RFC 3339

    /// `YYYY[-MM[-DD]][(T| )hh:mm[:ss[.fff]]][Z|±hh[:mm]]`; a time without a zone is UTC.
    static func iso8601(_ text: String) -> Date? {
        let chars = text.utf8.span
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= chars.count else { return nil }
            var value = 0
            for position in index..<index + digits {
                let digit = chars[position] &- 0x30
                guard digit <= 9 else { return nil }
                value = value * 10 + Int(digit)
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
