import Foundation
import XMLBind

/// `dateTime.iso8601` text: written `YYYYMMDDTHH:MM:SS` in UTC, read in that form and in the
/// usual ISO 8601 variants (dashes, `HHMMSS`, a fraction, `Z` or a `±HH:MM` zone). Text
/// without a zone is taken as UTC.
///
/// The calendar arithmetic is the core's (`ISO8601Text`, proleptic Gregorian); this type
/// knows only XML-RPC's looser forms.
enum XMLRPCDateTime {
    /// `<dateTime.iso8601>` as the binder reads it, from the bytes.
    static let conversion = Conversion<Date>(
        parsingBytes: { bytes in
            guard let date = parse(bytes) else {
                throw ConversionError("not a date and time such as 20240501T12:30:00")
            }
            return date
        },
        format: format)

    /// The date `text` stands for, or nil.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The date the UTF-8 bytes stand for (whitespace around them allowed), or nil.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var end = text.count
        while end > 0, isSpace(text[end - 1]) { end -= 1 }
        var index = 0
        while index < end, isSpace(text[index]) { index += 1 }

        func digits(_ count: Int) -> Int64? {
            guard index + count <= end else { return nil }
            var value: Int64 = 0
            for offset in index..<(index + count) {
                let digit = text[offset] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            index += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < end, text[index] == byte else { return false }
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
            while index < end, text[index] &- 0x30 < 10 {
                fraction += Double(text[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if skip(0x5A) || skip(0x7A) {
            // UTC
        } else if index < end, text[index] == 0x2B || text[index] == 0x2D {
            let sign: Int64 = text[index] == 0x2D ? -1 : 1
            index += 1
            guard let zoneHours = digits(2) else { return nil }
            var zoneMinutes: Int64 = 0
            if index < end {
                _ = skip(0x3A)
                guard let minutes = digits(2) else { return nil }
                zoneMinutes = minutes
            }
            offsetSeconds = sign * (zoneHours * 3600 + zoneMinutes * 60)
        }
        guard index == end, (1...12).contains(month), day >= 1,
            day <= ISO8601Text.daysIn(month: month, year: year), hour <= 24, minute <= 59, second <= 60
        else { return nil }
        let days = ISO8601Text.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYYMMDDTHH:MM:SS` in UTC; a fraction of a second is dropped, as XML-RPC has none.
    ///
    /// Dates some 30 million years away (and NaN, as 1970) are written as the nearest second
    /// the arithmetic counts, rather than trapping.
    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let total = seconds.isNaN ? 0 : Int64(min(max(seconds, -1e15), 1e15))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = ISO8601Text.civilFromDays(days)
        guard (0...9999).contains(year) else {
            // Beyond four digits (XML-RPC has no such years): the year as ISO 8601 numbers it.
            func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let digits = String(year.magnitude)
            let yearText = (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            return yearText + two(month) + two(day) + "T" + two(secondOfDay / 3600) + ":"
                + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
        }
        return String(unsafeUninitializedCapacity: 17) { bytes in
            func put(_ value: Int64, _ count: Int, at start: Int) {
                var value = value
                for offset in (start..<(start + count)).reversed() {
                    bytes[offset] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            put(month, 2, at: 4)
            put(day, 2, at: 6)
            bytes[8] = UInt8(ascii: "T")
            put(secondOfDay / 3600, 2, at: 9)
            bytes[11] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, 2, at: 12)
            bytes[14] = UInt8(ascii: ":")
            put(secondOfDay % 60, 2, at: 15)
            return 17
        }
    }
}
