import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Dates: ISO 8601 in the proleptic Gregorian calendar, kept to the microsecond at least,
/// rounded correctly, fractions of any length read; checked against Python's `datetime`.
@Suite struct DateConversionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let seconds: Double
        let text: String
        var testDescription: String { "\(seconds) is \(text)" }
    }

    static let written: [Case] = [
        Case(seconds: 1_714_566_600.123, text: "2024-05-01T12:30:00.123Z"),
        Case(seconds: 1_714_566_600.999, text: "2024-05-01T12:30:00.999Z"),
        Case(seconds: 1_714_566_600.000_001, text: "2024-05-01T12:30:00.000001Z"),
        Case(seconds: 1_714_566_600.123_456, text: "2024-05-01T12:30:00.123456Z"),
        Case(seconds: -62_135_596_800, text: "0001-01-01T00:00:00Z"),
        Case(seconds: -12_219_292_800, text: "1582-10-15T00:00:00Z"),
        Case(seconds: -12_219_379_200, text: "1582-10-14T00:00:00Z"),
        Case(seconds: -62_167_219_200, text: "0000-01-01T00:00:00Z"),
        Case(seconds: -62_198_755_200, text: "-0001-01-01T00:00:00Z"),
        Case(seconds: 253_402_300_799, text: "9999-12-31T23:59:59Z"),
        Case(seconds: 253_402_300_800, text: "10000-01-01T00:00:00Z"),
        Case(seconds: -0.5, text: "1969-12-31T23:59:59.500Z"),
        Case(seconds: 951_782_400, text: "2000-02-29T00:00:00Z"),
    ]

    @Test(arguments: written)
    func writtenInTheProlepticGregorianCalendar(_ test: Case) throws {
        let date = Date(timeIntervalSince1970: test.seconds)
        #expect(Date.xmlConversion.format(date) == test.text)
        #expect(try Date.xmlConversion.parse(test.text) == date)
    }

    static let read: [Case] = [
        Case(seconds: 1_714_566_600.123_456_7, text: "2024-05-01T12:30:00.1234567Z"),
        Case(seconds: 1_714_566_600.5, text: "2024-05-01T12:30:00.50000000000000000000000000000Z"),
        Case(seconds: 1_714_566_600.1, text: "2024-05-01T12:30:00.1Z"),
        Case(seconds: 1_714_559_400, text: "2024-05-01T12:30:00+02:00"),
        Case(seconds: 1_714_573_800, text: "2024-05-01T12:30:00-02:00"),
        Case(seconds: 1_714_608_000, text: "2024-05-01T24:00:00Z"),
        Case(seconds: 1_714_521_600, text: "2024-05-01"),
        Case(seconds: -62_135_596_800, text: "0001-01-01"),
        Case(seconds: -0.25, text: "1969-12-31T23:59:59.75Z"),
    ]

    @Test(arguments: read)
    func fractionsOfAnyLengthAndZonesAreRead(_ test: Case) throws {
        #expect(try Date.xmlConversion.parse(test.text) == Date(timeIntervalSince1970: test.seconds))
    }

    @Test(arguments: [
        "2023-02-29T00:00:00Z", "1900-02-29", "2024-04-31", "2024-05-01T12:30:00", "2024-05-01T24:00:01Z",
        "2024-05-01T12:60:00Z", "2024-05-01T12:30:60Z", "2024-05-01T12:30:00.Z", "24-05-01", "02024-05-01",
        "2024-05-01T12:30:00+2:00", "2024-05-01T12:30Z", "2024-05-01t12:30:00z",
    ])
    func invalidDatesAreRefused(_ text: String) {
        #expect(throws: ConversionError.self) { try Date.xmlConversion.parse(text) }
    }

    /// Random instants to the microsecond, and random `Double`s anywhere in ten thousand
    /// years, counted from 1970: each reads back as the same `Date`. A `Date` counted from
    /// 2001 may hold a finer fraction than seconds since 1970 can say: it reads back within
    /// that `Double`'s precision, far below a microsecond.
    @Test func randomDatesRoundTripExactly() throws {
        var random = SeededGenerator(seed: 14)
        for _ in 0..<20_000 {
            let micros = Int64.random(in: -9_000_000_000_000_000...9_000_000_000_000_000, using: &random)
            let exact = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            let text = Date.xmlConversion.format(exact)
            #expect(try Date.xmlConversion.parse(text) == exact, "\(text)")
            let seconds = Double.random(in: -62_135_596_800...253_402_300_799, using: &random)
            let any = Date(timeIntervalSince1970: seconds)
            let back = try Date.xmlConversion.parse(Date.xmlConversion.format(any))
            // Nine digits say every Double from about three years away from 1970 on.
            if abs(seconds) >= 1e8 {
                #expect(back == any, "\(Date.xmlConversion.format(any))")
            } else {
                #expect(abs(back.timeIntervalSince1970 - seconds) <= 5e-10)
            }
            let counted = Date(timeIntervalSinceReferenceDate: Double(micros) / 1_000_000)
            let read = try Date.xmlConversion.parse(Date.xmlConversion.format(counted))
            #expect(abs(read.timeIntervalSince(counted)) <= read.timeIntervalSince1970.ulp)
        }
    }

    /// A date a microsecond or more from a whole second keeps its microseconds, rounded to
    /// the nearest (never cut off).
    @Test func microsecondsAreRoundedNotTruncated() throws {
        var random = SeededGenerator(seed: 1582)
        for _ in 0..<5_000 {
            let second = Int64.random(in: 1_000_000_000...2_000_000_000, using: &random)
            let micros = Int64.random(in: 0..<1_000_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(second) + Double(micros) / 1_000_000)
            let text = Date.xmlConversion.format(date)
            let fraction = text.split(separator: ".").last.map { String($0.dropLast()) } ?? ""
            let written =
                micros == 0
                ? ""
                : String(
                    format: micros % 1000 == 0 ? "%03d" : "%06d",
                    micros % 1000 == 0 ? micros / 1000 : micros)
            #expect(text.contains(".") ? fraction == written : micros == 0, "\(text) for \(micros) µs")
        }
    }

    /// Python's `datetime` (proleptic Gregorian, microseconds) reads what we write as the
    /// same instant, and we read what it writes, with and without offsets.
    @Test func pythonDatetimeAgrees() async throws {
        var random = SeededGenerator(seed: 8601)
        // Microseconds since 1970 for years 1 to 9999; to the second outside the years a
        // Date holds microseconds in.
        var instants: [Int64] = []
        for index in 0..<3_000 {
            var micros = Int64.random(in: -62_135_596_800_000_000...253_402_300_799_999_999, using: &random)
            if index % 2 == 0 { micros = micros / 1_000_000 * 1_000_000 }
            if index % 2 == 1 {
                micros = Int64.random(in: -8_000_000_000_000_000...8_000_000_000_000_000, using: &random)
            }
            instants.append(micros)
        }
        let dates = instants.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }
        let texts = dates.map(Date.xmlConversion.format)
        let script = """
            import sys
            from datetime import datetime, timezone, timedelta
            epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
            for line in sys.stdin.read().split():
                moment = datetime.fromisoformat(line.replace("Z", "+00:00"))
                print((moment - epoch) // timedelta(microseconds=1))
            """
        let read = try await PythonPeer.run(script, input: texts.joined(separator: "\n")).split(separator: "\n")
        try #require(read.count == instants.count)
        for (index, text) in texts.enumerated() {
            // The Date is the nearest Double: compare with what it holds, to the microsecond.
            let held = Int64((dates[index].timeIntervalSince1970 * 1_000_000).rounded())
            // Python keeps microseconds and cuts off a ninth digit's nanoseconds.
            let difference = (Int64(read[index]) ?? .max) - held
            #expect(abs(difference) <= 1, "Python read \(text) as \(read[index]) µs, the Date holds \(held)")
        }

        let writer = """
            import sys
            from datetime import datetime, timezone, timedelta
            epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
            for index, line in enumerate(sys.stdin.read().split()):
                zone = timezone(timedelta(minutes=(index * 37) % 1500 - 720))
                moment = epoch + timedelta(microseconds=int(line))
                try:
                    print(moment.astimezone(zone).isoformat(), line)
                except OverflowError:
                    print(moment.isoformat(), line)
            """
        let pairs = try await PythonPeer.run(writer, input: instants.map(String.init).joined(separator: "\n"))
            .split(separator: "\n")
        try #require(pairs.count == instants.count)
        for pair in pairs {
            let fields = pair.split(separator: " ")
            let date = try Date.xmlConversion.parse(String(fields[0]))
            let expected = Date(timeIntervalSince1970: Double(Int64(fields[1]) ?? 0) / 1_000_000)
            let tolerance = expected.timeIntervalSinceReferenceDate.ulp
            #expect(abs(date.timeIntervalSince(expected)) <= tolerance, "\(pair)")
        }
    }
}
