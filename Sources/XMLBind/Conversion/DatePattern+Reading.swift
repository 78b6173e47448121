#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DatePattern {
    /// The fields read so far; what a pattern leaves out is 1970-01-01 00:00:00.
    private struct Fields {
        var year: Int64 = 1970
        var month: Int64 = 1
        var day: Int64 = 1
        var hour: Int64 = 0
        var hour12: Int64?
        var isPM: Bool?
        var minute: Int64 = 0
        var second: Int64 = 0
        var millisecond: Int64 = 0
        var offset: Int64?
    }

    /// The date a text (already trimmed) stands for, or `nil` when the whole text does not
    /// match the pattern or names a day that does not exist.
    func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        var fields = Fields()
        for (index, item) in items.enumerated() {
            switch item {
            case .literal(let literal):
                for byte in literal.utf8 {
                    guard position < bytes.count, bytes[position] == byte else { return nil }
                    position += 1
                }
            case .field(let letter, let count):
                // A number beside another number (`yyyyMMdd`) has exactly its letters' width.
                let abutting =
                    Self.isNumeric(item)
                    && (index + 1 < items.count && Self.isNumeric(items[index + 1])
                        || index > 0 && Self.isNumeric(items[index - 1]))
                guard read(letter, count, abutting, bytes, &position, &fields) else { return nil }
            }
        }
        guard position == bytes.count else { return nil }
        return resolve(fields)
    }

    private static func isNumeric(_ item: Item) -> Bool {
        guard case .field(let letter, let count) = item else { return false }
        return letter == "M" ? count <= 2 : "ydHhmsS".contains(letter)
    }

    private func read(
        _ letter: Character, _ count: Int, _ abutting: Bool, _ bytes: [UInt8], _ position: inout Int,
        _ fields: inout Fields
    ) -> Bool {
        func number(limit: Int) -> (value: Int64, digits: Int)? {
            let width = abutting ? count : limit
            var value: Int64 = 0
            var digits = 0
            while digits < width, position < bytes.count, bytes[position] &- 0x30 < 10 {
                value = value * 10 + Int64(bytes[position] - 0x30)
                position += 1
                digits += 1
            }
            return digits == 0 || (abutting && digits != count) ? nil : (value, digits)
        }
        switch letter {
        case "y":
            guard let (value, digits) = number(limit: 9) else { return false }
            // Two digits under `y` or `yy` are a year in 1950-2049.
            fields.year = count <= 2 && digits == 2 ? Self.windowedYear(value) : value
        case "M":
            if count >= 3 {
                guard let month = Self.name(in: Self.monthNames, long: count >= 4, bytes, &position) else {
                    return false
                }
                fields.month = Int64(month + 1)
            } else {
                guard let (value, _) = number(limit: 2) else { return false }
                fields.month = value
            }
        case "E":
            guard Self.name(in: Self.dayNames, long: count >= 4, bytes, &position) != nil else { return false }
        case "a":
            guard let half = Self.name(in: ["AM", "PM"], long: true, bytes, &position) else { return false }
            fields.isPM = half == 1
        case "Z", "X", "x":
            guard let offset = Self.offset(bytes, &position) else { return false }
            fields.offset = offset
        case "S":
            guard let (value, digits) = number(limit: 9) else { return false }
            // Milliseconds, as ICU keeps them: the first three digits.
            var millisecond = value
            for _ in digits..<max(digits, 3) { millisecond *= 10 }
            for _ in 3..<max(3, digits) { millisecond /= 10 }
            fields.millisecond = millisecond
        default:
            guard let (value, _) = number(limit: 2) else { return false }
            switch letter {
            case "d": fields.day = value
            case "H": fields.hour = value
            case "h": fields.hour12 = value
            case "m": fields.minute = value
            default: fields.second = value
            }
        }
        return true
    }

    /// A two-digit year in 1950-2049, the window `DateFormatter` reads them in on Linux
    /// (CoreFoundation's default two-digit start date), whatever the current year.
    private static func windowedYear(_ value: Int64) -> Int64 {
        value < 50 ? 2000 + value : 1900 + value
    }

    /// The index of the name (ASCII letters, any case) that is next: the long names, or
    /// their first three letters.
    private static func name(in names: [String], long: Bool, _ bytes: [UInt8], _ position: inout Int) -> Int? {
        for (index, name) in names.enumerated() {
            let expected = Array((long ? name : String(name.prefix(3))).utf8)
            guard position + expected.count <= bytes.count else { continue }
            let matches = zip(expected, bytes[position..<position + expected.count]).allSatisfy {
                $0 | 0x20 == $1 | 0x20
            }
            if matches {
                position += expected.count
                return index
            }
        }
        return nil
    }

    /// An offset from UTC: `Z`, or `GMT`/`UTC` alone, or an optional `GMT`/`UTC` and a
    /// signed `hh`, `hhmm` or `hh:mm`; in seconds.
    private static func offset(_ bytes: [UInt8], _ position: inout Int) -> Int64? {
        func take(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard position + expected.count <= bytes.count,
                Array(bytes[position..<position + expected.count]) == expected
            else { return false }
            position += expected.count
            return true
        }
        func twoDigits() -> Int64? {
            guard position + 2 <= bytes.count, bytes[position] &- 0x30 < 10, bytes[position + 1] &- 0x30 < 10 else {
                return nil
            }
            defer { position += 2 }
            return Int64(bytes[position] - 0x30) * 10 + Int64(bytes[position + 1] - 0x30)
        }
        if take("Z") { return 0 }
        let named = take("GMT") || take("UTC")
        let sign: Int64
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return named ? 0 : nil
        }
        guard let hours = twoDigits(), hours <= 23 else { return nil }
        var minutes: Int64 = 0
        let colon = take(":")
        if let digits = twoDigits() {
            minutes = digits
        } else if colon {
            return nil
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The date of the fields, or `nil` when one is out of its range.
    private func resolve(_ fields: Fields) -> Date? {
        var hour = fields.hour
        if let hour12 = fields.hour12 {
            guard (1...12).contains(hour12) else { return nil }
            hour = hour12 % 12 + (fields.isPM == true ? 12 : 0)
        } else if let isPM = fields.isPM, isPM, hour < 12 {
            hour += 12
        }
        guard (1...12).contains(fields.month),
            (1...ISO8601Text.daysIn(month: fields.month, year: fields.year)).contains(fields.day),
            (0...23).contains(hour), (0...59).contains(fields.minute), (0...59).contains(fields.second)
        else { return nil }
        let days = ISO8601Text.daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
        let local = days * 86_400 + hour * 3600 + fields.minute * 60 + fields.second
        var utc: Int64
        if let offset = fields.offset {
            utc = local - offset
        } else {
            // The zone's offset at the local time: taken at the local time read as UTC,
            // then again at the instant that gives, which settles a change of offset.
            let first = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local))))
            utc = local - first
            let second = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc))))
            if second != first { utc = local - second }
        }
        // As ICU hands a date over: milliseconds since 1970, less the reference date.
        let milliseconds = utc * 1000 + fields.millisecond
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000 - 978_307_200)
    }
}
