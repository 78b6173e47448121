import Foundation
import Testing

@testable import XMLBind

/// One text bound into a property of one type, and what it must produce.
struct ConversionCase: Sendable, CustomTestStringConvertible {
    let typeName: String
    let text: String
    let expected: Outcome
    let bind: @Sendable (String) -> Outcome

    var testDescription: String { "\(typeName) from \"\(text)\"" }

    /// A text that converts to the value whose description is `value`.
    static func ok<V: XMLValueConvertible>(_ type: V.Type, _ text: String, _ value: String) -> ConversionCase {
        ConversionCase(typeName: "\(V.self)", text: text, expected: .value(value)) { bindElement($0, as: V.self) }
    }

    /// A text that does not convert; the full message is built from `reason`.
    static func bad<V: XMLValueConvertible>(
        _ type: V.Type, _ text: String, _ reason: String, shownAs typeName: String? = nil
    ) -> ConversionCase {
        let name = typeName ?? "\(V.self)"
        let message = "cannot convert \"\(text)\" to \(name) for property 'value' of <v>: \(reason)"
        return ConversionCase(typeName: name, text: text, expected: .failure(message)) { bindElement($0, as: V.self) }
    }
}

@Suite("Built-in conversions: String, Bool and numbers")
struct NumberConversionTests {
    static let stringAndBoolCases: [ConversionCase] = [
        .ok(String.self, "  spaces & <markup> kept\t", "  spaces & <markup> kept\t"),
        .ok(String.self, "", ""),
        .ok(String.self, "héllo wörld ✓", "héllo wörld ✓"),
        .ok(Bool.self, "true", "true"),
        .ok(Bool.self, "false", "false"),
        .ok(Bool.self, "1", "true"),
        .ok(Bool.self, "0", "false"),
        .ok(Bool.self, " \ntrue\t", "true"),
        .bad(Bool.self, "yes", "expected true, false, 1 or 0"),
        .bad(Bool.self, "TRUE", "expected true, false, 1 or 0"),
        .bad(Bool.self, "", "expected true, false, 1 or 0"),
        .bad(Bool.self, "10", "expected true, false, 1 or 0"),
    ]

    @Test(arguments: stringAndBoolCases)
    func stringAndBool(_ test: ConversionCase) {
        #expect(test.bind(test.text) == test.expected)
    }

    static let signedCases: [ConversionCase] = [
        .ok(Int8.self, "-128", "-128"),
        .ok(Int8.self, "127", "127"),
        .bad(Int8.self, "128", "value out of range for Int8 (-128...127)"),
        .bad(Int8.self, "-129", "value out of range for Int8 (-128...127)"),
        .ok(Int16.self, "-32768", "-32768"),
        .ok(Int16.self, "32767", "32767"),
        .bad(Int16.self, "32768", "value out of range for Int16 (-32768...32767)"),
        .bad(Int16.self, "-32769", "value out of range for Int16 (-32768...32767)"),
        .ok(Int32.self, "-2147483648", "-2147483648"),
        .ok(Int32.self, "2147483647", "2147483647"),
        .bad(Int32.self, "2147483648", "value out of range for Int32 (-2147483648...2147483647)"),
        .bad(Int32.self, "-2147483649", "value out of range for Int32 (-2147483648...2147483647)"),
        .ok(Int64.self, "-9223372036854775808", "-9223372036854775808"),
        .ok(Int64.self, "9223372036854775807", "9223372036854775807"),
        .bad(
            Int64.self, "9223372036854775808",
            "value out of range for Int64 (-9223372036854775808...9223372036854775807)"),
        .bad(
            Int64.self, "-9223372036854775809",
            "value out of range for Int64 (-9223372036854775808...9223372036854775807)"),
        .ok(Int.self, "-9223372036854775808", "-9223372036854775808"),
        .ok(Int.self, "9223372036854775807", "9223372036854775807"),
        .bad(
            Int.self, "9223372036854775808", "value out of range for Int (-9223372036854775808...9223372036854775807)"),
        .bad(
            Int.self, "-9223372036854775809", "value out of range for Int (-9223372036854775808...9223372036854775807)"),
        .bad(
            Int.self, "99999999999999999999999",
            "value out of range for Int (-9223372036854775808...9223372036854775807)"),
        .ok(Int.self, "+42", "42"),
        .ok(Int.self, " \t42\n", "42"),
        .ok(Int.self, "007", "7"),
        .ok(Int.self, "-0", "0"),
        .bad(Int.self, "", "not an integer"),
        .bad(Int.self, "-", "not an integer"),
        .bad(Int.self, "4 2", "not an integer"),
        .bad(Int.self, "1.0", "not an integer"),
        .bad(Int.self, "0x1F", "not an integer"),
        .bad(Int.self, "fast", "not an integer"),
        .bad(Int.self, "--1", "not an integer"),
    ]

    @Test(arguments: signedCases)
    func signedIntegers(_ test: ConversionCase) {
        #expect(test.bind(test.text) == test.expected)
    }

    static let unsignedCases: [ConversionCase] = [
        .ok(UInt8.self, "0", "0"),
        .ok(UInt8.self, "255", "255"),
        .bad(UInt8.self, "256", "value out of range for UInt8 (0...255)"),
        .bad(UInt8.self, "-1", "value out of range for UInt8 (0...255)"),
        .ok(UInt16.self, "65535", "65535"),
        .bad(UInt16.self, "65536", "value out of range for UInt16 (0...65535)"),
        .bad(UInt16.self, "-1", "value out of range for UInt16 (0...65535)"),
        .ok(UInt32.self, "4294967295", "4294967295"),
        .bad(UInt32.self, "4294967296", "value out of range for UInt32 (0...4294967295)"),
        .bad(UInt32.self, "-1", "value out of range for UInt32 (0...4294967295)"),
        .ok(UInt64.self, "18446744073709551615", "18446744073709551615"),
        .bad(UInt64.self, "18446744073709551616", "value out of range for UInt64 (0...18446744073709551615)"),
        .bad(UInt64.self, "-1", "value out of range for UInt64 (0...18446744073709551615)"),
        .ok(UInt.self, "0", "0"),
        .ok(UInt.self, "18446744073709551615", "18446744073709551615"),
        .bad(UInt.self, "18446744073709551616", "value out of range for UInt (0...18446744073709551615)"),
        .bad(UInt.self, "-1", "value out of range for UInt (0...18446744073709551615)"),
        .ok(UInt.self, "-0", "0"),
        .ok(UInt.self, "+7", "7"),
        .bad(UInt.self, "seven", "not an integer"),
    ]

    @Test(arguments: unsignedCases)
    func unsignedIntegers(_ test: ConversionCase) {
        #expect(test.bind(test.text) == test.expected)
    }

    static let floatingPointCases: [ConversionCase] = [
        .ok(Double.self, "3.25", "3.25"),
        .ok(Double.self, "-1.5e3", "-1500.0"),
        .ok(Double.self, "1E-2", "0.01"),
        .ok(Double.self, ".5", "0.5"),
        .ok(Double.self, "5.", "5.0"),
        .ok(Double.self, "+0.125", "0.125"),
        .ok(Double.self, " 2.5\n", "2.5"),
        .ok(Double.self, "INF", "inf"),
        .ok(Double.self, "+INF", "inf"),
        .ok(Double.self, "-INF", "-inf"),
        .ok(Double.self, "NaN", "nan"),
        .ok(Double.self, "1.7976931348623157e308", "1.7976931348623157e+308"),
        .bad(Double.self, "0x1p3", "not a number"),
        .bad(Double.self, "0x10", "not a number"),
        .bad(Double.self, "inf", "not a number"),
        .bad(Double.self, "infinity", "not a number"),
        .bad(Double.self, "nan", "not a number"),
        .bad(Double.self, "abc", "not a number"),
        .bad(Double.self, "", "not a number"),
        .bad(Double.self, ".", "not a number"),
        .bad(Double.self, "1e", "not a number"),
        .bad(Double.self, "1.2.3", "not a number"),
        .bad(Double.self, "1,5", "not a number"),
        .ok(Float.self, "0.1", "0.1"),
        .ok(Float.self, "-2.5e2", "-250.0"),
        .ok(Float.self, "3.4028235e38", "3.4028235e+38"),
        .ok(Float.self, "INF", "inf"),
        .ok(Float.self, "-INF", "-inf"),
        .ok(Float.self, "NaN", "nan"),
        .bad(Float.self, "0x1p3", "not a number"),
        .bad(Float.self, "garbage", "not a number"),
    ]

    @Test(arguments: floatingPointCases)
    func floatingPoint(_ test: ConversionCase) {
        #expect(test.bind(test.text) == test.expected)
    }

    @Test func nanIsReallyNaN() throws {
        let conversion = Double.xmlConversion
        #expect(try conversion.parse("NaN").isNaN)
        #expect(try conversion.parse("-INF") == -.infinity)
        #expect(try Float.xmlConversion.parse("INF") == .infinity)
    }

    @Test func attributesUseTheSameConversions() {
        #expect(bindAttribute("255", as: UInt8.self) == .value("255"))
        #expect(
            bindAttribute("256", as: UInt8.self)
                == .failure(
                    "cannot convert \"256\" to UInt8 for property 'value' of <v>: value out of range for UInt8 (0...255)"
                ))
        #expect(bindAttribute(" 1 ", as: Bool.self) == .value("true"))
        #expect(bindAttribute("-INF", as: Double.self) == .value("-inf"))
    }

    @Test func numbersFormatBack() {
        #expect(Int8.xmlConversion.format(-128) == "-128")
        #expect(UInt64.xmlConversion.format(.max) == "18446744073709551615")
        #expect(Double.xmlConversion.format(.infinity) == "INF")
        #expect(Double.xmlConversion.format(-.infinity) == "-INF")
        #expect(Double.xmlConversion.format(.nan) == "NaN")
        #expect(Double.xmlConversion.format(0.1) == "0.1")
        #expect(Bool.xmlConversion.format(true) == "true")
    }
}
