import Foundation
import Testing
import XMLBind
import XMLBindSchema

/// Malformed and hostile DTDs: each refused with one located error, printed as a user sees it.
@Suite("DTD reader: located errors and hostile input")
struct DTDErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let dtd: String
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            description: "a missing '>'", dtd: "<!ELEMENT a (b, c)\n<!ELEMENT b EMPTY>",
            expected: "t.dtd:2:1: error: expected '>' to end <!ELEMENT a>, found '<!ELEMENT'"),
        Case(
            description: "mixed separators", dtd: "<!ELEMENT a (b, c | d)>",
            expected: "t.dtd:1:19: error: a group cannot mix ',' and '|'; put one of them in parentheses of its own"),
        Case(
            description: "an unclosed group", dtd: "<!ELEMENT a (b, (c | d)>",
            expected: "t.dtd:1:24: error: expected ',', '|' or ')' in the group opened at t.dtd:1:13, found '>'"),
        Case(
            description: "mixed content without '*'", dtd: "<!ELEMENT a (#PCDATA | b)>",
            expected: "t.dtd:1:26: error: mixed content with elements must end with ')*', found '>'"),
        Case(
            description: "an unknown attribute type", dtd: "<!ATTLIST a b STRING #IMPLIED>",
            expected:
                "t.dtd:1:15: error: unknown attribute type 'STRING' for 'b': expected CDATA, ID, IDREF, IDREFS, ENTITY, "
                + "ENTITIES, NMTOKEN, NMTOKENS, NOTATION or an enumeration in parentheses"),
        Case(
            description: "a default outside its enumeration", dtd: "<!ATTLIST a b (x|y) 'z'>",
            expected: "t.dtd:1:22: error: the default 'z' of 'b' is not one of its values"),
        Case(
            description: "an element declared twice", dtd: "<!ELEMENT a EMPTY>\n<!ELEMENT a ANY>",
            expected: "t.dtd:2:1: error: element 'a' is declared twice (first at t.dtd:1:1)"),
        Case(
            description: "an undeclared parameter entity", dtd: "<!ELEMENT a (%missing;)>",
            expected: "t.dtd:1:14: error: the parameter entity '%missing;' is not declared (before this point)"),
        Case(
            description: "an error inside a parameter entity's text",
            dtd: "<!ENTITY % kids 'b,|c'>\n<!ELEMENT a (%kids;)>",
            expected:
                "t.dtd:1:20: error: expected an element name or '(', found '|c'\n"
                + "t.dtd:2:14: note: in parameter entity %kids; used here"),
        Case(
            description: "a hostile name", dtd: "<!ELEMENT a\"); exit(1); (\" EMPTY>",
            expected: "t.dtd:1:12: error: expected whitespace after the element name 'a', found '\");'"),
        Case(
            description: "an unterminated comment", dtd: "<!ELEMENT a EMPTY>\n<!-- no end",
            expected: "t.dtd:2:1: error: the comment is not closed by '-->'"),
        Case(
            description: "an unclosed INCLUDE section", dtd: "<![INCLUDE[ <!ELEMENT a EMPTY>",
            expected: "t.dtd:1:1: error: a conditional section is not closed by ']]>'"),
        Case(
            description: "a stray ']]>'", dtd: "<!ELEMENT a EMPTY> ]]>",
            expected: "t.dtd:1:20: error: ']]>' closes no conditional section"),
        Case(
            description: "a remote external entity",
            dtd: "<!ENTITY % remote SYSTEM 'https://example.com/evil.dtd'>\n%remote;",
            expected:
                "t.dtd:2:1: error: parameter entity '%remote;' names 'https://example.com/evil.dtd', which is not a "
                + "local file: DTDs are read from local files only, nothing is fetched"),
        Case(
            description: "a missing local file", dtd: "<!ENTITY % gone SYSTEM '/nonexistent/gone.dtd'>\n%gone;",
            expected: "t.dtd:2:1: error: parameter entity '%gone;' names '/nonexistent/gone.dtd': no such file"),
        Case(
            description: "a self-reference", dtd: "<!ENTITY % a '%a;'>",
            expected: "t.dtd:1:15: error: the parameter entity '%a;' is not declared (before this point)"),
    ]

    @Test("Malformed DTDs", arguments: cases)
    func malformed(_ testCase: Case) {
        #expect(throws: DTDError.self) { try DTDReader().read(testCase.dtd, file: "t.dtd") }
        do {
            _ = try DTDReader().read(testCase.dtd, file: "t.dtd")
        } catch {
            #expect(error.description == testCase.expected)
        }
    }

    @Test("An entity bomb of parameter entities is refused by the amplification limit")
    func parameterEntityBomb() throws {
        var text = "<!ENTITY % l0 'ha'>\n"
        for level in 1...30 {
            let previous = "%l\(level - 1);"
            text += "<!ENTITY % l\(level) '\(String(repeating: previous, count: 10))'>\n"
        }
        text += "<!ELEMENT a (#PCDATA)>"
        let error = try #require(throws: DTDError.self) { try DTDReader().read(text, file: "bomb.dtd") }
        #expect(
            error.message.contains("refused as an entity bomb") || error.message.contains("nests entity references"))
        #expect(error.origin.file == "bomb.dtd")
    }

    @Test("Amplification is measured, not only nesting")
    func amplification() throws {
        var limits = ParseLimits()
        limits.maximumEntityNesting = 100
        var text = "<!ENTITY % l0 '\(String(repeating: "x", count: 1000))'>\n"
        for level in 1...6 {
            text += "<!ENTITY % l\(level) '\(String(repeating: "%l\(level - 1);", count: 10))'>\n"
        }
        let error = try #require(throws: DTDError.self) { try DTDReader(limits: limits).read(text, file: "bomb.dtd") }
        #expect(error.message.contains("refused as an entity bomb (ParseLimits.maximumAmplification)"))
    }

    @Test("Too many entity declarations, names too long, nesting too deep")
    func limits() throws {
        var limits = ParseLimits()
        limits.maximumEntityDeclarations = 3
        let many = (0..<4).map { "<!ENTITY e\($0) 'x'>" }.joined(separator: "\n")
        let tooMany = try #require(throws: DTDError.self) { try DTDReader(limits: limits).read(many, file: "m.dtd") }
        #expect(tooMany.description == "m.dtd:4:1: error: the DTD declares more than 3 entities")

        limits = ParseLimits()
        limits.maximumNameLength = 8
        let long = try #require(throws: DTDError.self) {
            try DTDReader(limits: limits).read("<!ELEMENT averyveryverylongname EMPTY>", file: "n.dtd")
        }
        #expect(long.description == "n.dtd:1:11: error: an element name is 21 bytes long, more than the limit of 8")

        limits = ParseLimits()
        limits.maximumDepth = 4
        let deep = try #require(throws: DTDError.self) {
            try DTDReader(limits: limits).read("<!ELEMENT a (((((b)))))>", file: "d.dtd")
        }
        #expect(deep.description == "d.dtd:1:17: error: content model groups nest more than 4 deep")
    }

    @Test("Inclusion cycles between files end with a located error")
    func inclusionCycle() throws {
        let folder = try temporaryFolder()
        try Data("<!ENTITY % b SYSTEM 'b.dtd'>\n%b;".utf8).write(to: folder.appendingPathComponent("a.dtd"))
        try Data("<!ELEMENT x EMPTY>\n<!ENTITY % a SYSTEM 'a.dtd'>\n%a;".utf8)
            .write(to: folder.appendingPathComponent("b.dtd"))
        let error = try #require(throws: DTDError.self) {
            try DTDReader().read(contentsOf: folder.appendingPathComponent("a.dtd"))
        }
        #expect(error.message.hasSuffix("which is already being read: an inclusion cycle"))
        #expect(error.origin.file?.hasSuffix("b.dtd") == true)
        #expect(error.origin.line == 3)
        #expect(error.notes.count == 1)
    }

    @Test("A file over the size limit is refused before it is read")
    func sizeLimit() throws {
        var limits = ParseLimits()
        limits.maximumDocumentSize = 64
        let text = String(repeating: "<!-- padding -->\n", count: 10)
        let error = try #require(throws: DTDError.self) { try DTDReader(limits: limits).read(text, file: "big.dtd") }
        #expect(error.description == "big.dtd:1:1: error: the DTD is 170 bytes long, more than the limit of 64")
    }
}
