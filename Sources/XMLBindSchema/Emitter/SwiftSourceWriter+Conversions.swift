extension SwiftSourceWriter {
    /// `NAME+Conversions.swift`: the facet-checking conversions the plan needs, and the
    /// few helpers they and the built-in types share.
    func conversionsFile() -> String {
        var text = header + "\n" + imports + "\n"
        text += "extension \(plan.moduleName) {\n"
        text += "    /// Conversions that check what the schema says of its simple values, so that a value\n"
        text += "    /// outside a type's facets is a located error when a document binds.\n"
        text += "    enum Conversions {\n"
        for conversion in plan.conversions {
            text += SwiftLiteral.documentation("Values of `\(conversion.about)`.", indent: "        ")
            text += "        static let \(conversion.name): Conversion<\(conversion.swiftType)> = "
            text += call(conversion) + "\n\n"
        }
        text += Self.support
        text += "    }\n}\n"
        return text
    }

    private func call(_ conversion: EmissionPlan.PlannedConversion) -> String {
        let facets = conversion.facets
        var arguments = [conversion.base]
        func add(_ label: String, _ value: Int?) {
            if let value { arguments.append("\(label): \(value)") }
        }
        func add(_ label: String, _ value: String?) {
            if let value { arguments.append("\(label): \(SwiftLiteral.string(value))") }
        }
        add("length", facets.length)
        add("minLength", facets.minLength)
        add("maxLength", facets.maxLength)
        if !conversion.patterns.isEmpty {
            arguments.append(
                "patterns: ["
                    + conversion.patterns.map { "[" + $0.map(SwiftLiteral.string).joined(separator: ", ") + "]" }
                    .joined(separator: ", ") + "]")
        }
        add("totalDigits", facets.totalDigits)
        add("fractionDigits", facets.fractionDigits)
        if conversion.countsItems { arguments.append("countsItems: true") }
        if !conversion.collapsesWhitespace { arguments.append("collapsesWhitespace: false") }
        let ordered = SwiftTypeMapping.isOrdered(conversion.swiftType)
        if ordered {
            add("minInclusive", facets.minInclusive)
            add("maxInclusive", facets.maxInclusive)
            add("minExclusive", facets.minExclusive)
            add("maxExclusive", facets.maxExclusive)
        }
        let hasBounds =
            ordered
            && [facets.minInclusive, facets.maxInclusive, facets.minExclusive, facets.maxExclusive].contains {
                $0 != nil
            }
        return (hasBounds ? "bounded(" : "restricted(") + arguments.joined(separator: ", ") + ")"
    }

    /// The helpers, the same in every generated model.
    static let support = #"""
                /// `xs:float` and `xs:double`: the type's own reading, plus `INF`, `-INF` and `NaN`.
                static func floating<V: BinaryFloatingPoint & XMLValueConvertible>(_ type: V.Type) -> Conversion<V> {
                    let base = V.xmlConversion
                    return Conversion(
                        parse: { text in
                            switch text.trimmingCharacters(in: .whitespacesAndNewlines) {
                            case "INF", "+INF": return .infinity
                            case "-INF": return -.infinity
                            case "NaN": return .nan
                            default: return try base.parse(text)
                            }
                        },
                        format: { value in
                            if value.isNaN { return "NaN" }
                            if value.isInfinite { return value < 0 ? "-INF" : "INF" }
                            return base.format(value)
                        })
                }

                /// `xs:hexBinary`: two hex digits per byte, written in upper case.
                static let hexBinary = Conversion<Data>(
                    parse: { text in
                        let digits = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
                        guard digits.count % 2 == 0 else { throw ConversionError("odd number of hex digits") }
                        var bytes = Data(capacity: digits.count / 2)
                        var index = 0
                        while index < digits.count {
                            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                                throw ConversionError("not a hex digit")
                            }
                            bytes.append(high << 4 | low)
                            index += 2
                        }
                        return bytes
                    },
                    format: { bytes in
                        let digits = Array("0123456789ABCDEF".utf8)
                        let text = bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }
                        return String(decoding: text, as: UTF8.self)
                    })

                private static func hexValue(_ digit: UInt8) -> UInt8? {
                    switch digit {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
                    default: nil
                    }
                }

                /// A conversion that checks the text facets before `base` reads the value.
                static func restricted<V>(
                    _ base: Conversion<V>, length: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                    patterns: [[String]] = [], totalDigits: Int? = nil, fractionDigits: Int? = nil,
                    countsItems: Bool = false, collapsesWhitespace: Bool = true
                ) -> Conversion<V> {
                    let facets = TextFacets(
                        length: length, minLength: minLength, maxLength: maxLength,
                        patterns: patterns.map { group in group.compactMap { try? NSRegularExpression(pattern: $0) } },
                        totalDigits: totalDigits, fractionDigits: fractionDigits, countsItems: countsItems,
                        collapsesWhitespace: collapsesWhitespace)
                    return Conversion(
                        parse: { text in
                            try facets.check(text)
                            return try base.parse(text)
                        },
                        format: { base.format($0) })
                }

                /// A conversion that also checks the range facets of an ordered type.
                static func bounded<V: Comparable & Sendable>(
                    _ base: Conversion<V>, length: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                    patterns: [[String]] = [], totalDigits: Int? = nil, fractionDigits: Int? = nil,
                    countsItems: Bool = false, collapsesWhitespace: Bool = true, minInclusive: String? = nil,
                    maxInclusive: String? = nil, minExclusive: String? = nil, maxExclusive: String? = nil
                ) -> Conversion<V> {
                    let text = restricted(
                        base, length: length, minLength: minLength, maxLength: maxLength, patterns: patterns,
                        totalDigits: totalDigits, fractionDigits: fractionDigits, countsItems: countsItems,
                        collapsesWhitespace: collapsesWhitespace)
                    // A bound the type cannot read is left out rather than guessed.
                    let limits: [(text: String?, words: String, passes: @Sendable (V, V) -> Bool)] = [
                        (minInclusive, "at least", { $0 >= $1 }),
                        (maxInclusive, "at most", { $0 <= $1 }),
                        (minExclusive, "greater than", { $0 > $1 }),
                        (maxExclusive, "less than", { $0 < $1 }),
                    ]
                    var bounds: [(bound: V, text: String, passes: @Sendable (V, V) -> Bool)] = []
                    for limit in limits {
                        guard let text = limit.text, let bound = try? base.parse(text) else { continue }
                        bounds.append((bound, limit.words + " " + text, limit.passes))
                    }
                    let checks = bounds
                    return Conversion(
                        parse: { raw in
                            let value = try text.parse(raw)
                            for limit in checks where !limit.passes(value, limit.bound) {
                                throw ConversionError("the value must be " + limit.text)
                            }
                            return value
                        },
                        format: { text.format($0) })
                }

                /// The facets checked on a value's text.
                struct TextFacets: Sendable {
                    var length: Int?
                    var minLength: Int?
                    var maxLength: Int?
                    var patterns: [[NSRegularExpression]]
                    var totalDigits: Int?
                    var fractionDigits: Int?
                    var countsItems: Bool
                    var collapsesWhitespace: Bool

                    func check(_ raw: String) throws {
                        let text =
                            collapsesWhitespace
                            ? raw.split(whereSeparator: { " \t\n\r".contains($0) }).joined(separator: " ") : raw
                        let count = countsItems ? text.split(separator: " ").count : text.count
                        let unit = countsItems ? "items" : "characters"
                        if let length, count != length {
                            throw ConversionError("\(count) \(unit); exactly \(length) required")
                        }
                        if let minLength, count < minLength {
                            throw ConversionError("\(count) \(unit); at least \(minLength) required")
                        }
                        if let maxLength, count > maxLength {
                            throw ConversionError("\(count) \(unit); at most \(maxLength) allowed")
                        }
                        let range = NSRange(text.startIndex..., in: text)
                        for group in patterns where !group.isEmpty {
                            if !group.contains(where: { $0.firstMatch(in: text, range: range) != nil }) {
                                let shown = group.map(\.pattern).joined(separator: " or ")
                                throw ConversionError("does not match the pattern " + shown)
                            }
                        }
                        guard totalDigits != nil || fractionDigits != nil else { return }
                        let unsigned = text.drop { $0 == "+" || $0 == "-" }
                        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
                        let whole = parts.first.map { $0.drop { $0 == "0" } } ?? ""
                        let fraction = parts.count > 1 ? parts[1].reversed().drop { $0 == "0" } : []
                        if let fractionDigits, fraction.count > fractionDigits {
                            throw ConversionError("\(fraction.count) fraction digits; at most \(fractionDigits) allowed")
                        }
                        if let totalDigits, whole.count + fraction.count > totalDigits {
                            throw ConversionError("\(whole.count + fraction.count) digits; at most \(totalDigits) allowed")
                        }
                    }
                }

        """#
}
