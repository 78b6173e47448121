import Foundation
import Testing

@testable import XMLBind

/// `Conversion.date(format:timeZone:)` reads and writes dates without `DateFormatter` (the
/// core runs on FoundationEssentials); these tests hold it to `DateFormatter`'s results in
/// the `en_US_POSIX` locale, which the test target may use.
@Suite("Date patterns, against DateFormatter")
struct DatePatternTests {
    static let patterns = [
        "yyyy-MM-dd", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssXXX",
        "dd.MM.yyyy HH:mm", "EEE, dd MMM yyyy HH:mm:ss Z", "EEEE, MMMM d, yyyy h:mm a", "yyyyMMddHHmmss",
        "yy-M-d H:m:s", "yyyy-MM-dd HH:mm:ss.SS", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSxxx", "MMM d ''yy 'at' hh a",
        "y-MM-dd HH:mm X", "yyyy-MM-dd HH:mm ZZZZZ", "yyyy-MM-dd HH:mm ZZZZ", "yyyy-MM-dd HH:mm xx XX",
        "d/M/yyyy", "yyyy-MM-dd HH:mm:ss.S",
    ]

    /// From 1970 to 2099, a leap day, both halves of the day, fractions of a second.
    static let dates = [
        0, 1_714_566_600.123, 951_782_400, 951_825_599.5, -94_694_399.25, 4_102_444_799.999, 1_700_000_000.9876,
        1_234_567_890, 1_711_846_800, 1_729_990_800,
    ].map { Date(timeIntervalSince1970: $0) }

    static let zones = [
        TimeZone(secondsFromGMT: 0), TimeZone(secondsFromGMT: 2 * 3600), TimeZone(secondsFromGMT: -(5 * 3600 + 1800)),
        TimeZone(identifier: "Europe/Paris"), TimeZone(identifier: "America/New_York"),
    ].compactMap { $0 }

    static func formatter(_ pattern: String, _ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter
    }

    @Test(arguments: patterns)
    func writesAndReadsAsDateFormatterDoes(pattern: String) throws {
        #expect(Self.zones.count == 5)
        for zone in Self.zones {
            let formatter = Self.formatter(pattern, zone)
            let conversion = Conversion<Date>.date(format: pattern, timeZone: zone)
            for date in Self.dates {
                let expected = formatter.string(from: date)
                #expect(conversion.format(date) == expected, "\(pattern) in \(zone.identifier) of \(date)")
                let read = try #require(formatter.date(from: expected), "DateFormatter reads \(expected)")
                let ours = try conversion.parse(expected)
                // DateFormatter on Linux reads the two-digit year 00 as the year 12100; any
                // other as in 1950-2049. The two-digit year 00 is 2000 (local time; the day before in UTC).
                if read.timeIntervalSince1970 > 1e11 {
                    #expect((946_598_400..<978_307_200).contains(ours.timeIntervalSince1970), "\(expected)")
                    continue
                }
                #expect(
                    ours == read,
                    "\(pattern) in \(zone.identifier) reading \(expected): \(ours.timeIntervalSince1970), not \(read.timeIntervalSince1970)"
                )
            }
        }
    }

    @Test func readsWhatDateFormatterReadsAndRefusesWhatItRefuses() {
        let texts: [(String, String)] = [
            ("yyyy-MM-dd", "2024-2-9"), ("yyyy-MM-dd", "2024-02-30"), ("yyyy-MM-dd", "2024-02-29"),
            ("yyyy-MM-dd", "2023-02-29"), ("yyyy-MM-dd", "2024-13-01"), ("yyyy-MM-dd", "2024-05-01x"),
            ("yyyy-MM-dd HH:mm", "2024-05-01 24:00"), ("yyyy-MM-dd HH:mm", "2024-05-01 7:05"),
            ("dd MMM yyyy", "01 may 2024"), ("dd MMM yyyy", "01 Mai 2024"), ("yyyyMMdd", "20240501"),
            ("yyyyMMdd", "2024051"), ("yyyy-MM-dd'T'HH:mmXXX", "2024-05-01T12:30Z"),
            ("yyyy-MM-dd'T'HH:mmXXX", "2024-05-01T12:30+05:30"), ("yyyy-MM-dd'T'HH:mmZ", "2024-05-01T12:30-0800"),
            ("h:mm a yyyy-MM-dd", "12:15 AM 2024-05-01"), ("h:mm a yyyy-MM-dd", "12:15 PM 2024-05-01"),
            ("yyyy-MM-dd", ""), ("yyyy-MM-dd", "abcd-ef-gh"), ("yy-MM-dd", "46-01-01"), ("yy-MM-dd", "50-01-01"),
            ("yy-MM-dd", "49-12-31"), ("y-MM-dd", "99-01-01"), ("y-MM-dd", "1999-01-01"),
        ]
        let utc = TimeZone(secondsFromGMT: 0) ?? .gmt
        for (pattern, text) in texts {
            let expected = Self.formatter(pattern, utc).date(from: text)
            let ours = try? Conversion<Date>.date(format: pattern, timeZone: utc).parse(text)
            #expect(ours == expected, "\(pattern) reading '\(text)'")
        }
    }

    @Test func anUnknownPatternLetterIsRefusedAtRegistration() {
        final class Entry: Bindable {
            var day = Date(timeIntervalSince1970: 0)
            var days: [Date] = []
            init() {}
        }
        let error = #expect(throws: RegistrationError.self) {
            try XMLBinder().register(
                mapping(Entry.self, element: "entry").element(\.day, conversion: .date(format: "yyyy-DDD"))
                    .element(\.days, conversion: .list(of: .date(format: "yyyy-MM-dd'T"))))
        }
        #expect(
            error?.problems.map(\.description) == [
                "Entry <entry>, declaration 1 .element(\\.day): the date format 'yyyy-DDD' has the pattern letter "
                    + "'D', which is not supported",
                "Entry <entry>, declaration 2 .element(\\.days): the date format 'yyyy-MM-dd'T' has an "
                    + "unterminated quote",
            ])
        // A pattern that is only read, not registered, refuses every text with the same reason.
        #expect(throws: ConversionError("the date format 'w' has the pattern letter 'w', which is not supported")) {
            try Conversion<Date>.date(format: "w").parse("12")
        }
    }
}
