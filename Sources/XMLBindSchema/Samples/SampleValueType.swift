import Foundation
import XMLBind

/// The types a sample's values are inferred as, from the most specific to the most general:
/// a value type is kept only while every value seen is one, and writes back as the same text.
struct SampleValueType: OptionSet, Hashable {
    let rawValue: Int

    static let boolean = SampleValueType(rawValue: 1 << 0)
    static let integer = SampleValueType(rawValue: 1 << 1)
    static let decimal = SampleValueType(rawValue: 1 << 2)
    static let dateTime = SampleValueType(rawValue: 1 << 3)
    static let url = SampleValueType(rawValue: 1 << 4)
    static let all: SampleValueType = [.boolean, .integer, .decimal, .dateTime, .url]

    /// The types `text` is a value of. Numbers and booleans count only when the generated
    /// property writes them back as the same text (`007` and `1.50` stay strings), since
    /// the result must round-trip the samples; dates and URLs stay text in the generated code.
    static func of(_ text: String) -> SampleValueType {
        var types: SampleValueType = []
        guard !text.isEmpty, text.allSatisfy({ !$0.isWhitespace }) else { return types }
        if text == "true" || text == "false" { types.insert(.boolean) }
        if let value = try? Int.xmlConversion.parse(text), Int.xmlConversion.format(value) == text {
            types.insert(.integer)
        }
        if text.contains("."), let value = try? Decimal.xmlConversion.parse(text),
            Decimal.xmlConversion.format(value) == text
        {
            types.insert(.decimal)
        }
        if types.contains(.integer) { types.insert(.decimal) }
        if isDateTime(text) { types.insert(.dateTime) }
        if isURL(text) { types.insert(.url) }
        return types
    }

    /// The XML Schema type of values that are all of these types: the most specific.
    var builtin: BuiltinType {
        if contains(.boolean) { return .boolean }
        if contains(.integer) { return .integer }
        if contains(.decimal) { return .decimal }
        if contains(.dateTime) { return .dateTime }
        if contains(.url) { return .anyURI }
        return .string
    }

    /// `2024-05-01T10:00:00Z`, with optional fraction and zone: XML Schema's `dateTime`.
    private static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        guard bytes.count >= 19, digits(0..<4), bytes[4] == UInt8(ascii: "-"), digits(5..<7),
            bytes[7] == UInt8(ascii: "-"), digits(8..<10), bytes[10] == UInt8(ascii: "T"), digits(11..<13),
            bytes[13] == UInt8(ascii: ":"), digits(14..<16), bytes[16] == UInt8(ascii: ":"), digits(17..<19)
        else { return false }
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let count = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            guard count > 0 else { return false }
            rest = rest.dropFirst(count)
        }
        if rest.isEmpty || Array(rest) == [UInt8(ascii: "Z")] { return true }
        let zone = Array(rest)
        return zone.count == 6 && (zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"))
            && zone[3] == UInt8(ascii: ":")
            && zone.enumerated().allSatisfy {
                [0, 3].contains($0.offset) || ($0.element >= 0x30 && $0.element <= 0x39)
            }
    }

    /// An absolute URL with a scheme and an authority (`https://…`, `file:///…`).
    private static func isURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://"), range.lowerBound > text.startIndex else { return false }
        let scheme = text[..<range.lowerBound]
        return scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
