/// `Double` and `Float` computed from a ``DecimalText`` with exact arithmetic and one
/// correctly rounded step, for the common numbers; nil for the rest, which then go to
/// `strtod` (through `Double(String)` / `Float(String)`).
///
/// Three ways, all giving the correctly rounded value (the one `strtod` gives):
/// - Clinger's fast path: when the significand and the power of ten are both exact in the
///   type (a significand of at most 53 bits and 10^0...10^22 for `Double`; 24 bits and
///   10^0...10^10 for `Float`), one IEEE multiplication or division rounds their exact
///   product or quotient once. A larger power of ten works too when the significand can
///   take the excess and stay exact (`1e23` is 10 × 10^22).
/// - Integer arithmetic for up to 19 digits scaled by 10^-19...10^19 (the 16- and
///   17-digit shortest forms that `Double.description` and Python's `repr` write): the
///   product, or a 64-bit quotient with the remainder kept as a sticky bit, is exact
///   enough that converting it to the type (which rounds to nearest, ties to even) rounds
///   once, at the right place; scaling by a power of two is then exact.
enum FastFloatingText {
    /// 10^0 ... 10^22, each exact in a `Double` (5^22 < 2^53).
    private static let doublePowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
    /// 10^0 ... 10^10, each exact in a `Float` (5^10 < 2^24).
    private static let floatPowers: [Float] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10]
    /// 10^0 ... 10^19, the powers of ten that fit in 64 bits.
    private static let integerPowers: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// The `Double` nearest to the number, or nil when it needs the slow path.
    static func double(_ number: DecimalText) -> Double? {
        guard number.isExact else { return nil }
        let magnitude: Double
        if number.significand == 0 {
            magnitude = 0
        } else if number.significand <= 1 << 53, number.exponent >= -22, number.exponent <= 22 {
            let significand = Double(number.significand)
            magnitude =
                number.exponent >= 0
                ? significand * doublePowers[number.exponent] : significand / doublePowers[-number.exponent]
        } else if let significand = exactSignificand(number, limit: 1 << 53, largestPower: 22) {
            magnitude = Double(significand) * doublePowers[22]
        } else if let scaled = scaledInteger(number) {
            magnitude = Double(sign: .plus, exponent: scaled.binaryExponent, significand: Double(scaled.bits))
        } else {
            return nil
        }
        return number.isNegative ? -magnitude : magnitude
    }

    /// The `Float` nearest to the number, or nil when it needs the slow path.
    static func float(_ number: DecimalText) -> Float? {
        guard number.isExact else { return nil }
        let magnitude: Float
        if number.significand == 0 {
            magnitude = 0
        } else if number.significand <= 1 << 24, number.exponent >= -10, number.exponent <= 10 {
            let significand = Float(number.significand)
            magnitude =
                number.exponent >= 0
                ? significand * floatPowers[number.exponent] : significand / floatPowers[-number.exponent]
        } else if let significand = exactSignificand(number, limit: 1 << 24, largestPower: 10) {
            magnitude = Float(significand) * floatPowers[10]
        } else if let scaled = scaledInteger(number) {
            // At most 1.8e38 (19 nines times 10^19), below Float's largest finite value;
            // at least 1e-19, far above its smallest normal one: the scaling is exact.
            magnitude = Float(sign: .plus, exponent: scaled.binaryExponent, significand: Float(scaled.bits))
        } else {
            return nil
        }
        return number.isNegative ? -magnitude : magnitude
    }

    /// For a number like `1e23`, whose power of ten is past the largest exact one: the
    /// significand times the excess power of ten, when that is still at most `limit` (so
    /// exact in the type), to be multiplied by 10^`largestPower`. Nil otherwise.
    private static func exactSignificand(_ number: DecimalText, limit: UInt64, largestPower: Int) -> UInt64? {
        let excess = number.exponent - largestPower
        guard excess > 0, excess < integerPowers.count else { return nil }
        let (scaled, overflow) = number.significand.multipliedReportingOverflow(by: integerPowers[excess])
        return !overflow && scaled <= limit ? scaled : nil
    }

    /// The number as `bits × 2^binaryExponent`, where `bits` holds at least 63 significant
    /// bits of the exact value and its lowest bit is set when anything below was cut off,
    /// so that rounding `bits` to 53 or 24 bits rounds the exact value correctly. Nil when
    /// the power of ten does not fit in 64 bits.
    private static func scaledInteger(_ number: DecimalText) -> (bits: UInt64, binaryExponent: Int)? {
        let significand = number.significand
        if number.exponent >= 0 {
            guard number.exponent < integerPowers.count else { return nil }
            let product = significand.multipliedFullWidth(by: integerPowers[number.exponent])
            if product.high == 0 { return (product.low, 0) }
            let shift = product.high.leadingZeroBitCount
            let top = shift == 0 ? product.high : product.high << shift | product.low >> (64 - shift)
            let cutOff = product.low << shift
            return (top | (cutOff == 0 ? 0 : 1), 64 - shift)
        }
        guard -number.exponent < integerPowers.count else { return nil }
        let divisor = integerPowers[-number.exponent]
        // Shift the significand left so that the quotient has 63 or 64 bits: with b bits in
        // the significand and d in the divisor, a shift of d + 63 - b gives a dividend below
        // 2^(d + 63), so its high word is below the divisor (no overflow) and the quotient
        // at least 2^62.
        let shift = (64 - divisor.leadingZeroBitCount) + 63 - (64 - significand.leadingZeroBitCount)
        let dividend: (high: UInt64, low: UInt64)
        if shift == 0 {
            dividend = (0, significand)
        } else if shift < 64 {
            dividend = (significand >> (64 - shift), significand << shift)
        } else {
            dividend = (significand << (shift - 64), 0)
        }
        let (quotient, remainder) = divisor.dividingFullWidth(dividend)
        return (quotient | (remainder == 0 ? 0 : 1), -shift)
    }
}
