import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Fix-its: each kind is offered where its correction is obvious, and applying it gives a
/// document with fewer errors (most often none).
@Suite struct FixItTests {
    enum Scope: String, CaseIterable {
        case singleton, prototype
    }

    final class Beans: Bindable {
        var beans: [Bean] = []
    }

    final class Bean: Bindable {
        var id: String?
        var clazz: String?
        var scope: Scope = .singleton
        var mode: Scope?
        var lazy: String?
        var properties: [Property] = []
    }

    final class Property: Bindable {
        var name: String?
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.beans),
        mapping(Bean.self, element: "bean")
            .attribute(\.id).attribute(\.clazz, xml: "class").attribute(\.scope).element(\.mode).property(\.lazy)
            .children(\.properties),
        mapping(Property.self, element: "property").attribute(\.name))

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var document: String
        var code: XMLBindError.Code
        /// The fix-it's message.
        var message: String
        /// The document with the fix-it applied.
        var fixed: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "an unknown attribute one edit from a known one is renamed",
            document: #"<beans><bean clas="Pool"/></beans>"#, code: .unknownAttribute,
            message: "replace 'clas' with 'class'", fixed: #"<beans><bean class="Pool"/></beans>"#),
        Case(
            testDescription: "an unknown element is renamed in its start and end tags",
            document: "<beans><bean>\n  <propety name='a'>x</propety>\n</bean></beans>", code: .unknownElement,
            message: "replace 'propety' with 'property'",
            fixed: "<beans><bean>\n  <property name='a'>x</property>\n</bean></beans>"),
        Case(
            testDescription: "an empty unknown element has one tag to rename",
            document: "<beans><bena id='a'/></beans>", code: .unknownElement,
            message: "replace 'bena' with 'bean'", fixed: "<beans><bean id='a'/></beans>"),
        Case(
            testDescription: "an unknown element's end tag is found past comments and CDATA that look like it",
            document: "<beans><bean><propety><!-- </propety> --><![CDATA[</propety>]]></propety></bean></beans>",
            code: .unknownElement, message: "replace 'propety' with 'property'",
            fixed: "<beans><bean><property><!-- </propety> --><![CDATA[</propety>]]></property></bean></beans>"),
        Case(
            testDescription: "an enum value in an attribute gets the close case",
            document: #"<beans><bean scope="singelton"/></beans>"#, code: .conversionFailed,
            message: "replace 'singelton' with 'singleton'", fixed: #"<beans><bean scope="singleton"/></beans>"#),
        Case(
            testDescription: "an enum value in element text",
            document: "<beans><bean>\n  <mode>Prototype</mode>\n</bean></beans>", code: .conversionFailed,
            message: "replace 'Prototype' with 'prototype'",
            fixed: "<beans><bean>\n  <mode>prototype</mode>\n</bean></beans>"),
        Case(
            testDescription: "an enum value in a CDATA section stays in it",
            document: "<beans><bean><mode><![CDATA[protoype]]></mode></bean></beans>", code: .conversionFailed,
            message: "replace 'protoype' with 'prototype'",
            fixed: "<beans><bean><mode><![CDATA[prototype]]></mode></bean></beans>"),
        Case(
            testDescription: "a bare & in text", document: "<beans>\n<!-- R&D -->Tom & Jerry</beans>",
            code: .malformedXML, message: "replace '&' with '&amp;'",
            fixed: "<beans>\n<!-- R&D -->Tom &amp; Jerry</beans>"),
        Case(
            testDescription: "a & without its ';' in an attribute value", document: #"<beans><bean id="R&D"/></beans>"#,
            code: .malformedXML, message: "replace '&' with '&amp;'",
            fixed: #"<beans><bean id="R&amp;D"/></beans>"#),
        Case(
            testDescription: "a < in an attribute value", document: #"<beans><bean id="a<b"/></beans>"#,
            code: .malformedXML, message: "replace '<' with '&lt;'", fixed: #"<beans><bean id="a&lt;b"/></beans>"#),
        Case(
            testDescription: "a literal < in text", document: "<beans>1 < 2</beans>", code: .malformedXML,
            message: "replace '<' with '&lt;'", fixed: "<beans>1 &lt; 2</beans>"),
        Case(
            testDescription: "an element left open that the next line's end tag shows",
            document: "<beans>\n  <bean id='a'>  \r\n</beans>", code: .malformedXML,
            message: "insert '</bean>' at the end of the line <bean> opened on",
            fixed: "<beans>\n  <bean id='a'></bean>  \r\n</beans>"),
        Case(
            testDescription: "an element left open before its parent's end tag on the same line",
            document: "<beans><bean>\n<property name='x'></bean></beans>", code: .malformedXML,
            message: "insert '</property>' before '</bean>'",
            fixed: "<beans><bean>\n<property name='x'></property></bean></beans>"),
        Case(
            testDescription: "a misspelt end tag", document: "<beans><bean id='a'></baen></beans>",
            code: .malformedXML, message: "replace 'baen' with 'bean'", fixed: "<beans><bean id='a'></bean></beans>"),
        Case(
            testDescription: "a document that ends early gets its end tags",
            document: "<beans>\n  <bean id='a'>\n", code: .malformedXML,
            message: "insert '</bean></beans>' at the end", fixed: "<beans>\n  <bean id='a'>\n</bean></beans>\n"),
        Case(
            testDescription: "an attribute written twice with the same value",
            document: "<beans><bean id='a'\n      id='a'/></beans>", code: .malformedXML,
            message: "remove the second id='a'", fixed: "<beans><bean id='a'/></beans>"),
        Case(
            testDescription: "a repeated element with the same value goes, with its line",
            document: "<beans><bean>\n  <mode>prototype</mode>\n  <mode>prototype</mode>\r\n</bean></beans>",
            code: .duplicateValue, message: "remove the repeated <mode>",
            fixed: "<beans><bean>\n  <mode>prototype</mode>\n</bean></beans>"),
        Case(
            testDescription: "an element that repeats an attribute's value goes",
            document: "<beans><bean lazy='true'><lazy>true</lazy></bean></beans>", code: .duplicateValue,
            message: "remove the repeated <lazy>", fixed: "<beans><bean lazy='true'></bean></beans>"),
    ]

    func errors(_ document: Data) -> [Diagnostic] {
        do {
            _ = try Self.binder.parse(document, as: Beans.self, file: "beans.xml")
            return []
        } catch let error as XMLBindError {
            return error.errors
        } catch {
            Issue.record("unexpected \(error)")
            return []
        }
    }

    @Test(arguments: cases)
    func theFixItAppliesAndLeavesFewerErrors(_ test: Case) throws {
        let document = Data(test.document.utf8)
        let before = errors(document)
        let diagnostic = try #require(before.first { $0.code == test.code }, "\(before)")
        let fixIt = try #require(diagnostic.fixIts.first, "no fix-it: \(diagnostic)")
        #expect(diagnostic.fixIts.count == 1)
        #expect(fixIt.message == test.message)
        let fixed = try TextEdit.apply(fixIt.edits, to: document)
        #expect(String(decoding: fixed, as: UTF8.self) == test.fixed)
        #expect(errors(fixed).count < before.count, "\(errors(fixed))")
    }

    @Test(arguments: [
        // Two values: which one was meant is the author's call.
        "<beans><bean id='a' id='b'/></beans>",
        "<beans><bean lazy='true'><lazy>false</lazy></bean></beans>",
        // Nothing close to suggest.
        "<beans><bean xyzzy='1'/></beans>",
        // The end tag is two lines below: where the element should end is not obvious.
        "<beans>\n<bean>\n\n</beans>",
        // A prefixed attribute renamed to an unprefixed one would change its namespace.
        "<beans xmlns:x='urn:x'><bean x:clas='a'/></beans>",
    ])
    func noFixItWhereTheCorrectionIsNotObvious(_ document: String) {
        let found = errors(Data(document.utf8))
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.fixIts.isEmpty }, "\(found)")
    }

    @Test func aFixItIsShownUnderTheCaretLikeACompilers() {
        let error = bindError {
            _ = try Self.binder.parse("<beans>\n    <bean clas=\"Foo\"/>\n</beans>", as: Beans.self, file: "beans.xml")
        }
        #expect(
            error?.description == """
                beans.xml:2:11: error: unknown attribute 'clas' on <bean>; did you mean 'class'?
                    2 |     <bean clas="Foo"/>
                      |           ^~~~
                      |           class
                """)
    }

    @Test func wideCharactersBeforeAFixItKeepItUnderItsText() {
        let error = bindError {
            _ = try Self.binder.parse("<beans><bean id=\"中文\" clas=\"Foo\"/></beans>", as: Beans.self, file: "b.xml")
        }
        #expect(
            error?.description == """
                b.xml:1:22: error: unknown attribute 'clas' on <bean>; did you mean 'class'?
                    1 | <beans><bean id="中文" clas="Foo"/></beans>
                      |                        ^~~~
                      |                        class
                """)
    }

    @Test func byteOffsetsAreTheDocumentsOwn() throws {
        let document = "<beans><bean id=\"é\" clas=\"Foo\"/></beans>"
        let error = try #require(bindError { _ = try Self.binder.parse(document, as: Beans.self) })
        let offset = try #require(error.diagnostics.first?.byteOffset)
        #expect(Array(Array(document.utf8)[offset..<(offset + 4)]) == Array("clas".utf8))
        #expect(
            error.diagnostics.first?.fixIts.first?.edits == [
                TextEdit(range: offset..<(offset + 4), replacement: "class")
            ])
    }

    @Test func aTranscodedDocumentHasNoByteOffsetsAndNoFixIts() throws {
        let document = Data(
            "<?xml version='1.0' encoding='ISO-8859-15'?><beans><bean id='\u{E9}' clas='x'/></beans>".utf8)
        let latin = Data(document.map { $0 })
        let error = try #require(bindError { _ = try Self.binder.parse(latin, as: Beans.self) })
        #expect(error.diagnostics.allSatisfy { $0.byteOffset == nil && $0.fixIts.isEmpty }, "\(error)")
    }

    @Test func applyingFixItsRepeatsUntilNothingIsLeft() {
        // Malformed XML stops a parse: the two `&` take a round each, then the binding
        // errors are fixed together.
        let document = Data(
            "<beans>\n  <bean clas='R&D' scope='Singleton'>Tom & Jerry</bean>\n  <bena/>\n</beans>".utf8)
        let report = Self.binder.applyingFixIts(to: document, file: "beans.xml")
        #expect(
            String(decoding: report.document, as: UTF8.self)
                == "<beans>\n  <bean class='R&amp;D' scope='singleton'>Tom &amp; Jerry</bean>\n  <bean/>\n</beans>")
        #expect(report.applied.count == 5)
        #expect(report.remaining.isEmpty)
        #expect(!report.hasErrors)
        #expect(!report.roundsRanOut)
    }

    @Test func theRoundsAreBounded() {
        let document = Data("<beans>\(String(repeating: "a & ", count: 5))</beans>".utf8)
        let report = Self.binder.applyingFixIts(to: document, maximumRounds: 2)
        #expect(report.applied.count == 2)
        #expect(report.roundsRanOut)
        #expect(report.hasErrors)
        #expect(report.remaining.first?.fixIts.isEmpty == false)
    }

    @Test func aFileIsReplacedOnlyWhenSomethingWasFixed() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.xml")
        try Data("<beans><bean clas='a'/></beans>".utf8).write(to: broken)
        let report = try Self.binder.applyFixIts(toFileAt: broken)
        #expect(report.applied.map(\.code) == [XMLBindError.Code.unknownAttribute])
        #expect(try String(contentsOf: broken, encoding: .utf8) == "<beans><bean class='a'/></beans>")
        #expect(report.applied.first?.origin?.file == broken.path)

        let clean = try Self.binder.applyFixIts(toFileAt: broken)
        #expect(clean.applied.isEmpty && clean.remaining.isEmpty)
        #expect(throws: XMLBindError.self) {
            try Self.binder.applyFixIts(toFileAt: folder.appendingPathComponent("missing.xml"))
        }
    }
}
