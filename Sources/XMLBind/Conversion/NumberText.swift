/// Integers parsed straight from UTF-8 bytes, with overflow reported instead of wrapped.
enum IntegerText {
    static func conversion<I: FixedWidthInteger & Sendable>() -> Conversion<I> {
        Conversion(bytes: { try parse($0) }, format: { String($0) })
    }

    /// Parses `[+-]?[0-9]+`, surrounding XML whitespace ignored.
    static func parse<I: FixedWidthInteger>(_ raw: UnsafeBufferPointer<UInt8>) throws -> I {
        let bytes = XMLWhitespace.trimmed(raw)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.count else { throw ConversionError("not an integer") }
        var value: I = 0
        var overflow = false
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { throw ConversionError("not an integer") }
            if !overflow {
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                // Accumulate negatives downwards so that I.min itself parses.
                let (next, o2) =
                    negative
                    ? shifted.subtractingReportingOverflow(I(digit))
                    : shifted.addingReportingOverflow(I(digit))
                overflow = o1 || o2
                value = next
            }
            index += 1
        }
        if overflow || (negative && !I.isSigned && value != 0) {
            throw ConversionError("value out of range for \(I.self) (\(I.min)...\(I.max))")
        }
        return value
    }
}

/// Floating-point text in XML Schema's lexical forms.
enum FloatingText {
    static func conversion<F: DecimalFloatingPoint>() -> Conversion<F> {
        Conversion(
            bytes: { try parse($0) },
            format: { value in
                if value.isNaN { return "NaN" }
                if value.isInfinite { return value < 0 ? "-INF" : "INF" }
                return value.description
            })
    }

    /// Parses a decimal number (see ``isDecimalNumber(_:)``), `INF`, `+INF`, `-INF` or
    /// `NaN`, surrounding XML whitespace ignored.
    static func parse<F: DecimalFloatingPoint>(_ raw: UnsafeBufferPointer<UInt8>) throws -> F {
        let bytes = XMLWhitespace.trimmed(raw)
        guard let number = DecimalText.scan(bytes) else {
            if XMLWhitespace.equal(bytes, "INF") || XMLWhitespace.equal(bytes, "+INF") { return .infinity }
            if XMLWhitespace.equal(bytes, "-INF") { return -.infinity }
            if XMLWhitespace.equal(bytes, "NaN") { return .nan }
            throw ConversionError("not a number")
        }
        if let value = F.exactly(number) { return value }
        // Long significands and far exponents: strtod, as before the fast path existed.
        guard let value = F(String(decoding: bytes, as: UTF8.self)) else { throw ConversionError("not a number") }
        return value
    }

    /// Whether the bytes are `[+-]?(digits)(.digits?)?([eE][+-]?digits)?` or the same
    /// starting with `.`: the forms XML Schema allows, without hex or `inf` spellings.
    static func isDecimalNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var mantissa = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
