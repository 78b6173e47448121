import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// The schema written for a mapping with `.mixedText` says its content is mixed (issue 31).
@Suite("XML Schema of mixed content")
struct MixedTextSchemaTests {
    final class Para: Bindable {
        var ems: [Em] = []
        var texts: [String] = []
        init() {}
    }

    final class Em: Bindable {
        var value = ""
        init() {}
    }

    static func schema(mixed: Bool) throws -> String {
        let para = mapping(Para.self, element: "para").children(\.ems)
        let binder = XMLBinder().registeredAtSetup(
            mixed ? para.mixedText(\.texts) : para, mapping(Em.self, element: "em").text(\.value))
        return try XMLSchemaGenerator(binder: binder).schemas()[0].element
    }

    @Test func mixedTextMakesTheContentMixed() throws {
        let mixed = try Self.schema(mixed: true)
        #expect(mixed.components(separatedBy: #" mixed="true""#).count == 2, "\(mixed)")
        #expect(try !Self.schema(mixed: false).contains("mixed="))
    }
}
