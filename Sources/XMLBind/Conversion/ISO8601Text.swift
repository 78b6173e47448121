#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ISO 8601 date-times as XML Schema writes them, read and written in the proleptic
/// Gregorian calendar (the Gregorian rules carried back before 15 October 1582, as ISO
/// 8601, XML Schema, Python's `datetime` and lxml count), with years numbered
/// astronomically (`0000` is 1 BC, `-0001` is 2 BC).
///
/// Reading takes `YYYY-MM-DDThh:mm:ss`, any number of fraction digits, and a zone (`Z`,
/// `+hh:mm`, `-hh:mm`), or a calendar date alone (`YYYY-MM-DD`, optionally with a zone),
/// which is midnight in that zone. `24:00:00` is the midnight that ends the day.
/// Writing gives UTC with the fewest fraction digits (none, three, six or nine) that
/// read back to the same `Date`, at least to the microsecond, rounded to nearest.
///
/// `package`: XMLBindRPC's `dateTime.iso8601` (a compact form of its own) shares the
/// calendar arithmetic (``daysFromCivil(year:month:day:)``, ``civilFromDays(_:)``,
/// ``daysIn(month:year:)``).
package enum ISO8601Text {
    /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
    private static let referenceOffset: Int64 = 978_307_200
    /// The most fraction digits written: nanoseconds.
    private static let maximumFractionDigits = 9

    // MARK: Reading

    /// The date a text stands for, or `nil` when it is not an ISO 8601 date-time or date.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The date the UTF-8 bytes stand for (no surrounding whitespace), or `nil`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = Scanner(bytes: bytes)
        let negativeYear = scanner.take(UInt8(ascii: "-"))
        // Four digits, or more without a leading zero.
        guard let yearDigits = scanner.digitRun(), yearDigits.count >= 4, yearDigits.count <= 9,
            yearDigits.count == 4 || bytes[yearDigits.start] != UInt8(ascii: "0")
        else { return nil }
        let year = negativeYear ? -yearDigits.value : yearDigits.value
        guard scanner.take(UInt8(ascii: "-")), let month = scanner.fixed(2), scanner.take(UInt8(ascii: "-")),
            let day = scanner.fixed(2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        var secondOfDay: Int64 = 0
        var fraction = UnsafeBufferPointer<UInt8>(rebasing: bytes[0..<0])
        let hasTime = scanner.take(UInt8(ascii: "T"))
        if hasTime {
            guard let hour = scanner.fixed(2), scanner.take(UInt8(ascii: ":")), let minute = scanner.fixed(2),
                scanner.take(UInt8(ascii: ":")), let second = scanner.fixed(2), minute < 60, second < 60
            else { return nil }
            if scanner.take(UInt8(ascii: ".")) {
                guard let digits = scanner.digitRun() else { return nil }
                fraction = UnsafeBufferPointer(rebasing: bytes[digits.start..<digits.start + digits.count])
            }
            // 24:00:00 is the end of the day; no other time in hour 24.
            guard hour < 24 || (hour == 24 && minute == 0 && second == 0 && fraction.allSatisfy { $0 == 0x30 })
            else { return nil }
            secondOfDay = hour * 3600 + minute * 60 + second
        }
        var offset: Int64 = 0
        if scanner.take(UInt8(ascii: "Z")) {
            offset = 0
        } else if let sign = scanner.takeSign() {
            guard let hours = scanner.fixed(2), scanner.take(UInt8(ascii: ":")), let minutes = scanner.fixed(2),
                hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else if hasTime {
            // A date-time without a zone names no instant.
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let whole = daysFromCivil(year: year, month: month, day: day) * 86_400 + secondOfDay - offset
        return Date(timeIntervalSince1970: seconds(whole: whole, fraction: Array(fraction)))
    }

    /// `whole` plus the decimal fraction `0.digits`, rounded once to the nearest `Double`
    /// (by reading it as one decimal number), however many digits there are.
    ///
    /// Seconds are counted from 1970, as `Date(timeIntervalSince1970:)` and other
    /// languages count them, so `Date(timeIntervalSince1970: 1714566600.123)` reads back
    /// from `.123` exactly.
    private static func seconds(whole: Int64, fraction: [UInt8]) -> Double {
        var significant = fraction
        while significant.last == 0x30 { significant.removeLast() }
        guard !significant.isEmpty else { return Double(whole) }
        if whole >= 0 {
            return Double(String(whole) + "." + String(decoding: significant, as: UTF8.self)) ?? Double(whole)
        }
        // whole + 0.f is -((|whole| - 1) + (1 - 0.f)); 1 - 0.f has as many digits as f
        // (its last digit is not zero, so nothing carries).
        let last = significant.count - 1
        let complement = significant.indices.map { index in
            UInt8(0x30) + (index == last ? 10 : 9) - (significant[index] - 0x30)
        }
        let magnitude = String(-whole - 1) + "." + String(decoding: complement, as: UTF8.self)
        return Double("-" + magnitude) ?? Double(whole)
    }

    // MARK: Writing

    /// The date in UTC, `YYYY-MM-DDThh:mm:ss[.fff]Z`, with the fewest groups of three
    /// fraction digits (milli-, micro-, nanoseconds) that read back to the same date, or
    /// nine (rounded to the nanosecond) when none does; none for a whole second.
    static func format(_ date: Date) -> String {
        let value = date.timeIntervalSinceReferenceDate
        // Beyond some 30 million years the whole seconds no longer fit the arithmetic.
        guard value.isFinite, abs(value) < 1e15 else { return value.isNaN ? "NaN" : value < 0 ? "-INF" : "INF" }
        let floor = value.rounded(.down)
        // Exact: a double minus its floor is representable.
        let fraction = value - floor
        // Seconds since 1970, whole and fraction, as they are read back (see `seconds`).
        var chosen = (whole: Int64(floor) + referenceOffset, digits: [UInt8]())
        if fraction != 0 {
            for count in [3, 6, maximumFractionDigits] {
                let power = pow10(count)
                var scaled = Int64((fraction * Double(power)).rounded())
                var whole = Int64(floor) + referenceOffset
                if scaled == power {
                    scaled = 0
                    whole += 1
                }
                chosen = (whole, fractionDigits(scaled, count))
                if seconds(whole: whole, fraction: chosen.digits) - Double(referenceOffset) == value { break }
            }
        }
        if chosen.digits.allSatisfy({ $0 == 0x30 }) { chosen.digits = [] }
        let fractionText = chosen.digits.isEmpty ? "" : "." + String(decoding: chosen.digits, as: UTF8.self)
        return civilText(chosen.whole) + fractionText + "Z"
    }

    /// `scaled` as exactly `count` decimal digits, with leading zeros.
    private static func fractionDigits(_ scaled: Int64, _ count: Int) -> [UInt8] {
        let text = Array(String(scaled).utf8)
        return Array(repeating: 0x30, count: max(0, count - text.count)) + text
    }

    private static func pow10(_ count: Int) -> Int64 {
        var power: Int64 = 1
        for _ in 0..<count { power *= 10 }
        return power
    }

    /// `YYYY-MM-DDThh:mm:ss` for seconds since 1970 in UTC.
    private static func civilText(_ unixSeconds: Int64) -> String {
        // Floor division: the seconds before 1970 belong to the day they fall in.
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondOfDay = unixSeconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        let yearText = String(year.magnitude)
        let paddedYear = (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return paddedYear + "-" + two(month) + "-" + two(day) + "T" + two(secondOfDay / 3600) + ":"
            + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
    }

    private static func two(_ value: Int64) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }

    // MARK: Calendar

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    package static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days of `month` (1 to 12) in the proleptic Gregorian `year`.
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads the fields of a date-time from its bytes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        /// Moves past `byte` if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// `+1` or `-1` for a sign that is next.
        mutating func takeSign() -> Int64? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }

        /// Exactly `count` digits.
        mutating func fixed(_ count: Int) -> Int64? {
            guard let run = digitRun(limit: count), run.count == count else { return nil }
            return run.value
        }

        /// The digits that are next (at most `limit`); `value` holds only when they are
        /// few enough to fit (18).
        mutating func digitRun(limit: Int = .max) -> (start: Int, count: Int, value: Int64)? {
            let start = position
            var value: Int64 = 0
            while position < bytes.count, position - start < limit, bytes[position] &- 0x30 < 10 {
                if position - start < 18 { value = value * 10 + Int64(bytes[position] - 0x30) }
                position += 1
            }
            return position == start ? nil : (start, position - start, value)
        }
    }
}
