/// A decimal number read from its bytes: sign, significant digits as an integer, and the
/// power of ten they are scaled by (`-12.5e3` is `-(125 × 10^2)`).
///
/// What ``FastFloatingText`` needs to compute a `Double` or `Float` without `strtod`.
/// Scanning accepts exactly the forms ``FloatingText/isDecimalNumber(_:)`` accepts (the
/// tests hold the two to that), so the fast and the slow path never disagree on which
/// texts are numbers.
struct DecimalText: Equatable {
    /// The most significant digits kept in ``significand``: 10^19 - 1 is the largest
    /// 19-digit number and still fits in 64 bits.
    static let maximumDigits = 19

    /// Whether the text starts with `-`.
    var isNegative = false
    /// The significant digits (leading zeros dropped), when there are at most
    /// ``maximumDigits`` of them; else meaningless (see ``isExact``).
    var significand: UInt64 = 0
    /// The power of ten the significand is scaled by. Saturates far outside any finite
    /// floating-point value instead of overflowing.
    var exponent = 0
    /// Whether ``significand`` holds every significant digit (false past ``maximumDigits``).
    var isExact = true

    /// The number in `bytes` (already trimmed), or nil when they are not
    /// `[+-]?(digits)(.digits?)?([eE][+-]?digits)?` or the same starting with `.`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalText? {
        var result = DecimalText()
        var index = 0
        let count = bytes.count
        if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            result.isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // Every digit goes into the significand, wrapping past 64 bits: leading zeros add
        // nothing, so with at most 19 significant digits no wrap happened. Only when there
        // are more than 19 digits in all are the significant ones counted (below).
        let digitsStart = index
        var significand: UInt64 = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            significand = significand &* 10 &+ UInt64(digit)
            index += 1
        }
        var digitCount = index - digitsStart
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                index += 1
            }
            // 0.05 is 5 × 10^-2: every fraction digit, leading zeros too, lowers the exponent.
            result.exponent = fractionStart - index
            digitCount += index - fractionStart
        }
        guard digitCount > 0 else { return nil }
        result.significand = significand
        if digitCount > maximumDigits {
            let zeros = leadingZeros(UnsafeBufferPointer(rebasing: bytes[digitsStart..<index]))
            result.isExact = digitCount - zeros <= maximumDigits
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            var written = 0
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Past a million the value is 0 or infinite whatever follows; stop growing.
                if written < 1_000_000 { written = written * 10 + Int(digit) }
                index += 1
            }
            guard index > start else { return nil }
            result.exponent += negativeExponent ? -written : written
        }
        guard index == count else { return nil }
        return result
    }

    /// The zeros before the first other digit (a `.` among them skipped).
    private static func leadingZeros(_ digits: UnsafeBufferPointer<UInt8>) -> Int {
        var zeros = 0
        for byte in digits where byte != UInt8(ascii: ".") {
            guard byte == UInt8(ascii: "0") else { break }
            zeros += 1
        }
        return zeros
    }
}
