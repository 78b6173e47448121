/// A floating-point type whose values ``FloatingText`` reads: through ``FastFloatingText``
/// when the number allows, else through the type's own `init?(_: String)` (`strtod`).
protocol DecimalFloatingPoint: BinaryFloatingPoint, LosslessStringConvertible, Sendable {
    /// The correctly rounded value of the number, or nil when only the slow path knows it.
    static func exactly(_ number: DecimalText) -> Self?
}

extension Double: DecimalFloatingPoint {
    static func exactly(_ number: DecimalText) -> Double? { FastFloatingText.double(number) }
}

extension Float: DecimalFloatingPoint {
    static func exactly(_ number: DecimalText) -> Float? { FastFloatingText.float(number) }
}
