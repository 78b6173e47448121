import Foundation
import Testing

@testable import XMLBind

@Suite("Lenient mode: unknown content skipped, real errors kept")
struct LenientModeTests {
    final class Beans: Bindable {
        var beans: [Bean] = []
        init() {}
    }
    final class Bean: Bindable {
        var id = ""
        var timeout = 0
        var beans: [Bean] = []
        init() {}
    }
    final class Orphan: Bindable {
        init() {}
    }

    static let mappings = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.beans),
        mapping(Bean.self, element: "bean").property(\.id).property(\.timeout).children(\.beans),
        mapping(Orphan.self, element: "orphan")
    )

    static let document = """
        <beans version="2" xmlns:x="urn:x">
          <description>Registered elements <bean id="hidden"/> inside unknown ones are skipped.</description>
          <bean id="a" junk="1" x:more="2">
            <x:extension><bean id="deep"/><bean><bean id="deeper"/></bean></x:extension>
            <timeout extra="ignored">5<unknown>7</unknown></timeout>
            <bean id="child"/>
          </bean>
          <orphan><bean id="in-orphan"/></orphan>
          <bean id="b"/>
        </beans>
        """

    @Test func unknownSubtreesAreSkippedWithEverythingInside() throws {
        let beans = try Self.mappings.parse(Self.document, as: Beans.self)
        #expect(beans.beans.map(\.id) == ["a", "b"])
        #expect(beans.beans[0].timeout == 5)
        #expect(beans.beans[0].beans.map(\.id) == ["child"])
        #expect(beans.beans[1].beans.isEmpty)
    }

    @Test func theSameDocumentFailsInStrictMode() {
        var strict = Self.mappings
        strict.options = ParseOptions(mode: .strict)
        let error = bindError { _ = try strict.parse(Self.document, as: Beans.self, file: "b.xml") }
        #expect(
            error?.primary.description == """
                b.xml:1:8: error: unknown attribute 'version' on <beans>
                    1 | <beans version="2" xmlns:x="urn:x">
                      |        ^
                """)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        let expected: String
    }

    static let stillErrors: [Case] = [
        Case(
            testDescription: "malformed XML", document: "<beans><x></beans>",
            expected: """
                <input>:1:13: error: mismatched end tag: expected </x> to close <x>, found </beans>
                    1 | <beans><x></beans>
                      |             ^
                      |           </x>
                <input>:1:8: note: <x> opened here
                    1 | <beans><x></beans>
                      |        ^
                """),
        Case(
            testDescription: "malformed XML inside a skipped subtree", document: "<beans><x><y></x></beans>",
            expected: """
                <input>:1:16: error: mismatched end tag: expected </y> to close <y>, found </x>
                    1 | <beans><x><y></x></beans>
                      |                ^
                      |              </y>
                <input>:1:11: note: <y> opened here
                    1 | <beans><x><y></x></beans>
                      |           ^
                """),
        Case(
            testDescription: "conversion failures", document: "<beans><bean timeout='x'/></beans>",
            expected: """
                <input>:1:23: error: cannot convert "x" to Int for property 'timeout' of <bean>: not an integer
                    1 | <beans><bean timeout='x'/></beans>
                      |                       ^
                """),
    ]

    @Test(arguments: stillErrors)
    func realErrorsAreStillErrors(_ test: Case) {
        let error = bindError { _ = try Self.mappings.parse(test.document, as: Beans.self) }
        #expect(error?.description == test.expected)
    }
}
