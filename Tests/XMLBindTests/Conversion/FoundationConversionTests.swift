import Foundation
import Testing

@testable import XMLBind

@Suite("Built-in conversions: Foundation types, lists and optionals")
struct FoundationConversionTests {
    /// Dates are described by their seconds since 1970, so that fractions show.
    static func seconds(_ date: Date) -> String { String(date.timeIntervalSince1970) }

    static let cases: [ConversionCase] = [
        .ok(Decimal.self, "0.1", "0.1"),
        .ok(Decimal.self, "-1.5e-3", "-0.0015"),
        .ok(Decimal.self, " 42 ", "42"),
        .ok(Decimal.self, "3.14159265358979323846264338327950288", "3.14159265358979323846264338327950288"),
        .bad(Decimal.self, "1,5", "not a decimal number"),
        .bad(Decimal.self, "0x10", "not a decimal number"),
        .bad(Decimal.self, "NaN", "not a decimal number"),
        .bad(Decimal.self, "", "not a decimal number"),
        .ok(URL.self, "https://example.com/a/b?c=d#e", "https://example.com/a/b?c=d#e"),
        .ok(URL.self, " relative/path.xml\n", "relative/path.xml"),
        .ok(URL.self, "file:///etc/hosts", "file:///etc/hosts"),
        .bad(URL.self, "", "not a valid URL"),
        .bad(URL.self, "   ", "not a valid URL"),
        .ok(UUID.self, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        .ok(UUID.self, " e621e1f8-c36c-495a-93fc-0c247a3e6e5f ", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        .bad(UUID.self, "E621E1F8C36C495A93FC0C247A3E6E5F", "not a UUID"),
        .bad(UUID.self, "not-a-uuid", "not a UUID"),
        .bad(UUID.self, "", "not a UUID"),
    ]

    @Test(arguments: cases)
    func decimalURLAndUUID(_ test: ConversionCase) {
        #expect(test.bind(test.text) == test.expected)
    }

    @Test func decimalIsExact() throws {
        let decimal = Decimal.xmlConversion
        let sum = try decimal.parse("0.1") + decimal.parse("0.2")
        #expect(sum == (try decimal.parse("0.3")))
        let big = try decimal.parse("12345678901234567890.12345678901234567")
        #expect(big.description == "12345678901234567890.12345678901234567")
        #expect(decimal.format(big) == "12345678901234567890.12345678901234567")
    }

    struct DateCase: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: Outcome
        var testDescription: String { "Date from \"\(text)\"" }

        static func ok(_ text: String, _ seconds: Double) -> DateCase {
            DateCase(text: text, expected: .value(String(seconds)))
        }
        static func bad(_ text: String) -> DateCase {
            let message = "cannot convert \"\(text)\" to Date for property 'value' of <v>: not an ISO 8601 date"
            return DateCase(text: text, expected: .failure(message))
        }
    }

    static let dates: [DateCase] = [
        .ok("2024-05-01T12:30:00Z", 1_714_566_600),
        .ok("2024-05-01T12:30:00.250Z", 1_714_566_600.25),
        .ok("2024-05-01T12:30:00+02:00", 1_714_559_400),
        .ok(" 2024-05-01T12:30:00Z\n", 1_714_566_600),
        .ok("2024-05-01", 1_714_521_600),
        .bad("2024-13-01"),
        .bad("01/05/2024"),
        .bad("2024-05-01 12:30"),
        .bad("yesterday"),
        .bad(""),
    ]

    @Test(arguments: dates)
    func iso8601Dates(_ test: DateCase) {
        #expect(bindElement(test.text, as: Date.self, describe: Self.seconds) == test.expected)
    }

    @Test func datesFormatAsUTC() throws {
        let conversion = Date.xmlConversion
        #expect(conversion.format(Date(timeIntervalSince1970: 1_714_566_600)) == "2024-05-01T12:30:00Z")
        #expect(conversion.format(Date(timeIntervalSince1970: 1_714_566_600.25)) == "2024-05-01T12:30:00.250Z")
    }

    static func utf8(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func base64Data() {
        #expect(bindElement("aGVsbG8gd29ybGQ=", as: Data.self, describe: Self.utf8) == .value("hello world"))
        #expect(
            bindElement("\n  aGVsbG8g\r\n  d29ybGQ=\n", as: Data.self, describe: Self.utf8) == .value("hello world"))
        #expect(bindElement("", as: Data.self, describe: Self.utf8) == .value(""))
        #expect(
            bindElement("aGVsbG8", as: Data.self)
                == .failure("cannot convert \"aGVsbG8\" to Data for property 'value' of <v>: not valid base64"))
        #expect(
            bindElement("a*b=", as: Data.self)
                == .failure("cannot convert \"a*b=\" to Data for property 'value' of <v>: not valid base64"))
        #expect(Data.xmlConversion.format(Data("hello".utf8)) == "aGVsbG8=")
    }

    @Test func arraysAreWhitespaceLists() {
        #expect(bindElement("1 2\n 3\t4\r\n", as: [Int].self) == .value("[1, 2, 3, 4]"))
        #expect(bindElement("  ", as: [Int].self) == .value("[]"))
        #expect(bindElement("a  b", as: [String].self) == .value("[\"a\", \"b\"]"))
        #expect(bindElement("true 0", as: [Bool].self) == .value("[true, false]"))
        #expect(
            bindElement("1 x 3", as: [Int].self)
                == .failure("cannot convert \"1 x 3\" to [Int] for property 'value' of <v>: not an integer"))
        #expect(
            bindElement("1 300", as: [UInt8].self)
                == .failure(
                    "cannot convert \"1 300\" to [UInt8] for property 'value' of <v>: "
                        + "value out of range for UInt8 (0...255)"))
        #expect([Int].xmlConversion.format([1, 2, 3]) == "1 2 3")
    }

    struct Optionals: Bindable, Equatable {
        var name: String?
        var count: Int?
        var ratio: Double?
        var when: Date?
        init() {}
    }

    static let optionals = XMLBinder().registeredAtSetup(
        mapping(Optionals.self, element: "o").property(\.name).property(\.count).property(\.ratio).property(\.when)
    )

    @Test func optionalsStayNilWhenAbsent() throws {
        let empty = try Self.optionals.parse("<o/>", as: Optionals.self)
        #expect(empty == Optionals())
        let full = try Self.optionals.parse(
            "<o name='' count='3'><ratio>0.5</ratio><when>2024-05-01</when></o>", as: Optionals.self)
        #expect(full.name == "")
        #expect(full.count == 3)
        #expect(full.ratio == 0.5)
        #expect(full.when == Date(timeIntervalSince1970: 1_714_521_600))
    }

    @Test func optionalsNameTheWrappedTypeInErrors() {
        let error = bindError { _ = try Self.optionals.parse("<o count=''/>", as: Optionals.self) }
        #expect(error?.message == "cannot convert \"\" to Int for property 'count' of <o>: not an integer")
        let dateError = bindError { _ = try Self.optionals.parse("<o><when>soon</when></o>", as: Optionals.self) }
        #expect(
            dateError?.message == "cannot convert \"soon\" to Date for property 'when' of <o>: not an ISO 8601 date")
    }
}
