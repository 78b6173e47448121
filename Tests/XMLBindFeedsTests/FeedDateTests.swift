import Foundation
import Testing
import XMLBindFeeds

/// RFC 822 (with its obsolete zones and years), RFC 3339 and ISO 8601; anything else stays text.
@Suite struct FeedDateTests {
    struct Case: CustomStringConvertible, Sendable {
        var text: String
        var utc: String?
        var description: String { text }
    }

    @Test(arguments: [
        Case(text: "Tue, 10 Jun 2003 04:00:00 GMT", utc: "2003-06-10T04:00:00Z"),
        Case(text: "10 Jun 2003 04:00 +0200", utc: "2003-06-10T02:00:00Z"),
        Case(text: "Sat, 07 Sep 2002 00:00:01 EDT", utc: "2002-09-07T04:00:01Z"),
        Case(text: "Sat, 07 Sep 02 00:00:01 PST", utc: "2002-09-07T08:00:01Z"),
        Case(text: "Sat, 07 Sep 99 00:00:01 UT", utc: "1999-09-07T00:00:01Z"),
        Case(text: "Sat, 07 Sep 2002 00:00:01 Z", utc: "2002-09-07T00:00:01Z"),
        Case(text: "Sat, 07 Sep 2002 00:00:01 A", utc: "2002-09-07T00:00:01Z"),
        Case(text: "Sat, 07 September 2002 00:00:01 -0130", utc: "2002-09-07T01:30:01Z"),
        Case(text: "Tue,10 Jun 2003 04:00:00\tgmt", utc: "2003-06-10T04:00:00Z"),
        Case(text: "10 jun 2003 04:00:00 +0000 (Coordinated Universal Time)", utc: "2003-06-10T04:00:00Z"),
        Case(text: "10 Jun 2003 04:00:00:00 GMT", utc: nil),
        Case(text: "10 Jun 2003 04: GMT", utc: nil),
        Case(text: "10 Jun 2003 04:00 +05", utc: nil),
        Case(text: "10 Jun 2003 04:00 Europe", utc: nil),
        Case(text: "10 Jnu 2003 04:00 GMT", utc: nil),
        Case(text: "Tue, 10 Jun 2003", utc: nil),
        Case(text: "2003-12-13T18:30:02Z", utc: "2003-12-13T18:30:02Z"),
        Case(text: "2003-12-13T18:30:02.25Z", utc: "2003-12-13T18:30:02.250Z"),
        Case(text: "2003-12-13T18:30:02+01:00", utc: "2003-12-13T17:30:02Z"),
        Case(text: "2003-12-13T18:30-05:00", utc: "2003-12-13T23:30:00Z"),
        Case(text: "2003-12-13", utc: "2003-12-13T00:00:00Z"),
        Case(text: "2003-12", utc: "2003-12-01T00:00:00Z"),
        Case(text: "2024-02-29T00:00:00Z", utc: "2024-02-29T00:00:00Z"),
        Case(text: "2023-02-29T00:00:00Z", utc: nil),
        Case(text: "31 Feb 2003 04:00:00 GMT", utc: nil),
        Case(text: "yesterday", utc: nil),
        Case(text: "Tue, 10 Jun 2003 25:00:00 GMT", utc: nil),
        Case(text: "2003-12-13T18:30:02Q", utc: nil),
        Case(text: "", utc: nil),
    ])
    func reads(_ test: Case) throws {
        let date = FeedDate(test.text)
        #expect(date.text == test.text)
        let expected = try test.utc.map {
            try Date($0, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: $0.contains(".")))
        }
        if let expected, let read = date.date {
            #expect(abs(read.timeIntervalSince(expected)) < 0.0005)
        } else {
            #expect(date.date == expected)
        }
    }
}
