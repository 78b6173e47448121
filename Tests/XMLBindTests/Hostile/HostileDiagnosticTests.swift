import Foundation
import Testing

@testable import XMLBind

/// Refusals print like every other error: place, message, source line and caret.
@Suite struct HostileDiagnosticTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        var printed: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "depth",
            document: "<r>\n" + String(repeating: "<a>\n", count: 256),
            printed: """
                hostile.xml:257:1: error: <a> is nested 257 elements deep; the limit is 256 (ParseLimits.maximumDepth)
                  257 | <a>
                      | ^
                """),
        Case(
            name: "external entity",
            document: """
                <!DOCTYPE r [
                  <!ENTITY secret SYSTEM "file:///etc/passwd">
                ]>
                <r>&secret;</r>
                """,
            printed: """
                hostile.xml:4:4: error: reference to an external entity (SYSTEM "file:///etc/passwd"); external entities are never loaded
                    4 | <r>&secret;</r>
                      |    ^
                """),
        Case(
            name: "undefined entity from an external DTD",
            document: """
                <!DOCTYPE r SYSTEM "http://example.com/r.dtd">
                <r>
                  <a>&copy;</a>
                </r>
                """,
            printed: """
                hostile.xml:3:6: error: entity 'copy' is not declared in the document; it could only come from the external DTD, which is never read
                    3 |   <a>&copy;</a>
                      |      ^
                """),
        Case(
            name: "entity nesting",
            document: """
                <!DOCTYPE r [
                  <!ENTITY a "&b;"> <!ENTITY b "&c;"> <!ENTITY c "x">
                ]>
                <r>&a;</r>
                """,
            printed: """
                hostile.xml:2:50: error: entity 'a' nests entity references 3 deep; the limit is 2 (ParseLimits.maximumEntityNesting)
                    2 |   <!ENTITY a "&b;"> <!ENTITY b "&c;"> <!ENTITY c "x">
                      |                                                  ^
                """),
        Case(
            name: "attribute count",
            document: "<r>\n  <a x='1' y='2' z='3'/>\n</r>",
            printed: """
                hostile.xml:2:3: error: <a> has 3 attributes (namespace declarations included); the limit is 2 (ParseLimits.maximumAttributes)
                    2 |   <a x='1' y='2' z='3'/>
                      |   ^
                """),
    ]

    static let binder = Hostile.binder(ParseLimits(maximumAttributes: 2, maximumEntityNesting: 2))

    @Test(arguments: cases)
    func printed(_ diagnostic: Case) {
        let binder = diagnostic.name == "depth" ? Hostile.standard : Self.binder
        #expect(Hostile.printed(diagnostic.document, binder: binder) == diagnostic.printed)
    }
}
