import Foundation

/// Swift identifiers made from names in the input: PascalCase for types, camelCase for
/// properties and enum cases, keywords escaped.
///
/// Only ASCII letters, digits and `_` ever reach the output (letters with diacritics lose
/// them, other characters split words), so a name from an untrusted schema can never
/// close a declaration, open a comment or smuggle in an invisible character.
enum SwiftIdentifier {
    /// Words of a name: split at anything but ASCII letters and digits, and where a lower
    /// case letter or a digit meets an upper case one (`purchaseOrder` → `purchase`, `Order`),
    /// and before the last capital of an acronym followed by a word (`USPrice` → `US`, `Price`).
    static func words(_ name: String) -> [String] {
        let folded = name.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in folded {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber {
                words.append(current)
                current = ""
            } else if let previous, character.isLowercase, previous.isUppercase, current.count > 1,
                current.allSatisfy(\.isUppercase)
            {
                // The end of an acronym: `USPrice` → `US`, `Price`.
                words.append(String(current.dropLast()))
                current = String(previous)
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `purchase-order` → `PurchaseOrder`; `fallback` when no letter or digit is left.
    static func pascalCase(_ name: String, fallback: String) -> String {
        let joined = words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return startingWithLetter(joined, fallback: fallback)
    }

    /// `Purchase-Order` → `purchaseOrder`; `fallback` when no letter or digit is left.
    static func camelCase(_ name: String, fallback: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return fallback }
        // A word all in capitals (`URL`, `ID`) is lowered whole at the start: `urlBase`.
        let head = first == first.uppercased() ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        let tail = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return startingWithLetter(head + tail, fallback: fallback)
    }

    /// A name that starts with a digit gets the fallback word in front: `2nd` → `value2nd`.
    private static func startingWithLetter(_ name: String, fallback: String) -> String {
        guard let first = name.first else { return fallback }
        return first.isLetter ? name : fallback + name
    }

    /// The identifier as Swift source: in backticks when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Names a nested type cannot take even in backticks, or that would shadow what the
    /// generated code uses; a type with such a name gets a `_` after it.
    static let reservedTypeNames: Set<String> = [
        "Type", "Self", "Protocol", "Any", "AnyObject", "String", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Bool", "Double", "Float", "Decimal", "Date", "Data",
        "URL", "Array", "Dictionary", "Optional", "Set", "Origin", "Bindable", "OriginAware", "XMLBinder",
        "Conversion", "ConversionError", "XMLAttribute", "Ancestor", "ChildrenProvider", "AttributeContainer",
        "ValidationContext", "Never", "Error", "Sendable", "Regex", "Character", "Facets", "XMLValueConvertible",
        "NSRegularExpression", "NSRange", "Comparable", "BinaryFloatingPoint", "CaseIterable", "RawRepresentable",
        "Equatable", "Hashable", "UnknownContentPolicy", "Foundation", "XMLBind", "Swift", "Conversions",
        "XMLElementNode",
    ]

    /// Property names the generated classes use themselves.
    static let reservedPropertyNames: Set<String> = [
        "origin", "init", "self", "Self", "super", "deinit", "subscript", "Type", "Protocol", "keptAttributesToWrite",
        "attributesToWrite",
    ]

    /// Swift's keywords and the words that need backticks where an identifier goes.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "async", "each", "some", "any", "_",
    ]
}
