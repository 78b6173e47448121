import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// What the floating-point conversions did before the fast path: `INF`, `+INF`, `-INF` and
/// `NaN`, else `isDecimalNumber` and then the type's `init?(_: String)` (strtod) on the
/// trimmed text. The fast path must agree with it bit for bit, on acceptance too.
private func strtodReference<F: DecimalFloatingPoint>(_ text: String, as type: F.Type) -> F? {
    var text = text
    return text.withUTF8 { raw -> F? in
        let bytes = XMLWhitespace.trimmed(raw)
        let trimmed = String(decoding: bytes, as: UTF8.self)
        switch trimmed {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: break
        }
        guard FloatingText.isDecimalNumber(bytes) else { return nil }
        return F(trimmed)
    }
}

/// The conversion's result for `text`, nil when it throws "not a number".
private func converted<F: DecimalFloatingPoint>(_ text: String, as type: F.Type) -> F? {
    var copy = text
    return copy.withUTF8 { bytes -> F? in
        do {
            return try FloatingText.parse(bytes) as F
        } catch let error as ConversionError {
            #expect(error.reason == "not a number", "\(text)")
            return nil
        } catch {
            Issue.record("unexpected error \(error) for \(text)")
            return nil
        }
    }
}

/// The fast path alone: nil when it leaves the number to strtod.
private func fastOnly<F: DecimalFloatingPoint>(_ text: String, as type: F.Type) -> F? {
    var text = text
    return text.withUTF8 { bytes in DecimalText.scan(bytes).flatMap { F.exactly($0) } }
}

/// Whether two optional values are the same bits (any NaN equals any NaN).
private func sameBits<F: BinaryFloatingPoint>(_ a: F?, _ b: F?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?): return a.isNaN ? b.isNaN : (!b.isNaN && a.sign == b.sign && a == b)
    default: return false
    }
}

/// Checks one text for both types against the reference; returns a message when they differ.
private func mismatch(_ text: String) -> String? {
    let double = (ours: converted(text, as: Double.self), reference: strtodReference(text, as: Double.self))
    if !sameBits(double.ours, double.reference) {
        return "Double \"\(text)\": \(String(describing: double.ours)) != \(String(describing: double.reference))"
    }
    let float = (ours: converted(text, as: Float.self), reference: strtodReference(text, as: Float.self))
    if !sameBits(float.ours, float.reference) {
        return "Float \"\(text)\": \(String(describing: float.ours)) != \(String(describing: float.reference))"
    }
    return nil
}

@Suite("Double and Float from bytes without strtod, bit for bit as strtod")
struct FastFloatingTextTests {
    static let edgeCases: [String] = [
        "0", "-0", "+0", "0.0", "-0.0", "00000", "-.0", "0e0", "0e-400", "-0e999999999999999999999",
        "1e22", "1e23", "-1e22", "9e22", "1e-22", "1e-23", "4.5e15", "123456789012345e7",
        "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
        "18014398509481985", "18446744073709551615", "9999999999999999999", "10000000000000000000",
        "99999999999999999999", "0.1", "0.2", "0.3", "-0.1", "1.1119999999999999", "3.4399999999999999",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324", "5e-324",
        "2e-324", "1e-400", "1e308", "1.7976931348623157e308", "1.7976931348623158e308",
        "1.7976931348623159e308", "1e309", "-1e400", "3.4028235e38", "3.4028236e38", "3.5e38", "1e39",
        "1.17549435e-38", "1e-45", "1.4e-45", "7e-46", "16777216", "16777217", "16777218", "16777219",
        "33554433", "0.000000000000000000000000000001", "123456789012345678901234567890",
        "1.00000000000000000000000000000", "0.30000000000000000000000000001",
        "3.14159265358979323846264338327950288", "000000000000000000000000000001.5", "0000.0000125",
        ".5", "5.", "+1", "-1", "1e+5", "1E-5", "1e+05", "1e-0", "-2.5E+10", "1e0000000000000000000022",
        " 2.5", "2.5 ", "\t\n 1e10 \r\n", "  -.25e-3\t", "INF", "+INF", "-INF", "NaN", " INF ",
        "1099511627776e-19", "1e-19", "9999999999999999999e-19", "9999999999999999999e19",
        "1844674407370955161.5e19", "0.0000000000000000001", "1.2345678901234567e-10",
    ]

    @Test(arguments: edgeCases)
    func edgeCase(_ text: String) {
        #expect(mismatch(text) == nil)
    }

    static let rejected: [String] = [
        "", " ", "+", "-", ".", "+.", "-.e1", "e5", "E5", ".e5", "1e", "1e+", "1e-", "1.2.3", "1,5",
        "0x1p3", "0x10", "inf", "-inf", "Infinity", "+Infinity", "nan", "+NaN", "-NaN", "NAN", "INFINITY",
        "1 2", "--1", "+-1", "1e5.5", "1e5e5", "1_000", "1d5", "1f", "١", "1\u{0}", "\u{FEFF}1", "1\u{A0}",
        "INF5", "+INF ", "NaN1", "1e+-5", "1.e", "+e", "..5", "5..", "1..e3", "IN F",
    ]

    @Test(arguments: rejected)
    func rejection(_ text: String) {
        var copy = text
        let scanned = copy.withUTF8 { DecimalText.scan(XMLWhitespace.trimmed($0)) }
        let special = ["INF", "+INF", "-INF", "NaN"].contains(XMLWhitespace.trimmed(text))
        #expect(scanned == nil)
        #expect(special || converted(text, as: Double.self) == nil)
        #expect(special || converted(text, as: Float.self) == nil)
        #expect(mismatch(text) == nil)
    }

    /// The forms the benchmark and XML-RPC peers write: the fast path must take them, not
    /// only agree with strtod by falling back to it.
    @Test(arguments: [
        "0.1", "3.25", "-1.5e3", "1e22", "1e23", "1.1119999999999999", "148.00099999999998",
        "12345.678", "0.001", "9007199254740993", "1.7976931348623157", "2.5e-10", "1e+19",
    ])
    func fastPathTaken(_ text: String) {
        let fast = fastOnly(text, as: Double.self)
        #expect(fast != nil, "fast path declined \(text)")
        #expect(sameBits(fast, Double(text)))
    }

    @Test func scannedParts() {
        func parts(_ text: String) -> DecimalText? {
            var copy = text
            return copy.withUTF8 { DecimalText.scan($0) }
        }
        #expect(parts("-12.5e3") == DecimalText(isNegative: true, significand: 125, exponent: 2))
        #expect(parts("0.0050") == DecimalText(isNegative: false, significand: 50, exponent: -4))
        #expect(parts("+007") == DecimalText(isNegative: false, significand: 7, exponent: 0))
        #expect(parts("1234567890123456789012")?.isExact == false)
        #expect(parts("1234567890123456789")?.significand == 1_234_567_890_123_456_789)
    }

    /// Tens of thousands of random decimal texts of varied length, point position, leading
    /// zeros, exponents and whitespace; seeded so that a failure reproduces.
    @Test func randomDecimalTexts() {
        var generator = SeededGenerator(seed: 0x5EED_F10A7)
        var failures: [String] = []
        for _ in 0..<40_000 {
            let text = Self.randomDecimal(using: &generator)
            if let failure = mismatch(text) { failures.append(failure) }
            var copy = text
            #expect(copy.withUTF8 { DecimalText.scan(XMLWhitespace.trimmed($0)) } != nil, "\(text)")
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
    }

    /// Integers exactly halfway between two neighbouring doubles (or floats) above 2^53
    /// (2^24), written plainly and with exponents: ties must round to even.
    @Test func halfwayIntegers() {
        var generator = SeededGenerator(seed: 0x4A1F_3A7)
        var failures: [String] = []
        for _ in 0..<5_000 {
            for precision in [53, 24] {
                let power = Int.random(in: (precision + 1)...63, using: &generator)
                let step = UInt64(1) << (power - precision)
                let odd = UInt64.random(in: 0..<(UInt64(1) << (precision - 1)), using: &generator) * 2 + 1
                let value = (UInt64(1) << power) + odd * (step / 2)
                let digits = String(value)
                let split = Int.random(in: 1...digits.count, using: &generator)
                let shifted = "\(digits.prefix(split)).\(digits.dropFirst(split))e\(digits.count - split)"
                for text in [digits, shifted, "-\(digits)"] {
                    if let failure = mismatch(text) { failures.append(failure) }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
    }

    /// The hardest texts to round: the exact midpoint between two neighbouring doubles (or
    /// floats), cut to 17, 18 or 19 digits (just below the midpoint) and with the last digit
    /// raised by one (just above). Only the remainder of the division (the sticky bit) tells
    /// the two apart, so these fail if it is lost.
    @Test func nearMidpoints() {
        var generator = SeededGenerator(seed: 0x3ED_9017)
        var failures: [String] = []
        var taken = 0
        for round in 0..<3_000 {
            let isFloat = round % 3 == 0
            let precision = isFloat ? 24 : 53
            let significand = UInt64.random(in: 0..<(UInt64(1) << (precision - 1)), using: &generator)
            let midpoint = ((UInt64(1) << (precision - 1)) | significand) * 2 + 1
            let binaryExponent = Int.random(in: -64...126, using: &generator) - precision
            let (digits, decimalExponent) = Self.exactDecimal(midpoint, timesTwoToThe: binaryExponent)
            for count in [17, 18, 19] where count < digits.count {
                let below = String(digits.prefix(count))
                let above = String(UInt64(below).map { $0 + 1 } ?? 0)
                let exponent = decimalExponent + digits.count - count
                for text in ["\(below)e\(exponent)", "\(above)e\(exponent)"] {
                    if let failure = mismatch(text) { failures.append(failure) }
                    let fast =
                        isFloat ? fastOnly(text, as: Float.self).map(Double.init) : fastOnly(text, as: Double.self)
                    if fast != nil { taken += 1 }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
        #expect(taken > 5_000, "only \(taken) texts took the fast path")
    }

    /// The decimal digits of `value × 2^exponent` (exact: × 5^-exponent / 10^-exponent), and
    /// the power of ten they are scaled by.
    static func exactDecimal(_ value: UInt64, timesTwoToThe exponent: Int) -> (digits: String, exponent: Int) {
        var digits = String(value).utf8.reversed().map { $0 - UInt8(ascii: "0") }
        let factor: UInt8 = exponent < 0 ? 5 : 2
        for _ in 0..<abs(exponent) {
            var carry: UInt8 = 0
            for index in digits.indices {
                let product = digits[index] * factor + carry
                digits[index] = product % 10
                carry = product / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        let text = String(decoding: digits.reversed().map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return (text, min(exponent, 0))
    }

    /// Random texts over the characters numbers are made of: whatever `isDecimalNumber`
    /// accepts, the scanner accepts, and the conversion accepts exactly what it did.
    @Test func randomNearMisses() {
        var generator = SeededGenerator(seed: 0xBAD_F10A7)
        let alphabet = Array("0123456789+-.eE INFNa\t")
        var failures: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...8, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
            var copy = text
            let agree = copy.withUTF8 { raw in
                let bytes = XMLWhitespace.trimmed(raw)
                return (DecimalText.scan(bytes) != nil) == FloatingText.isDecimalNumber(bytes)
            }
            if !agree { failures.append("scanner and isDecimalNumber disagree on \"\(text)\"") }
            if let failure = mismatch(text) { failures.append(failure) }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
    }

    static func randomDecimal(using generator: inout SeededGenerator) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        var text = ""
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: text += "-"
        case 1 where Bool.random(using: &generator): text += "+"
        default: break
        }
        if Int.random(in: 0..<6, using: &generator) == 0 {
            text += String(repeating: "0", count: Int.random(in: 1...4, using: &generator))
        }
        // Mostly the lengths the fast paths handle (up to 19 digits), sometimes longer.
        let count =
            Int.random(in: 0..<8, using: &generator) == 0
            ? Int.random(in: 20...30, using: &generator) : Int.random(in: 1...19, using: &generator)
        let body = digits(count)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: text += body
        case 1: text += "." + body
        case 2: text += body + "."
        default:
            let point = Int.random(in: 0...count, using: &generator)
            text += body.prefix(point) + "." + body.dropFirst(point)
        }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: break
        case 1:
            text += (Bool.random(using: &generator) ? "e" : "E") + String(Int.random(in: -25...25, using: &generator))
        case 2:
            text +=
                "e" + (Bool.random(using: &generator) ? "+" : "") + String(Int.random(in: 0...40, using: &generator))
        default: text += "e" + String(Int.random(in: -340...310, using: &generator))
        }
        if Int.random(in: 0..<10, using: &generator) == 0 { text = " \t" + text + "\n" }
        return text
    }
}
