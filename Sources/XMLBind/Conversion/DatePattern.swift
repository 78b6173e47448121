#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Unicode date pattern (`yyyy-MM-dd HH:mm`), read and written as `DateFormatter` does in
/// the `en_US_POSIX` locale and the Gregorian calendar, without ICU: the core library runs on
/// FoundationEssentials, which has no `DateFormatter`.
///
/// The pattern letters it knows are the ones fixed-format dates use: `y`, `M` (numbers, `MMM`
/// and `MMMM` names), `d`, `H`, `h`, `a`, `m`, `s`, `S` (fraction digits), `E` (day names,
/// read and ignored), `Z`, `X` and `x` (offsets). Any other ASCII letter is refused when the
/// pattern is made (see ``Conversion/date(format:timeZone:)``); quoted text (`'T'`, `''`)
/// and every other character stand for themselves.
struct DatePattern: Sendable {
    /// One piece of a pattern: a field of `count` letters, or literal text.
    enum Item: Sendable, Equatable {
        case field(Character, count: Int)
        case literal(String)
    }

    let items: [Item]
    let timeZone: TimeZone

    /// The letters a pattern may hold.
    static let knownLetters: Set<Character> = ["y", "M", "L", "d", "H", "h", "a", "m", "s", "S", "E", "Z", "X", "x"]

    /// Reads a pattern; throws the reason when it holds a letter outside ``knownLetters``
    /// or an unterminated quote.
    init(_ pattern: String, timeZone: TimeZone) throws(ConversionError) {
        var items: [Item] = []
        var characters = Array(pattern)[...]
        var literal = ""
        func flushLiteral() {
            if !literal.isEmpty { items.append(.literal(literal)) }
            literal = ""
        }
        while let character = characters.popFirst() {
            if character == "'" {
                if characters.first == "'" {
                    characters.removeFirst()
                    literal.append("'")
                    continue
                }
                var closed = false
                while let quoted = characters.popFirst() {
                    if quoted == "'" {
                        if characters.first == "'" {
                            characters.removeFirst()
                            literal.append("'")
                            continue
                        }
                        closed = true
                        break
                    }
                    literal.append(quoted)
                }
                guard closed else { throw ConversionError("the date format '\(pattern)' has an unterminated quote") }
            } else if character.isASCII, character.isLetter {
                guard Self.knownLetters.contains(character) else {
                    throw ConversionError(
                        "the date format '\(pattern)' has the pattern letter '\(character)', which is not supported")
                }
                var count = 1
                while characters.first == character {
                    characters.removeFirst()
                    count += 1
                }
                flushLiteral()
                items.append(.field(character == "L" ? "M" : character, count: count))
            } else {
                literal.append(character)
            }
        }
        flushLiteral()
        self.items = items
        self.timeZone = timeZone
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    // MARK: Writing

    /// The text of a date.
    func string(from date: Date) -> String {
        // The nearest whole millisecond, as ICU counts (`(reference seconds + 978307200) × 1000`).
        let milliseconds = Int64(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000).rounded())
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let millisecond = milliseconds - seconds * 1000
        let offset = Int64(timeZone.secondsFromGMT(for: date))
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = ISO8601Text.civilFromDays(days)
        // 1970-01-01 was a Thursday.
        let weekday = Int(((days % 7) + 11) % 7)
        var text = ""
        for item in items {
            switch item {
            case .literal(let literal): text += literal
            case .field(let letter, let count):
                switch letter {
                case "y":
                    let shown = count == 2 ? (year % 100 + 100) % 100 : year
                    text += Self.padded(shown, count)
                case "M":
                    if count >= 4 {
                        text += Self.monthNames[Int(month) - 1]
                    } else if count == 3 {
                        text += String(Self.monthNames[Int(month) - 1].prefix(3))
                    } else {
                        text += Self.padded(month, count)
                    }
                case "d": text += Self.padded(day, count)
                case "H": text += Self.padded(secondOfDay / 3600, count)
                case "h":
                    let hour = secondOfDay / 3600 % 12
                    text += Self.padded(hour == 0 ? 12 : hour, count)
                case "a": text += secondOfDay < 43_200 ? "AM" : "PM"
                case "m": text += Self.padded(secondOfDay / 60 % 60, count)
                case "s": text += Self.padded(secondOfDay % 60, count)
                case "S":
                    // Milliseconds, then zeros: ICU keeps no finer fraction.
                    let digits = Self.padded(millisecond, 3)
                    text +=
                        count <= 3 ? String(digits.prefix(count)) : digits + String(repeating: "0", count: count - 3)
                case "E": text += count >= 4 ? Self.dayNames[weekday] : String(Self.dayNames[weekday].prefix(3))
                default: text += Self.offsetText(offset, letter: letter, count: count)
                }
            }
        }
        return text
    }

    /// `value` with at least `count` digits (a minus sign before them when negative).
    private static func padded(_ value: Int64, _ count: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, count - digits.count)) + digits
    }

    /// An offset from UTC as `Z`, `X` and `x` fields write it.
    private static func offsetText(_ offset: Int64, letter: Character, count: Int) -> String {
        if letter == "X", offset == 0 { return "Z" }
        if letter == "Z", count == 4 {
            return offset == 0 ? "GMT" : "GMT" + offsetText(offset, letter: "x", count: 3)
        }
        if letter == "Z", count >= 5, offset == 0 { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let hours = padded(offset.magnitude.asInt64 / 3600, 2)
        let minutes = padded(offset.magnitude.asInt64 / 60 % 60, 2)
        let colon = (letter == "Z" && count >= 5) || (letter != "Z" && count >= 3)
        if letter != "Z", count == 1 { return sign + hours + (minutes == "00" ? "" : minutes) }
        return sign + hours + (colon ? ":" : "") + minutes
    }
}

extension UInt64 {
    fileprivate var asInt64: Int64 { Int64(self) }
}
