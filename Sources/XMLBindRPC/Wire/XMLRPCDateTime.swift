import Foundation

/// `dateTime.iso8601` text: written `YYYYMMDDTHH:MM:SS` in UTC, read in that form and in the
/// usual ISO 8601 variants (dashes, `HHMMSS`, a fraction, `Z` or a `±HH:MM` zone). Text
/// without a zone is taken as UTC.
enum XMLRPCDateTime {
    /// The date `text` stands for, or nil.
    static func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { bytes.removeLast() }
        var index =
            bytes.firstIndex { !(($0 == 0x20) || ($0 == 0x0A) || ($0 == 0x0D) || ($0 == 0x09)) } ?? bytes.endIndex

        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = digits(4) else { return nil }
        let dashed = skip(0x2D)
        guard let month = digits(2), !dashed || skip(0x2D), let day = digits(2) else { return nil }
        guard skip(0x54) || skip(0x74) || skip(0x20) else { return nil }
        guard let hour = digits(2) else { return nil }
        let coloned = skip(0x3A)
        guard let minute = digits(2), !coloned || skip(0x3A), let second = digits(2) else { return nil }
        var fraction = 0.0
        if skip(0x2E) || skip(0x2C) {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if skip(0x5A) || skip(0x7A) {
            // UTC
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let zoneHours = digits(2) else { return nil }
            var zoneMinutes = 0
            if index < bytes.count {
                _ = skip(0x3A)
                guard let minutes = digits(2) else { return nil }
                zoneMinutes = minutes
            }
            offsetSeconds = sign * (zoneHours * 3600 + zoneMinutes * 60)
        }
        guard index == bytes.count, (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59,
            second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYYMMDDTHH:MM:SS` in UTC; a fraction of a second is dropped, as XML-RPC has none.
    static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return yearText + two(month) + two(day) + "T" + two(secondsOfDay / 3600) + ":" + two(secondsOfDay / 60 % 60)
            + ":" + two(secondsOfDay % 60)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
