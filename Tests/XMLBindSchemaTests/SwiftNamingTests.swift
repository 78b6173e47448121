import Foundation
import Testing

@testable import XMLBindSchema

@Suite("Swift names and literals from untrusted input")
struct SwiftNamingTests {
    struct Case: CustomStringConvertible, Sendable {
        var input: String
        var type: String
        var property: String
        var description: String { input }
    }

    @Test(
        "Names become PascalCase types and camelCase properties of ASCII letters and digits",
        arguments: [
            Case(input: "purchase-order", type: "PurchaseOrder", property: "purchaseOrder"),
            Case(input: "USPrice", type: "USPrice", property: "usPrice"),
            Case(input: "xml_lang", type: "XmlLang", property: "xmlLang"),
            Case(input: "2nd", type: "Value2nd", property: "value2nd"),
            Case(input: "é-lève", type: "ELeve", property: "eLeve"),
            Case(input: "x\");print(\"pwned", type: "XPrintPwned", property: "xPrintPwned"),
            Case(input: "*/ #if", type: "If", property: "if"),
            Case(input: "\u{202E}", type: "Value", property: "value"),
        ])
    func names(_ test: Case) {
        #expect(SwiftIdentifier.pascalCase(test.input, fallback: "Value") == test.type)
        #expect(SwiftIdentifier.camelCase(test.input, fallback: "value") == test.property)
    }

    @Test("Keywords are escaped with backticks")
    func keywords() {
        #expect(SwiftIdentifier.escaped("default") == "`default`")
        #expect(SwiftIdentifier.escaped("if") == "`if`")
        #expect(SwiftIdentifier.escaped("title") == "title")
    }

    @Test("A string literal escapes quotes, backslashes, line breaks and everything outside printable ASCII")
    func literals() {
        #expect(SwiftLiteral.string(#"a"b"#) == #""a\"b""#)
        #expect(SwiftLiteral.string(#"\(x)"#) == #""\\(x)""#)
        #expect(SwiftLiteral.string("\"\"\"\n#if") == #""\"\"\"\n#if""#)
        #expect(SwiftLiteral.string("é\u{202E}") == #""\u{e9}\u{202e}""#)
    }

    @Test("Documentation becomes /// lines: every line break starts a new comment line, hidden characters go")
    func documentation() {
        let text = "Ends */ here\n#if false\rnext\u{2028}last \u{202E}bidi\u{0007}"
        #expect(
            SwiftLiteral.documentation(text, indent: "    ")
                == "    /// Ends */ here\n    /// #if false\n    /// next\n    /// last bidi\n")
        #expect(SwiftLiteral.documentation("\n   indented\n     more\n", indent: "") == "/// indented\n///   more\n")
    }

    @Test("Names are allocated deterministically, ignoring case for types")
    func allocation() {
        var types = NameAllocator(reserved: ["Type"], ignoresCase: true)
        #expect(types.claim("Item") == "Item")
        #expect(types.claim("ITEM") == "ITEM2")
        #expect(types.claim("type") == "type2")
    }

    @Test(
        "XML Schema patterns become anchored ICU patterns, or nil where a feature has no ICU form",
        arguments: [
            (#"\d{3}-[A-Z]{2}"#, #"^(?:\d{3}-[A-Z]{2})$"#),
            ("a^b$", #"^(?:a\^b\$)$"#),
            (#"\i\c*"#, #"^(?:[_:A-Za-z][\-.0-9_:A-Za-z]*)$"#),
            ("[a-z-[aeiou]]", "^(?:[[a-z]--[aeiou]])$"),
            ("[^0-9-[a-c-[b]]]x", "^(?:[[^0-9]--[[a-c]--[b]]]x)$"),
            (#"\p{IsBasicLatin}+\P{IsLatin-1Supplement}"#, #"^(?:\p{Block=BasicLatin}+\P{Block=Latin-1Supplement})$"#),
            (#"[a&&b]"#, #"^(?:[a\&\&b])$"#),
            // A block ICU does not know, an unclosed class: not translated.
            (#"\p{IsNoSuchBlock}"#, nil), ("[a-z", nil), ("[a-z-[b]", nil),
        ] as [(String, String?)])
    func patterns(_ pattern: String, _ expected: String?) {
        #expect(XSDPattern.translate(pattern) == expected)
    }

    @Test("Translated subtractions and block escapes match as XML Schema says")
    func patternMatches() throws {
        func matches(_ pattern: String, _ text: String) throws -> Bool {
            let regex = try NSRegularExpression(pattern: try #require(XSDPattern.translate(pattern)))
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        #expect(try matches("[a-z-[aeiou]]+", "xyz"))
        #expect(try !matches("[a-z-[aeiou]]+", "xaz"))
        #expect(try matches(#"\p{IsBasicLatin}+"#, "plain"))
        #expect(try !matches(#"\p{IsBasicLatin}+"#, "café"))
        #expect(try matches(#"\p{IsLatin-1Supplement}"#, "é"))
        #expect(try matches("[a&b]", "&"))
    }
}
