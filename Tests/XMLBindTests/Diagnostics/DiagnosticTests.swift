import Foundation
import Testing

@testable import XMLBind

@Suite("Diagnostics: every error kind as the user reads it")
struct DiagnosticTests {
    final class Beans: Bindable {
        var beans: [Bean] = []
        init() {}
    }
    final class Bean: Bindable {
        var id: String?
        var timeout = 0
        var properties: [Property] = []
        init() {}
    }
    struct Property: Bindable {
        var name: String?
        var value: Int?
        init() {}
    }
    final class Orphan: Bindable {
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.beans),
        mapping(Bean.self, element: "bean").property(\.id).property(\.timeout).children(\.properties),
        mapping(Property.self, element: "property").attribute(\.name).text(\.value, conversion: Int.xmlConversion),
        mapping(Orphan.self, element: "orphan")
    )

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let code: XMLBindError.Code
        let document: String
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "malformed: mismatched tag", code: .malformedXML,
            document: "<beans>\n  <bean id=\"a\">\n  </beans>",
            expected: """
                t.xml:3:5: error: mismatched end tag: expected </bean> to close <bean>, found </beans>
                    3 |   </beans>
                      |     ^
                fix-it: insert '</bean>' at the end of the line <bean> opened on
                t.xml:2:3: note: <bean> opened here
                    2 |   <bean id="a">
                      |   ^
                """),
        Case(
            testDescription: "malformed: unclosed token", code: .malformedXML,
            document: "<beans>\n  <bean id=\"a\"/>\n  <bean id=\"a",
            expected: """
                t.xml:3:3: error: the document ends inside an attribute value of this start tag; expected its \
                closing quote
                    3 |   <bean id="a
                      |   ^
                """),
        Case(
            testDescription: "malformed: junk after document element", code: .malformedXML,
            document: "<beans/>\n<beans/>",
            expected: """
                t.xml:2:1: error: junk after document element
                    2 | <beans/>
                      | ^
                """),
        Case(
            testDescription: "undefined entity in text", code: .undefinedEntity,
            document: "<beans>\n  <bean>&nope;</bean>\n</beans>",
            expected: """
                t.xml:2:9: error: undefined entity
                    2 |   <bean>&nope;</bean>
                      |         ^
                """),
        Case(
            testDescription: "undefined entity in an attribute", code: .undefinedEntity,
            document: "<beans>\n  <bean id=\"&nope;\"/>\n</beans>",
            expected: """
                t.xml:2:3: error: undefined entity
                    2 |   <bean id="&nope;"/>
                      |   ^
                """),
        Case(
            testDescription: "malformed: duplicate attribute", code: .malformedXML,
            document: "<beans>\n  <bean id=\"a\" id=\"b\"/>\n</beans>",
            expected: """
                t.xml:2:16: error: duplicate attribute 'id': an attribute may appear only once in a start tag
                    2 |   <bean id="a" id="b"/>
                      |                ^
                t.xml:2:9: note: first given here
                    2 |   <bean id="a" id="b"/>
                      |         ^
                """),
        Case(
            testDescription: "malformed: empty document", code: .malformedXML,
            document: "",
            expected: "t.xml:1:1: error: no element found: the document is empty"),
        Case(
            testDescription: "malformed: only an XML declaration", code: .malformedXML,
            document: "<?xml version=\"1.0\"?>\n",
            expected: """
                t.xml:2:1: error: no element found: the document has no root element
                    2 |\u{20}
                      | ^
                """),
        Case(
            testDescription: "unknown root element", code: .unknownElement,
            document: "<nope/>",
            expected: """
                t.xml:1:1: error: unknown element <nope> as the root element
                    1 | <nope/>
                      | ^
                """),
        Case(
            testDescription: "unknown nested element", code: .unknownElement,
            document: "<beans>\n  <bean id=\"a\">\n    <nope><bean/></nope>\n  </bean>\n</beans>",
            expected: """
                t.xml:3:5: error: unknown element <nope> inside <bean>
                    3 |     <nope><bean/></nope>
                      |     ^
                """),
        Case(
            testDescription: "element inside a property element", code: .unknownElement,
            document: "<beans>\n  <bean>\n    <timeout><b/>3</timeout>\n  </bean>\n</beans>",
            expected: """
                t.xml:3:14: error: unexpected element <b> inside property element <timeout>, which holds text only
                    3 |     <timeout><b/>3</timeout>
                      |              ^
                """),
        Case(
            testDescription: "unknown attribute: caret under its name", code: .unknownAttribute,
            document: "<beans>\n  <bean id=\"db\" timeout=\"30\"  class=\"Pool\"/>\n</beans>",
            expected: """
                t.xml:2:31: error: unknown attribute 'class' on <bean>
                    2 |   <bean id="db" timeout="30"  class="Pool"/>
                      |                               ^
                """),
        Case(
            testDescription: "attribute on a property element", code: .unknownAttribute,
            document: "<beans>\n  <bean>\n    <timeout unit=\"s\">3</timeout>\n  </bean>\n</beans>",
            expected: """
                t.xml:3:14: error: unexpected attribute 'unit' on property element <timeout> of <bean>, which holds text only
                    3 |     <timeout unit="s">3</timeout>
                      |              ^
                """),
        Case(
            testDescription: "conversion of an attribute: caret under its value", code: .conversionFailed,
            document: "<beans>\n  <bean id=\"db\" timeout=\"fast\" class=\"Pool\"/>\n</beans>",
            expected: """
                t.xml:2:26: error: cannot convert "fast" to Int for property 'timeout' of <bean>: not an integer
                    2 |   <bean id="db" timeout="fast" class="Pool"/>
                      |                          ^
                """),
        Case(
            testDescription: "conversion of an attribute written with spaces and single quotes",
            code: .conversionFailed,
            document: "<beans>\n  <bean\n     timeout = '1e3'/>\n</beans>",
            expected: """
                t.xml:3:17: error: cannot convert "1e3" to Int for property 'timeout' of <bean>: not an integer
                    3 |      timeout = '1e3'/>
                      |                 ^
                """),
        Case(
            testDescription: "conversion of a property element's text", code: .conversionFailed,
            document: "<beans>\n  <bean id=\"db\">\n    <timeout>fast</timeout>\n  </bean>\n</beans>",
            expected: """
                t.xml:3:14: error: cannot convert "fast" to Int for property 'timeout' of <bean>: not an integer
                    3 |     <timeout>fast</timeout>
                      |              ^
                """),
        Case(
            testDescription: "conversion of an element's own text", code: .conversionFailed,
            document: "<beans>\n  <bean id=\"db\">\n    <property name=\"x\">  ten </property>\n  </bean>\n</beans>",
            expected: """
                t.xml:3:26: error: cannot convert "  ten " to Int for property 'value' of <property>: not an integer
                    3 |     <property name="x">  ten </property>
                      |                          ^
                """),
        Case(
            testDescription: "unplaced child", code: .unplacedChild,
            document: "<beans>\n  <orphan/>\n</beans>",
            expected: """
                t.xml:2:3: error: <orphan> cannot be placed in its parent <beans>: none of its child properties ('beans') holds values of type Orphan
                    2 |   <orphan/>
                      |   ^
                """),
        Case(
            testDescription: "unplaced child of a parent without children", code: .unplacedChild,
            document: "<beans><bean><property>1</property></bean><orphan><bean/></orphan></beans>",
            expected: """
                t.xml:1:51: error: <bean> cannot be placed in its parent <orphan>: Orphan declares no children and is not an Ancestor
                    1 | <beans><bean><property>1</property></bean><orphan><bean/></orphan></beans>
                      |                                                   ^
                """),
        Case(
            testDescription: "unexpected root", code: .unexpectedRoot,
            document: "\n  <bean/>",
            expected: """
                t.xml:2:3: error: the root element <bean> binds to Bean, not Beans
                    2 |   <bean/>
                      |   ^
                """),
    ]

    @Test(arguments: cases)
    func printedText(_ test: Case) {
        let error = bindError { _ = try Self.binder.parse(test.document, as: Beans.self, file: "t.xml") }
        // Some documents hold further mistakes, all reported: the case's must be among them, whole.
        let matching = error?.diagnostics.filter { $0.code == test.code } ?? []
        #expect(matching.map(\.description).contains(test.expected), "got: \(matching)")
    }

    @Test func withoutAFileName() {
        let error = bindError { _ = try Self.binder.parse(Data("<beans>\n<x/>".utf8), as: Beans.self) }
        #expect(
            error?.primary.description == """
                <input>:2:1: error: unknown element <x> inside <beans>
                    2 | <x/>
                      | ^
                """)
        #expect(error?.origin == Origin(line: 2, column: 1))
        #expect(error?.sourceLine == "<x/>")
    }

    @Test func aMinifiedLineIsShownAsAWindowAroundTheCaret() throws {
        let document = "<beans>" + String(repeating: "<bean id='x'/>", count: 30) + "<bean timeout='fast'/></beans>"
        let error = try #require(bindError { _ = try Self.binder.parse(document, as: Beans.self, file: "min.xml") })
        #expect(error.origin == Origin(file: "min.xml", line: 1, column: 443))
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "min.xml:1:443: error: cannot convert \"fast\" to Int for property 'timeout' of <bean>: not an integer"
        )
        let shown = try #require(lines[1].split(separator: " | ", maxSplits: 1).last.map(String.init))
        let caret = try #require(lines[2].split(separator: " | ", maxSplits: 1).last.map(String.init))
        #expect(shown.hasPrefix("…"))
        #expect(shown.hasSuffix("<bean timeout='fast'/></beans>"))
        #expect(shown.count < 160)
        // The caret stands under the f of "fast".
        let fast = try #require(shown.range(of: "fast"))
        #expect(
            caret == String(repeating: " ", count: shown.distance(from: shown.startIndex, to: fast.lowerBound)) + "^")
    }

    @Test func errorsAreValues() {
        let made = XMLBindError(
            code: .io, message: "m", origin: Origin(file: "f", line: 2, column: 3), sourceLine: "abc")
        #expect(made.description == "f:2:3: error: m\n    2 | abc\n      |   ^")
        #expect(XMLBindError(code: .io, message: "no origin").description == "error: no origin")
        #expect(XMLBindError.Code.conversionFailed.description == "conversion-failed")
        #expect(XMLBindError.Code.malformedXML != XMLBindError.Code.io)
    }
}
