import Foundation
import Testing

@testable import XMLBind

/// Every problem of a file in one run, rendered as the user reads it.
@Suite("Diagnostics: all errors in one run")
struct CollectedDiagnosticsTests {
    final class Beans: Bindable {
        var beans: [Bean] = []
    }

    final class Bean: Bindable {
        var id: String?
        var clazz: String?
        var lazy = false
        var timeout = 0
        var properties: [Property] = []
    }

    final class Property: Bindable {
        var name: String?
        var ref: String?
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.beans),
        mapping(Bean.self, element: "bean")
            .attribute(\.id).required()
            .attribute(\.clazz, xml: "class")
            .attribute(\.lazy)
            .property(\.timeout)
            .children(\.properties),
        mapping(Property.self, element: "property").attribute(\.name).attribute(\.ref)
    )

    func fixture(_ name: String, _ ext: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/Diagnostics"))
        return try Data(contentsOf: url)
    }

    @Test func fiveMistakesGiveExactlyTheExpectedReport() throws {
        let document = try fixture("five-mistakes", "xml")
        let expected = String(decoding: try fixture("five-mistakes", "txt"), as: UTF8.self)
        #expect {
            _ = try Self.binder.parse(document, as: Beans.self, file: "five-mistakes.xml")
        } throws: { error in
            guard let error = error as? XMLBindError else { return false }
            #expect(error.description + "\n" == expected)
            #expect(error.errors.count == 6)
            #expect(
                error.diagnostics.map(\.code) == [
                    .unknownAttribute, .duplicateValue, .missingValue, .conversionFailed, .unknownElement,
                    .conversionFailed,
                ])
            #expect(error.code == .unknownAttribute)
            #expect(error.origin == Origin(file: "five-mistakes.xml", line: 3, column: 27))
            return true
        }
    }

    @Test func malformedXMLIsReportedAfterWhatWasFoundBeforeIt() {
        let document = """
            <beans>
              <bean id="a" lazy="maybe"/>
              <bean id="b">
            </beans>
            """
        #expect {
            _ = try Self.binder.parse(document, as: Beans.self, file: "m.xml")
        } throws: { error in
            guard let error = error as? XMLBindError else { return false }
            return error.diagnostics.map(\.code) == [.conversionFailed, .malformedXML]
                && error.diagnostics.last?.message
                    == "mismatched end tag: expected </bean> to close <bean>, found </beans>"
        }
    }

    @Test func theNumberOfDiagnosticsIsCappedWithANote() {
        let beans = (1...12).map { "<bean id=\"b\($0)\" lazy=\"no\"/>" }.joined(separator: "\n")
        var binder = Self.binder
        binder.options = ParseOptions(maximumDiagnostics: 10)
        #expect {
            _ = try binder.parse("<beans>\n\(beans)\n</beans>", as: Beans.self, file: "many.xml")
        } throws: { error in
            guard let error = error as? XMLBindError else { return false }
            #expect(error.diagnostics.count == 10)
            #expect(error.omittedCount == 2)
            return error.description.hasSuffix(
                "\nnote: 2 more diagnostics not shown (raise ParseOptions.maximumDiagnostics to see them)")
        }
    }

    @Test func stopsAtFirstErrorWhenAsked() {
        var binder = Self.binder
        binder.options = ParseOptions(stopsAtFirstError: true)
        #expect {
            _ = try binder.parse(#"<beans><bean id="a" lazy="x"/><bean id="b" lazy="y"/></beans>"#, as: Beans.self)
        } throws: { error in
            (error as? XMLBindError)?.diagnostics.count == 1
        }
    }

    @Test func aCleanDocumentStillBinds() throws {
        let beans = try Self.binder.parse(
            #"<beans><bean id="a" class="X" timeout="5"><property name="p" ref="a"/></bean></beans>"#, as: Beans.self)
        #expect(beans.beans.map(\.id) == ["a"])
        #expect(beans.beans.first?.properties.first?.ref == "a")
    }
}
